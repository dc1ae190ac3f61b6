/**
 * `npm run check:setup`: is this configuration ready to publish to the real platforms? Reads the variables
 * (readVars), runs the same check as Settings → Developer, prints a table per platform with a fix per
 * problem, and exits 1 when there is any problem.
 */
import { checkSetup } from "../workers/setup/check.ts";
import { readVars } from "./config-vars.ts";

const report = checkSetup(readVars());

console.log(`Postline setup check: PLATFORMS_MODE=${report.mode}, APP_ORIGIN=${report.appOrigin}\n`);
console.table(
  report.platforms.map((p) => ({
    platform: p.brand,
    state: p.state === "not_offered" ? "not offered (no credentials)" : p.state,
    "redirect URI to register": p.redirectUri,
    scopes: p.scopes.join(" "),
  })),
);
console.log("\nPlatform API versions:");
console.table([
  ...report.versions.map((v) => ({
    api: v.label,
    version: `${v.version} (${v.source === "setting" ? `${v.setting} setting` : "default"})`,
    "served until": v.servedUntil ?? "no end announced",
    state: v.state,
  })),
  ...report.fixedVersions.map((v) => ({
    api: v.api,
    version: v.version,
    "served until": "no end announced",
    state: "ok",
  })),
]);
for (const v of report.versions.filter((x) => x.state === "warning")) console.log(`! ${v.message}\n    fix: ${v.fix}`);
const problems = [
  ...report.problems,
  ...report.platforms.flatMap((p) => p.problems.map((x) => ({ ...x, problem: `${p.brand}: ${x.problem}` }))),
];
for (const { problem, fix } of problems) console.log(`✗ ${problem}\n    fix: ${fix}`);
console.log(report.ready ? "\n✓ Ready to go live." : `\n${problems.length} problem(s): not ready to go live.`);
process.exitCode = report.ready ? 0 : 1;

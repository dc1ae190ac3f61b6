/**
 * `npm run check:setup`: is this configuration ready to publish to the real platforms? Reads wrangler.toml's
 * [vars], then `.dev.vars`, then the environment (later wins; put deployment secrets in the environment to
 * check them without writing them down), runs the same check as Settings → Developer, prints a table per
 * platform with a fix per problem, and exits 1 when there is any problem.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { unstable_readConfig } from "wrangler";
import { checkSetup } from "../workers/setup/check.ts";
import { root } from "./local-worker.ts";

const config = unstable_readConfig({ config: join(root, "wrangler.toml") }, { hideWarnings: true });
const devVars = join(root, ".dev.vars");
const vars: Record<string, unknown> = {
  ...config.vars,
  ...(existsSync(devVars) ? parseEnv(readFileSync(devVars, "utf8")) : {}),
  ...process.env,
};
const report = checkSetup(vars);

console.log(`Postline setup check: PLATFORMS_MODE=${report.mode}, APP_ORIGIN=${report.appOrigin}\n`);
console.table(
  report.platforms.map((p) => ({
    platform: p.brand,
    state: p.state === "not_offered" ? "not offered (no credentials)" : p.state,
    "redirect URI to register": p.redirectUri,
    scopes: p.scopes.join(" "),
  })),
);
const problems = [
  ...report.problems,
  ...report.platforms.flatMap((p) => p.problems.map((x) => ({ ...x, problem: `${p.brand}: ${x.problem}` }))),
];
for (const { problem, fix } of problems) console.log(`✗ ${problem}\n    fix: ${fix}`);
console.log(report.ready ? "\n✓ Ready to go live." : `\n${problems.length} problem(s): not ready to go live.`);
process.exitCode = report.ready ? 0 : 1;

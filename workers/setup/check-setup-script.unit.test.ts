import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * `npm run check:setup` as a person runs it, with the deployment's variables in the environment. Starting tsx took
 * 40 s once on a loaded 2-core machine, hence the long timeouts.
 */
function checkSetup(vars: Record<string, string>) {
  // The script reads the same (possibly shifted) wall clock as this test (npm run test:dates).
  const clock = ["--import", "./workers/test/wall-clock.node-setup.ts"];
  const run = spawnSync(process.execPath, ["--import", "tsx", ...clock, "scripts/check-setup.ts"], {
    cwd: root,
    env: { ...process.env, ...vars },
    encoding: "utf8",
  });
  return { out: run.stdout + run.stderr, code: run.status };
}

/** The LinkedIn version a year before the month 30 days from now: its end is 2 to 6 weeks away, on any day. */
function endingSoon(): string {
  const d = new Date(Date.now() + 30 * 86_400_000);
  const month = new Date(Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), 1));
  return `${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

describe("npm run check:setup: platform API versions", () => {
  it("prints each version with its end date, and warns in the last 60 days", { timeout: 90_000 }, () => {
    const version = endingSoon();
    const { out } = checkSetup({ LINKEDIN_VERSION: version });
    expect(out).toContain("Platform API versions:");
    expect(out).toMatch(/'Graph API version'\s*│\s*'v\d+\.0 \(default\)'/);
    expect(out).toMatch(
      new RegExp(
        `'LinkedIn-Version'\\s*│\\s*'${version} \\(LINKEDIN_VERSION setting\\)'\\s*│\\s*'\\d{4}-\\d{2}-15'\\s*│\\s*'warning'`,
      ),
    );
    expect(out).toMatch(/'Threads API'\s*│\s*'v1\.0'\s*│\s*'no end announced'/);
    expect(out).toMatch(
      new RegExp(`! LinkedIn-Version ${version} stops being served on \\d{4}-\\d{2}-15 \\(in \\d+ days\\)\\.`),
    );
    expect(out).toContain("fix: Set LINKEDIN_VERSION to a newer version, or remove it to use Postline's default");
  });

  it("a version past its end is a problem that keeps the deployment from being ready", { timeout: 90_000 }, () => {
    const { out, code } = checkSetup({ LINKEDIN_VERSION: "202001" });
    expect(out).toContain(
      "✗ LinkedIn-Version 202001 stopped being served on 2021-01-15: LinkedIn calls fail or are answered by another version.",
    );
    expect(code).toBe(1);
  });
});

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { unstable_readConfig } from "wrangler";
import { root } from "./local-worker.ts";

/**
 * The variables a Worker of this checkout would see, for the going-live scripts: wrangler.toml's [vars],
 * then `.dev.vars`, then the environment (later wins; deployment secrets can be passed in the environment
 * without being written down).
 */
export function readVars(): Record<string, string | undefined> {
  const config = unstable_readConfig({ config: join(root, "wrangler.toml") }, { hideWarnings: true });
  const devVars = join(root, ".dev.vars");
  const fromToml = Object.fromEntries(
    Object.entries(config.vars).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
  );
  return {
    ...fromToml,
    ...(existsSync(devVars) ? parseEnv(readFileSync(devVars, "utf8")) : {}),
    ...process.env,
  };
}

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations, logFile, root, startLocalWorker, workerEnv } from "../scripts/local-worker.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Serves the built Worker (`npm run build` output, as `npm start` does) on a free port with its own
 * fresh local state, and hands the base URL to the journeys.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, "build/server/wrangler.json"))) {
    execFileSync("npm", ["run", "build"], { cwd: root, env: workerEnv, stdio: "inherit" });
  }
  const persistTo = mkdtempSync(join(tmpdir(), "postline-e2e-"));
  applyMigrations(persistTo);
  // Start from an empty test-results/ so the screenshots there belong to this run's failures.
  rmSync(join(root, "test-results"), { recursive: true, force: true });
  mkdirSync(join(root, "test-results"), { recursive: true });
  const worker = await startLocalWorker({ persistTo, logPath: logFile("wrangler-dev.log") });
  project.provide("baseUrl", worker.baseUrl);
  return async () => {
    await worker.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}

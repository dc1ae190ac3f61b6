import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import {
  applyMigrations,
  logFile,
  root,
  startLocalWorker,
  twoShardConfig,
  workerEnv,
} from "../scripts/local-worker.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per vitest worker: a file runs on `baseUrls[VITEST_POOL_ID - 1]` (see e2e/browser.ts). */
    baseUrls: string[];
    /** Freshly migrated local state, never served: a journey with its own server copies it (crash.e2e.ts). */
    migratedState: string;
  }
}

/**
 * Serves the built Worker (`npm run build` output, as `npm start` does) once per vitest worker, each on its
 * own free port with its own fresh local state (D1, R2, queues, and so the emulator's clock and faults): two
 * journeys running side by side never see each other's data, clock or crons (ADR 031). Each server has two D1
 * databases, the directory and a shard every new workspace goes to (ADR 106).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, "build/server/wrangler.json"))) {
    execFileSync("npm", ["run", "build"], { cwd: root, env: workerEnv, stdio: "inherit" });
  }
  // Each server starts from a copy of one migrated state (scripts/local-worker.ts keeps it per set of migrations);
  // `migrated`, the one-database state, is for a journey that serves `npm start`'s layout itself (crash.e2e.ts).
  const migrated = mkdtempSync(join(tmpdir(), "postline-e2e-"));
  applyMigrations(migrated);
  const shards = twoShardConfig();
  const stores = Array.from({ length: project.config.maxWorkers }, () => {
    const copy = mkdtempSync(join(tmpdir(), "postline-e2e-"));
    applyMigrations(copy, shards);
    return copy;
  });
  // Start from a test-results/ without earlier journeys' files, so the screenshots there belong to this run's
  // failures; the bench smoke runs beside the journeys in `npm test` and keeps its bench-* logs there.
  const results = join(root, "test-results");
  mkdirSync(results, { recursive: true });
  for (const name of readdirSync(results).filter((n) => !n.startsWith("bench-")))
    rmSync(join(results, name), { recursive: true, force: true });
  const started = await Promise.allSettled(
    stores.map((persistTo, i) =>
      startLocalWorker({ persistTo, config: shards.config, logPath: logFile(`server-${i + 1}.log`) }),
    ),
  );
  const workers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const teardown = async () => {
    await Promise.all(workers.map((w) => w.stop()));
    for (const dir of [migrated, ...stores]) rmSync(dir, { recursive: true, force: true });
  };
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide(
    "baseUrls",
    workers.map((w) => w.baseUrl),
  );
  project.provide("migratedState", migrated);
  return teardown;
}

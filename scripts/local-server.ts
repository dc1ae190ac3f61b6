/**
 * One local Worker on workerd through Miniflare, run as its own process by `startLocalWorker` (local-worker.ts):
 * the built Worker's config (bindings, Durable Objects, queues, crons, static assets) as wrangler reads it, served
 * on one port with its state under `persistTo`. No `wrangler dev`: its proxy in front of the Worker dropped
 * requests under load and cost a process and a hop per request (ADR 113).
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare, type V4WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

export interface ServerOptions {
  config: string;
  port: number;
  inspectorPort: number;
  persistTo: string;
  vars: Record<string, string>;
}

const options = JSON.parse(process.argv[2]!) as ServerOptions;
const { workerOptions, main } = unstable_getMiniflareWorkerOptions(options.config);
if (!main) throw new Error(`${options.config} names no main module`);
// The build is already bundled (no_bundle): every module under the entry's folder, the entry first.
const dir = dirname(main);
const modules = readdirSync(dir, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.m?js$/.test(f))
  .sort((a, b) => Number(join(dir, b) === main) - Number(join(dir, a) === main))
  .map((f) => ({ type: "ESModule" as const, path: join(dir, f) }));

const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: "127.0.0.1",
    port: options.port,
    inspectorPort: options.inspectorPort,
    // The cron handler on /cdn-cgi/local/scheduled, as `wrangler dev` offers it.
    unsafeTriggerHandlers: true,
    // The layout `wrangler dev --persist-to` and `wrangler d1 migrations apply --persist-to` use.
    resourcePersistencePath: join(options.persistTo, "v3"),
    // No network here: the placeholder `request.cf`, not one fetched from Cloudflare.
    cf: false,
    log: new Log(LogLevel.INFO),
    workers: [
      {
        ...workerOptions,
        name: "postline",
        modulesRules: undefined,
        modules,
        modulesRoot: dir,
        bindings: { ...(workerOptions.bindings as Record<string, unknown>), ...options.vars },
      } as V4WorkerOptions,
    ],
  }),
);
const url = await mf.ready;
console.log(`Ready on ${url.origin}`);

const stop = async () => {
  await mf.dispose();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

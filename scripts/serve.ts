import { join } from "node:path";
import { readVars } from "./config-vars.ts";
import { root, startLocalWorker } from "./local-worker.ts";

/**
 * `npm start`: serves the built app on PORT (default 8787) and, because the local runtime never fires
 * cron triggers by itself, runs the Worker's every-minute cron just as Cloudflare would.
 * PERSIST_TO moves the local D1/R2/queue state (default .wrangler/state).
 */
const port = Number(process.env.PORT ?? 8787);
// Cron and queue work build links (OAuth redirects, the signed media URLs the emulator downloads) from
// APP_ORIGIN, not from a request: unless .dev.vars or the environment names one, it is where we serve.
const origin = { APP_ORIGIN: readVars().APP_ORIGIN ?? `http://localhost:${port}` };
const worker = await startLocalWorker({
  port,
  persistTo: process.env.PERSIST_TO,
  logPath: join(root, ".wrangler", "serve.log"),
  vars: origin,
});
console.log(`Postline is running at http://localhost:${port}  (logs: .wrangler/serve.log; Ctrl+C to stop)`);
console.log(`Dev mailbox: http://localhost:${port}/dev/mailbox`);

const tick = () => worker.tick().catch((err) => console.error(`cron: ${err instanceof Error ? err.message : err}`));
// Align to the start of each minute, like Cloudflare's scheduler.
setTimeout(
  () => {
    void tick();
    setInterval(tick, 60_000);
  },
  60_000 - (Date.now() % 60_000),
);
void tick();

const shutdown = async () => {
  await worker.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
// The server stops with its parent (npm, a shell, a test runner): once we are re-parented, it is gone.
// (A SIGKILL to this process itself is covered by the worker's watchdog.)
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown();
}, 1000).unref();

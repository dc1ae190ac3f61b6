import { logFile } from "../scripts/local-worker.ts";

/** The log of the server `serverUrl()` names (global-setup.ts starts server `n` with this log). */
export const serverLog = (n = Number(process.env.VITEST_POOL_ID ?? 1)) => logFile(`wrangler-dev-${n}.log`);

/**
 * The requests the dev server itself dropped on their way to the Worker: wrangler's proxy logs "Error inside
 * ProxyWorker … <METHOD> <URL> (failed after 1 attempt): Network connection lost." and answers 500 itself when
 * its connection to the Worker's runtime drops (workers-sdk#15451, #15452: on a loaded 2-core machine; it retries
 * GETs, not other methods). Production has no such proxy, so such a 500 is the harness's, not the app's; a journey that
 * needed the request still fails on its next step.
 */
export function droppedByDevServer(log: string): Set<string> {
  const dropped = new Set<string>();
  for (const match of log.matchAll(
    /Error inside ProxyWorker.*?: (\w+) (\S+) \(failed after \d+ attempts?\): Network connection lost/g,
  ))
    dropped.add(match[2]!);
  return dropped;
}

import { describe, expect, it } from "vitest";
import { droppedByDevServer } from "./dev-server";

describe("requests the dev server's proxy dropped", () => {
  it("are read from wrangler's log line, colours and all, and nothing else is", () => {
    const log = [
      "2026-12-05T12:02:50.745Z [wrangler:info] GET /settings.data 200 OK (768ms)",
      "2026-12-05T12:02:59.784Z \x1b[31m✘ \x1b[41;31m[\x1b[41;97mERROR\x1b[41;31m]\x1b[0m \x1b[1mError inside ProxyWorker (the affected request failed; the dev server continues): POST http://127.0.0.1:42947/api/events (failed after 1 attempt): Network connection lost.\x1b[0m",
      "2026-12-05T12:03:01.000Z \x1b[1mError inside ProxyWorker (the affected request failed; the dev server continues): GET http://127.0.0.1:42947/a (failed after 3 attempts): Network connection lost.\x1b[0m",
      "2026-12-05T12:03:02.000Z [wrangler:info] POST /api/posts 500 Internal Server Error (12ms)",
    ].join("\n");
    expect([...droppedByDevServer(log)]).toEqual(["http://127.0.0.1:42947/api/events", "http://127.0.0.1:42947/a"]);
  });
});

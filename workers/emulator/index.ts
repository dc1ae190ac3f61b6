import { Hono } from "hono";
import { openaiEmulator } from "./openai";

/**
 * The platform emulator: a stateful stand-in for the real platform APIs, written from PLATFORMS.md on
 * its own (it shares no code with the clients). Mounted at /sandbox only when PLATFORMS_MODE=sandbox.
 * Each upstream host is a sub-app at /sandbox/<host>, serving that host's real paths.
 */
export function createEmulator() {
  const app = new Hono<{ Bindings: Env }>();
  app.route("/sandbox/api.openai.com", openaiEmulator);
  app.notFound((c) => c.json({ error: { message: `Emulator: no route for ${c.req.method} ${c.req.path}` } }, 404));
  return app;
}

export const emulator = createEmulator();

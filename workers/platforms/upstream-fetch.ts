import { createSandboxFetch } from "./sandbox-fetch";

/** The emulator's fetch; `env` is the Worker's own, which this module (shared with Node scripts) does not name. */
type EmulatorHandler = (request: Request, env: unknown) => Response | Promise<Response>;

let emulatorHandler: EmulatorHandler | null = null;

/** Called once by the Worker entry, the only module that knows the emulator. */
export function registerEmulator<E>(handler: (request: Request, env: E) => Response | Promise<Response>): void {
  emulatorHandler = handler as EmulatorHandler;
}

/**
 * The fetch for server-to-server calls (platform APIs, the AI endpoint): the real one in live mode,
 * the in-process emulator in sandbox mode (which refuses every other host).
 */
export function upstreamFetch(env: unknown, mode: "sandbox" | "live", origin: string): typeof fetch {
  if (mode === "live") return (input, init) => fetch(input, init);
  const handler = emulatorHandler;
  if (!handler) throw new Error("Sandbox mode needs the emulator registered by the Worker entry");
  return createSandboxFetch((request) => handler(request, env), origin);
}

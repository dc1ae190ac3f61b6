import { EMULATED_HOSTS } from "./endpoints";

type Handler = (request: Request) => Promise<Response> | Response;

/**
 * The `fetch` platform clients get in sandbox mode. A call to a real platform host
 * (https://graph.facebook.com/v25.0/me) or to this Worker's own /sandbox pages is answered by
 * the in-process emulator at /sandbox/<host>/<path>; any other host is refused, so nothing
 * can leak to the internet from a sandbox.
 */
export function createSandboxFetch(emulator: Handler, origin: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    let path: string;
    if (url.origin === origin && url.pathname.startsWith("/sandbox/")) path = url.pathname;
    else if (EMULATED_HOSTS.has(url.host)) path = `/sandbox/${url.host}${url.pathname}`;
    else throw new TypeError(`Sandbox mode: refusing to reach ${url.host}`);
    return emulator(new Request(`${origin}${path}${url.search}`, request));
  };
}

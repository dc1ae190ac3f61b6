import { CODE_PATTERN, clickDay, isHumanClick } from "./rules";
import type { LinkStore } from "./store";

export const SHORT_LINK_PREFIX = "/l/";

const notFound = () =>
  new Response("This link does not exist.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * `/l/<code>`: one redirect to the stored destination, never to anything the request says (no open redirect).
 * A person's click is counted after the answer has left (`waitUntil`), so counting never delays the redirect;
 * bots and prefetches are sent on without being counted. `no-store`, so every click comes back to be counted.
 */
export async function serveShortLink(
  request: Request,
  storeOf: (code: string) => Promise<LinkStore>,
  now: () => number,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<Response> {
  const code = new URL(request.url).pathname.slice(SHORT_LINK_PREFIX.length);
  if (!CODE_PATTERN.test(code) || (request.method !== "GET" && request.method !== "HEAD")) return notFound();
  const store = await storeOf(code);
  const link = await store.byCode(code);
  if (!link) return notFound();
  if (isHumanClick(request))
    waitUntil(store.countClick(link.id, clickDay(now())).catch((err) => console.error("click not counted", err)));
  return new Response(null, {
    status: 302,
    headers: { Location: link.destination, "Cache-Control": "private, no-store" },
  });
}

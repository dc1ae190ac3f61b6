import { CODE_PATTERN, clickDay, isHumanClick } from "./rules";
import type { LinkStore } from "./store";

export const SHORT_LINK_PREFIX = "/l/";

type Link = { id: string; destination: string };

/**
 * Short links this isolate answered lately, by code (ADR 105). A link's destination never changes once made, so a
 * link clicked again within `ttlMs` is redirected without a read; a link deleted since (its post was) keeps
 * redirecting for at most that long. Misses are not kept: an unknown code may be minted a moment later.
 */
export class RecentLinks {
  private readonly links = new Map<string, { link: Link; until: number }>();
  constructor(
    private readonly ttlMs = 60_000,
    private readonly max = 1_000,
  ) {}

  get(code: string, now: number): Link | undefined {
    const kept = this.links.get(code);
    if (kept && kept.until > now) return kept.link;
    this.links.delete(code);
    return undefined;
  }

  keep(code: string, link: Link, now: number): void {
    this.links.delete(code);
    // The oldest kept goes first when full (a Map iterates in insertion order).
    if (this.links.size >= this.max) this.links.delete(this.links.keys().next().value!);
    this.links.set(code, { link, until: now + this.ttlMs });
  }
}

const recent = new RecentLinks();

const notFound = () =>
  new Response("This link does not exist.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * `/l/<code>`: one redirect to the stored destination, never to anything the request says (no open redirect).
 * A link this isolate answered lately is redirected without a read (`RecentLinks`). A person's click is counted
 * after the answer has left (`waitUntil`), on the shard the directory names at that moment (a workspace may
 * have moved), so counting never delays the redirect; bots and prefetches are sent on without being counted.
 * `no-store`, so every click comes back to be counted.
 */
export async function serveShortLink(
  request: Request,
  storeOf: (code: string) => Promise<LinkStore>,
  now: () => number,
  waitUntil: (work: Promise<unknown>) => void,
  links: RecentLinks = recent,
): Promise<Response> {
  const code = new URL(request.url).pathname.slice(SHORT_LINK_PREFIX.length);
  if (!CODE_PATTERN.test(code) || (request.method !== "GET" && request.method !== "HEAD")) return notFound();
  let store: LinkStore | undefined;
  let link = links.get(code, now());
  if (!link) {
    store = await storeOf(code);
    link = await store.byCode(code);
    if (!link) return notFound();
    links.keep(code, link, now());
  }
  if (isHumanClick(request)) {
    const { id } = link;
    const day = clickDay(now());
    const count = async () => {
      // From the next turn of the event loop, once the 302 is on its way: started at once, the directory read and
      // the count's write went first, and where the database shares the Worker's thread (workerd locally) the
      // redirect waited for them (bench/RESULTS.md, "Short links", session 23).
      await new Promise((resolve) => setTimeout(resolve, 0));
      await (store ?? (await storeOf(code))).countClick(id, day);
    };
    waitUntil(count().catch((err) => console.error("click not counted", err)));
  }
  return new Response(null, {
    status: 302,
    headers: { Location: link.destination, "Cache-Control": "private, no-store" },
  });
}

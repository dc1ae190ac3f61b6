import { clickDay, isHumanClick } from "../links";
import { postDestination, renderBioPage } from "./rules";
import type { BioStore } from "./store";

export const BIO_PREFIX = "/bio/";

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The public bio pages (ADR 077), answered before any page or API middleware: `/bio/<handle>` (HTML, no script),
 * `/bio/<handle>/go/link-<id>|post-<target>` (one redirect to the stored destination, a person's click counted
 * after the answer leaves, as `/l/` does) and `/bio/<handle>/img/<target>` (a shown post's picture).
 */
export async function serveBio(
  request: Request,
  storeOf: (handle: string) => Promise<BioStore>,
  media: R2Bucket,
  now: () => number,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return text(405, "Method not allowed.");
  const [handle = "", kind, item = ""] = new URL(request.url).pathname.slice(BIO_PREFIX.length).split("/");
  const store = await storeOf(handle.toLowerCase());
  const page = await store.byHandle(handle.toLowerCase());
  if (!page) return text(404, "This page does not exist.");

  if (kind === undefined) {
    const posts = (await store.grid(page.workspaceId)).map((p) => ({ ...p, hasImage: p.imageId !== null }));
    return new Response(renderBioPage({ ...page, posts }), {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=60" },
    });
  }
  if (kind === "img") {
    const image = await store.gridImage(page.workspaceId, item);
    const object = image ? await media.get(image.key) : null;
    if (!image || !object) return text(404, "This picture does not exist.");
    return new Response(object.body, {
      headers: { "Content-Type": image.mimeType, "Cache-Control": "public, max-age=3600" },
    });
  }
  if (kind !== "go") return text(404, "This page does not exist.");
  const destination = await destinationOf(store, page, item);
  if (!destination) return text(404, "This link does not exist.");
  if (isHumanClick(request))
    waitUntil(
      store
        .countClick(page.workspaceId, item, clickDay(now()))
        .catch((err) => console.error("bio click not counted", err)),
    );
  return new Response(null, { status: 302, headers: { Location: destination, "Cache-Control": "private, no-store" } });
}

/** Only what the page shows: one of its links, or one of the posts in its grid. */
async function destinationOf(
  store: BioStore,
  page: { workspaceId: string; links: Array<{ id: string; url: string }> },
  item: string,
): Promise<string | null> {
  if (item.startsWith("link-")) return page.links.find((l) => `link-${l.id}` === item)?.url ?? null;
  if (!item.startsWith("post-")) return null;
  const post = (await store.grid(page.workspaceId)).find((p) => `post-${p.targetId}` === item);
  return post ? postDestination(post) : null;
}

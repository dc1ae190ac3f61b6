/**
 * A link card (app.bsky.embed.external) for the first link of a post without images. Bluesky's servers make no
 * cards: the client reads the page's Open Graph tags (or its <title>) as the Bluesky app does. A card is
 * decoration, so any failure to read the page means a post without one, never a failed post.
 */

export interface LinkCard {
  uri: string;
  title: string;
  description: string;
  /** og:image, absolute; the caller uploads it as the thumb when it fits. */
  image: string | null;
}

/** Enough of a page to reach its <head>. */
const MAX_HTML_BYTES = 256 * 1024;
const TIMEOUT_MS = 5_000;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };
const decode = (s: string) =>
  s
    .replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, e: string) => ENTITIES[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();

function meta(html: string, names: string[]): string | null {
  for (const name of names) {
    const tag = new RegExp(`<meta[^>]+(?:property|name)=["']${name}["'][^>]*>`, "i").exec(html)?.[0];
    const content = tag && /content=["']([^"']*)["']/i.exec(tag)?.[1];
    if (content) return decode(content);
  }
  return null;
}

/** The card of a page's HTML; null when it names nothing to show. */
export function cardFromHtml(uri: string, html: string): LinkCard | null {
  const title =
    meta(html, ["og:title", "twitter:title"]) ?? decode(/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? "");
  if (!title) return null;
  const image = meta(html, ["og:image", "twitter:image"]);
  return {
    uri,
    title,
    description: meta(html, ["og:description", "twitter:description", "description"]) ?? "",
    image: image && URL.canParse(image, uri) ? new URL(image, uri).toString() : null,
  };
}

export async function fetchCard(fetchFn: typeof fetch, uri: string): Promise<LinkCard | null> {
  try {
    const res = await fetchFn(uri, { headers: { Accept: "text/html" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok || !(res.headers.get("Content-Type") ?? "").includes("text/html") || !res.body) return null;
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    while (size < MAX_HTML_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
    await reader.cancel().catch(() => {});
    return cardFromHtml(
      uri,
      new TextDecoder().decode(await new Blob(chunks as Uint8Array<ArrayBuffer>[]).arrayBuffer()),
    );
  } catch {
    return null;
  }
}

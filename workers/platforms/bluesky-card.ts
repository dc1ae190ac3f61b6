/**
 * A link card (app.bsky.embed.external) for the first link of a post without images. Bluesky's servers make no
 * cards: the client reads the page's Open Graph tags (or its <title>) as the Bluesky app does. A card is
 * decoration, so any failure to read the page means a post without one, never a failed post.
 */

import { findFacets } from "./bluesky-facets";

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

/** app.bsky.embed.external thumb: maxSize 1,000,000. */
const MAX_THUMB_BYTES = 1_000_000;

/**
 * The embed of the text's first link, with the page's image as the thumb when it is an image within the lexicon's
 * 1,000,000 bytes (`upload` stores it as a blob). Whatever fails, the post goes without a card (or a thumb).
 */
export async function cardEmbed(
  fetcher: typeof fetch,
  text: string,
  upload: (bytes: Uint8Array<ArrayBuffer>, type: string) => Promise<unknown>,
) {
  const link = findFacets(text).find((f) => f.kind === "link");
  const card = link?.kind === "link" ? await fetchCard(fetcher, link.uri) : null;
  if (!card) return null;
  const external = { uri: card.uri, title: card.title, description: card.description };
  const embed = (thumb?: unknown) => ({
    $type: "app.bsky.embed.external",
    external: thumb ? { ...external, thumb } : external,
  });
  if (!card.image) return embed();
  try {
    const res = await fetcher(card.image, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const type = res.headers.get("Content-Type") ?? "";
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (!res.ok || !type.startsWith("image/") || bytes.length > MAX_THUMB_BYTES) return embed();
    return embed(await upload(bytes, type));
  } catch {
    return embed();
  }
}

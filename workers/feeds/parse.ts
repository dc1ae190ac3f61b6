import { parseFeed } from "feedsmith";

/** One item of any feed format, reduced to what a post is made of. */
export interface FeedItem {
  guid: string | null;
  link: string | null;
  title: string;
  /** Plain text: the item's summary with its markup removed. */
  summary: string;
  image: string | null;
  /** Epoch ms, or null when the feed gives no date. */
  publishedAt: number | null;
}

export interface ParsedFeed {
  format: "rss" | "atom" | "json" | "rdf";
  title: string | null;
  items: FeedItem[];
}

/** The named entities HTML summaries use most (WordPress ends excerpts with `[&hellip;]`). */
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

/** Text of an HTML fragment: tags dropped, common entities decoded, whitespace collapsed. */
export function plainText(html: string | undefined | null): string {
  return (html ?? "")
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
      if (e[0] === "#") {
        const code = e[1]?.toLowerCase() === "x" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

const httpUrl = (value: string | undefined | null): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
};

const time = (value: unknown): number | null => {
  if (typeof value !== "string" || !value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
};

type Media = {
  contents?: Array<{ url?: string; medium?: string; type?: string }>;
  thumbnails?: Array<{ url?: string }>;
  group?: Media;
};

/** The item's picture: an image enclosure, Media RSS content or thumbnail. */
function mediaImage(media: Media | undefined, enclosures: Array<{ url?: string; type?: string }> = []) {
  const isImage = (m: { medium?: string; type?: string }) => m.medium === "image" || !!m.type?.startsWith("image/");
  return httpUrl(
    enclosures.find(isImage)?.url ??
      media?.contents?.find(isImage)?.url ??
      media?.group?.contents?.find(isImage)?.url ??
      media?.thumbnails?.[0]?.url ??
      media?.group?.thumbnails?.[0]?.url,
  );
}

/**
 * RSS 2.0, RSS 1.0 (RDF), Atom and JSON Feed, read by feedsmith (a maintained, lenient parser that runs
 * anywhere JavaScript does); anything else throws with the parser's reason.
 */
export function parseAnyFeed(body: string): ParsedFeed {
  const parsed = parseFeed(body);
  switch (parsed.format) {
    case "rss":
    case "rdf": {
      const feed = parsed.feed;
      return {
        format: parsed.format,
        title: plainText(feed.title) || null,
        items: (feed.items ?? []).map((i) => {
          const item = i as typeof i & { guid?: { value?: string } | string; enclosures?: []; pubDate?: string };
          const guid = typeof item.guid === "string" ? item.guid : item.guid?.value;
          return {
            guid: guid?.trim() || null,
            link: httpUrl(item.link),
            title: plainText(item.title),
            summary: plainText(item.description ?? item.content?.encoded),
            image: mediaImage(item.media as Media | undefined, item.enclosures),
            publishedAt: time(item.pubDate ?? item.dc?.dates?.[0]),
          };
        }),
      };
    }
    case "atom": {
      const feed = parsed.feed;
      return {
        format: "atom",
        title: plainText(feed.title?.value) || null,
        items: (feed.entries ?? []).map((e) => {
          const alternate = e.links?.find((l) => !l.rel || l.rel === "alternate") ?? e.links?.[0];
          const enclosures = (e.links ?? [])
            .filter((l) => l.rel === "enclosure")
            .map((l) => ({ url: l.href, type: l.type }));
          return {
            guid: e.id?.trim() || null,
            link: httpUrl(alternate?.href),
            title: plainText(e.title?.value),
            summary: plainText(e.summary?.value ?? e.content?.value),
            image: mediaImage(e.media as Media | undefined, enclosures),
            publishedAt: time(e.published ?? e.updated),
          };
        }),
      };
    }
    case "json": {
      const feed = parsed.feed;
      return {
        format: "json",
        title: feed.title?.trim() || null,
        items: (feed.items ?? []).map((i) => ({
          guid: i.id ? String(i.id).trim() : null,
          link: httpUrl(i.url ?? i.external_url),
          title: plainText(i.title),
          summary: i.summary?.trim() || plainText(i.content_text ?? i.content_html),
          image: httpUrl(i.image ?? i.banner_image),
          publishedAt: time(i.date_published ?? i.date_modified),
        })),
      };
    }
  }
}

const META = /<meta\b[^>]*>/gi;
const attr = (tag: string, name: string) =>
  tag
    .match(new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i"))
    ?.slice(1)
    .find((v) => v !== undefined);
/** Open Graph first (ogp.me), then the Twitter card's image: the tags link previews read. */
const IMAGE_TAGS = ["og:image:secure_url", "og:image:url", "og:image", "twitter:image", "twitter:image:src"];

/**
 * The picture a page names for link previews: its `og:image` (or `twitter:image`) meta tag, resolved against the
 * page's URL; only from the page's `<head>` part, as previewers read it. Null when it names none.
 */
export function pageImage(html: string, pageUrl: string): string | null {
  const end = html.search(/<\/head>/i);
  const head = end === -1 ? html : html.slice(0, end);
  const found = new Map<string, string>();
  for (const [tag] of head.matchAll(META)) {
    const key = (attr(tag, "property") ?? attr(tag, "name"))?.toLowerCase();
    const content = attr(tag, "content");
    if (key && content && IMAGE_TAGS.includes(key) && !found.has(key)) found.set(key, plainText(content));
  }
  for (const key of IMAGE_TAGS) {
    const value = found.get(key);
    if (value && URL.canParse(value, pageUrl)) return httpUrl(new URL(value, pageUrl).toString());
  }
  return null;
}

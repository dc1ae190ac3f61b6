import { Hono } from "hono";
import { z } from "zod";
import type { EmuContext, EmuEnv } from "./context";
import { createObject, findObjects } from "./objects";

/**
 * A blog host for the sandbox, `feeds.example`: every name is a feed with the same items in three formats,
 * written from their specifications: RSS 2.0 (`/<name>.xml`, rssboard.org), Atom 1.0 (`/<name>.atom`, RFC 4287)
 * and JSON Feed 1.1 (`/<name>.json`, jsonfeed.org). Like a real server it sends `ETag` and `Last-Modified` and
 * answers a conditional GET that matches with 304. `POST /<name>/items` publishes an article; a feed is seeded
 * with three on its first read. `/broken.xml` is an HTML page, `/missing.*` a 404. An article may carry a picture
 * (`image: "enclosure"`): an RSS `<enclosure>`, an Atom `rel="enclosure"` link and JSON Feed's `image`; or only on
 * its page (`image: "page"`), whose `og:image` meta tag names it (ogp.me), as most blogs do. Each article has its
 * page at its link, and its picture at `/<name>/images/<id>.png`.
 */
const HOST = "feeds.example";
const BASE = `https://${HOST}`;

interface Article {
  id: string;
  title: string;
  link: string;
  summary: string;
  image?: "enclosure" | "page";
  published: number;
}

/** A real 120×63 PNG (one colour): what an article's picture is. */
const PICTURE = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAHgAAAA/CAIAAACkW5tRAAAAbUlEQVR42u3QQQkAAAgEsHtZ2ay2sYUgDJZgmS4ORIFo0YgWLdqCaNGIFi3agmjRiBYtGtGiES1aNKJFI1q0aESLRrRo0YgWjWjRohEtGtGiRSNaNKJFi0a0aESLFo1o0YgWLRrRohEtWjSi31u6hXX6Co5ruQAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);
const pictureOf = (a: Pick<Article, "id">) => `${BASE}/${a.id.replace(/-[0-9a-f]{8}$/, "")}/images/${a.id}.png`;

const articleSchema = z.object({
  title: z.string().min(1, "title is required").max(300),
  summary: z.string().max(5000).default(""),
  link: z.string().url().optional(),
  image: z.enum(["enclosure", "page"]).optional(),
});

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

async function articles(c: EmuContext, name: string): Promise<Article[]> {
  const db = c.var.db;
  const read = () => findObjects(db, "feeds", "article", { owner: name });
  let rows = await read();
  if (rows.length === 0) {
    const day = 86_400_000;
    for (const [i, title] of ["Spring menu is here", "Opening hours for the holidays", "Meet our new baker"].entries())
      await publish(c, name, { title, summary: `${title}: the full story on our blog.` }, c.var.now - (3 - i) * day);
    rows = await read();
  }
  return rows.map((r) => ({ ...(r.data as Omit<Article, "published">), published: r.createdAt }));
}

async function publish(c: EmuContext, name: string, input: z.output<typeof articleSchema>, at: number) {
  const id = `${name}-${crypto.randomUUID().slice(0, 8)}`;
  const article = {
    id,
    title: input.title,
    summary: input.summary,
    link: input.link ?? `${BASE}/${name}/${id}`,
    ...(input.image ? { image: input.image } : {}),
  };
  await createObject(c.var.db, {
    id: `feed-article-${id}`,
    platform: "feeds",
    kind: "article",
    owner: name,
    data: article,
    createdAt: at,
  });
  return { ...article, published: at };
}

function rss(name: string, items: Article[]) {
  const entries = items.map(
    (a) =>
      `<item><title>${esc(a.title)}</title><link>${esc(a.link)}</link><guid isPermaLink="false">${esc(a.id)}</guid><description>${esc(`<p>${a.summary}</p>`)}</description><pubDate>${new Date(a.published).toUTCString()}</pubDate>${a.image === "enclosure" ? `<enclosure url="${esc(pictureOf(a))}" length="${PICTURE.length}" type="image/png"/>` : ""}</item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${esc(name)} blog</title><link>${BASE}/${name}</link><description>Articles from ${esc(name)}</description>${entries.join("")}</channel></rss>`;
}

function atom(name: string, items: Article[]) {
  const updated = new Date(items[0]?.published ?? 0).toISOString();
  const entries = items.map(
    (a) =>
      `<entry><title>${esc(a.title)}</title><id>urn:feeds-example:${esc(a.id)}</id><link rel="alternate" href="${esc(a.link)}"/><updated>${new Date(a.published).toISOString()}</updated><summary>${esc(a.summary)}</summary>${a.image === "enclosure" ? `<link rel="enclosure" type="image/png" length="${PICTURE.length}" href="${esc(pictureOf(a))}"/>` : ""}</entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>${esc(name)} blog</title><id>urn:feeds-example:${esc(name)}</id><updated>${updated}</updated><link rel="self" href="${BASE}/${esc(name)}.atom"/>${entries.join("")}</feed>`;
}

function jsonFeed(name: string, items: Article[]) {
  return JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: `${name} blog`,
    home_page_url: `${BASE}/${name}`,
    feed_url: `${BASE}/${name}.json`,
    items: items.map((a) => ({
      id: a.id,
      url: a.link,
      title: a.title,
      content_text: a.summary,
      date_published: new Date(a.published).toISOString(),
      ...(a.image === "enclosure" ? { image: pictureOf(a) } : {}),
    })),
  });
}

const FORMATS = {
  xml: { type: "application/rss+xml; charset=utf-8", render: rss },
  atom: { type: "application/atom+xml; charset=utf-8", render: atom },
  json: { type: "application/feed+json; charset=utf-8", render: jsonFeed },
} as const;

export const feedsHost = new Hono<EmuEnv>()
  .post("/:name/items", async (c) => {
    const parsed = articleSchema.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) return c.json({ error: parsed.error.issues[0]!.message }, 400);
    const name = c.req.param("name");
    await articles(c, name);
    return c.json(await publish(c, name, parsed.data, c.var.now), 201);
  })
  .get("/:name/images/:file", (c) => {
    // Names are `<blog>-<8 hex>`; a picture is served for any such name, as a CDN would for a known path.
    if (!/^[\w-]+-[0-9a-f]{8}\.png$/.test(c.req.param("file"))) return c.text("Not Found", 404);
    return c.body(PICTURE, 200, { "Content-Type": "image/png", "Content-Length": String(PICTURE.length) });
  })
  .get("/:name/:id", async (c) => {
    const article = (await articles(c, c.req.param("name"))).find((a) => a.id === c.req.param("id"));
    if (!article) return c.text("Not Found", 404);
    const og = article.image
      ? `<meta property="og:image" content="${esc(pictureOf(article))}"><meta property="og:image:type" content="image/png">`
      : "";
    return c.html(
      `<!doctype html><html><head><meta charset="utf-8"><title>${esc(article.title)}</title><meta property="og:title" content="${esc(article.title)}">${og}</head><body><h1>${esc(article.title)}</h1><p>${esc(article.summary)}</p></body></html>`,
    );
  })
  .get("/:file", async (c) => {
    const [name, ext] = c.req.param("file").split(/\.(?=[^.]+$)/) as [string, string | undefined];
    const format = FORMATS[ext as keyof typeof FORMATS];
    if (!format || name === "missing") return c.text("Not Found", 404);
    if (name === "broken") return c.html("<!doctype html><html><body><h1>Our blog moved</h1></body></html>");
    const items = await articles(c, name);
    const latest = items[0]?.published ?? 0;
    const etag = `"${name}-${items.length}-${latest}"`;
    const lastModified = new Date(Math.floor(latest / 1000) * 1000).toUTCString();
    const since = Date.parse(c.req.header("If-Modified-Since") ?? "");
    const unchanged =
      c.req.header("If-None-Match") !== undefined
        ? c.req.header("If-None-Match") === etag
        : !Number.isNaN(since) && since >= Math.floor(latest / 1000) * 1000;
    const headers = { ETag: etag, "Last-Modified": lastModified };
    if (unchanged) return c.body(null, 304, headers);
    return c.body(format.render(name, items), 200, { ...headers, "Content-Type": format.type });
  });

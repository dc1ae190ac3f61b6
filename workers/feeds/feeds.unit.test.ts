import { describe, expect, it } from "vitest";
import { FeedProblem, fetchFeed } from "./fetch";
import { pageImage, parseAnyFeed, plainText } from "./parse";
import { FeedMessages, feedUrlProblem, itemKeys, nextCheckAt, pickItems, renderTemplate } from "./rules";

// Samples written the way common publishers write them: WordPress RSS with CDATA and content:encoded, a
// Media RSS picture, Blogger-style Atom with several links, JSON Feed 1.1, and an RSS 1.0 (RDF) feed.
const WORDPRESS_RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
  <title>Corner Bakery &#8211; News</title>
  <link>https://cornerbakery.com</link>
  <description>Fresh every morning</description>
  <item>
    <title>Rye &amp; caraway is back</title>
    <link>https://cornerbakery.com/2026/03/rye/</link>
    <dc:creator><![CDATA[Ana]]></dc:creator>
    <pubDate>Tue, 03 Mar 2026 07:00:00 +0000</pubDate>
    <guid isPermaLink="false">https://cornerbakery.com/?p=412</guid>
    <description><![CDATA[<p>Our <strong>rye</strong> loaf returns&nbsp;this week.</p> [&hellip;]]]></description>
    <content:encoded><![CDATA[<p>Long story…</p>]]></content:encoded>
    <media:content url="https://cdn.cornerbakery.com/rye.jpg" medium="image" />
  </item>
  <item>
    <title>Closed on Monday</title>
    <link>https://cornerbakery.com/2026/03/closed/</link>
    <pubDate>Mon, 02 Mar 2026 07:00:00 +0000</pubDate>
    <guid>https://cornerbakery.com/?p=410</guid>
    <description>We rest.</description>
    <enclosure url="https://cdn.cornerbakery.com/sign.png" length="1200" type="image/png" />
  </item>
</channel>
</rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Dev notes</title>
  <id>tag:notes.dev,2026:feed</id>
  <updated>2026-03-04T10:00:00Z</updated>
  <entry>
    <title type="html">Shipping &lt;em&gt;faster&lt;/em&gt;</title>
    <id>tag:notes.dev,2026:post-7</id>
    <link rel="replies" href="https://notes.dev/post-7#comments"/>
    <link rel="alternate" type="text/html" href="https://notes.dev/post-7"/>
    <published>2026-03-04T09:00:00Z</published>
    <updated>2026-03-04T10:00:00Z</updated>
    <content type="html">&lt;p&gt;What we changed.&lt;/p&gt;</content>
  </entry>
</feed>`;

const JSON_FEED = JSON.stringify({
  version: "https://jsonfeed.org/version/1.1",
  title: "Micro blog",
  items: [
    {
      id: "https://micro.blog/p/99",
      url: "https://micro.blog/p/99",
      content_html: "<p>Short &amp; sweet</p>",
      image: "https://micro.blog/p/99.jpg",
      date_published: "2026-03-05T08:00:00+01:00",
    },
  ],
});

const RDF = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
  <channel rdf:about="https://old.example.org/"><title>Old site</title><link>https://old.example.org/</link><description>d</description></channel>
  <item rdf:about="https://old.example.org/a"><title>Article A</title><link>https://old.example.org/a</link><description>About A</description></item>
</rdf:RDF>`;

describe("parsing feeds", () => {
  it("reads RSS 2.0 as publishers write it: CDATA, entities, Media RSS and enclosure pictures", () => {
    const feed = parseAnyFeed(WORDPRESS_RSS);
    expect(feed.format).toBe("rss");
    expect(feed.title).toBe("Corner Bakery – News");
    expect(feed.items[0]).toEqual({
      guid: "https://cornerbakery.com/?p=412",
      link: "https://cornerbakery.com/2026/03/rye/",
      title: "Rye & caraway is back",
      summary: "Our rye loaf returns this week. […]",
      image: "https://cdn.cornerbakery.com/rye.jpg",
      publishedAt: Date.UTC(2026, 2, 3, 7),
    });
    expect(feed.items[1]!.image).toBe("https://cdn.cornerbakery.com/sign.png");
  });

  it("reads Atom: the alternate link, the HTML title as text, the content when there is no summary", () => {
    const [entry] = parseAnyFeed(ATOM).items;
    expect(entry).toEqual({
      guid: "tag:notes.dev,2026:post-7",
      link: "https://notes.dev/post-7",
      title: "Shipping faster",
      summary: "What we changed.",
      image: null,
      publishedAt: Date.UTC(2026, 2, 4, 9),
    });
  });

  it("reads JSON Feed 1.1 and RSS 1.0", () => {
    expect(parseAnyFeed(JSON_FEED).items[0]).toEqual({
      guid: "https://micro.blog/p/99",
      link: "https://micro.blog/p/99",
      title: "",
      summary: "Short & sweet",
      image: "https://micro.blog/p/99.jpg",
      publishedAt: Date.UTC(2026, 2, 5, 7),
    });
    const rdf = parseAnyFeed(RDF);
    expect([rdf.format, rdf.items[0]!.link, rdf.items[0]!.title]).toEqual([
      "rdf",
      "https://old.example.org/a",
      "Article A",
    ]);
  });

  it("refuses what is not a feed", () => {
    expect(() => parseAnyFeed("<!doctype html><html><body>Moved</body></html>")).toThrow();
    expect(() => parseAnyFeed("")).toThrow();
  });

  it("turns markup into text", () => {
    expect(plainText("<p>A&amp;B&#39;s <script>x()</script>caf&#xE9;</p>")).toBe("A&B's café");
  });
});

describe("feed URLs", () => {
  it("are https on a public host, unless configuration lets a host through", () => {
    expect(feedUrlProblem("https://blog.example.com/feed")).toBeNull();
    expect(feedUrlProblem("http://blog.example.com/feed")).toBe(FeedMessages.notHttps);
    for (const url of [
      "https://localhost/feed",
      "https://127.0.0.1/feed",
      "https://10.1.2.3/feed",
      "https://172.16.0.1/feed",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/feed",
      "https://printer.local/feed",
      "https://router/feed",
      "https://feeds.example/a.xml",
    ])
      expect(feedUrlProblem(url), url).toBe(FeedMessages.notPublic);
    expect(feedUrlProblem("https://feeds.example/a.xml", new Set(["feeds.example"]))).toBeNull();
    expect(feedUrlProblem("https://user:pw@blog.example.com/")).toBe(FeedMessages.invalid);
  });
});

describe("items and posts", () => {
  it("an item is known by its GUID within its feed and by its link", () => {
    expect(itemKeys("https://a.com/feed", { guid: "42", link: "https://a.com/p", title: "T" })).toEqual([
      "guid:https://a.com/feed 42",
      "link:https://a.com/p",
    ]);
    expect(itemKeys("https://a.com/feed", { guid: null, link: null, title: "T" })).toEqual([
      "title:https://a.com/feed T",
    ]);
  });

  it("the template fills title, link and a summary cut at a word", () => {
    const item = { title: "New rye", link: "https://b.com/rye", summary: `${"word ".repeat(60)}end` };
    const text = renderTemplate("{title}\n\n\n\n{summary}\n{link}", item);
    expect(text.startsWith("New rye\n\nword word")).toBe(true);
    expect(text.endsWith("…\nhttps://b.com/rye")).toBe(true);
    expect(renderTemplate("{title} {link}", { ...item, link: null })).toBe("New rye");
  });

  it("a first check posts the newest three, oldest first; later checks post at most five, oldest first", () => {
    const items = [5, 1, 4, 2, 3, 6].map((n) => ({ n, publishedAt: n * 1000 }));
    const first = pickItems(items, true);
    expect(first.post.map((i) => i.n)).toEqual([4, 5, 6]);
    expect(first.skip.map((i) => i.n).sort()).toEqual([1, 2, 3]);
    const later = pickItems(items, false);
    expect(later.post.map((i) => i.n)).toEqual([1, 2, 3, 4, 5]);
    expect(later.skip).toEqual([]);
  });

  it("checks every 15 minutes, backing off after failures up to 6 hours", () => {
    expect(nextCheckAt(0, 0)).toBe(15 * 60_000);
    expect(nextCheckAt(0, 2)).toBe(60 * 60_000);
    expect(nextCheckAt(0, 30)).toBe(6 * 60 * 60_000);
  });
});

describe("fetching a feed", () => {
  const io = (handler: (req: Request) => Response | Promise<Response>) => ({
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init))) as typeof fetch,
    allowedHosts: new Set<string>(),
  });
  const none = { etag: null, lastModified: null };

  it("sends the validators it was given and reads 304 as unchanged", async () => {
    let seen: Headers | null = null;
    const answer = await fetchFeed(
      io((req) => {
        seen = req.headers;
        return new Response(null, { status: 304 });
      }),
      "https://blog.example.com/feed",
      { etag: '"v1"', lastModified: "Tue, 03 Mar 2026 07:00:00 GMT" },
    );
    expect(answer).toEqual({ changed: false });
    expect(seen!.get("If-None-Match")).toBe('"v1"');
    expect(seen!.get("If-Modified-Since")).toBe("Tue, 03 Mar 2026 07:00:00 GMT");
  });

  it("holds every redirect to the same rules", async () => {
    const moved = io(() => new Response(null, { status: 301, headers: { Location: "https://127.0.0.1/admin" } }));
    await expect(fetchFeed(moved, "https://blog.example.com/feed", none)).rejects.toThrow(
      `The feed redirects to a URL that is refused: ${FeedMessages.notPublic}`,
    );
  });

  it("says when the feed is slow, too large or unreachable", async () => {
    const slow = io(() => {
      throw new DOMException("The operation timed out.", "TimeoutError");
    });
    await expect(fetchFeed(slow, "https://blog.example.com/feed", none)).rejects.toThrow(
      "The feed did not answer within 10 seconds.",
    );
    const huge = io(() => new Response("x", { headers: { "Content-Length": String(3 * 1024 * 1024) } }));
    await expect(fetchFeed(huge, "https://blog.example.com/feed", none)).rejects.toThrow(
      "The feed is larger than 2 MB.",
    );
    const down = io(() => {
      throw new TypeError("Network connection lost");
    });
    await expect(fetchFeed(down, "https://blog.example.com/feed", none)).rejects.toBeInstanceOf(FeedProblem);
  });
});

describe("a page's picture for link previews", () => {
  const page = (head: string) => `<!doctype html><html><head>${head}</head><body><img src="/body.png"></body></html>`;
  it("reads og:image in either attribute order and quoting, resolved against the page", () => {
    expect(
      pageImage(
        page(`<meta content="/img/cover.jpg?w=1200&amp;h=630" property="og:image">`),
        "https://blog.example/a/b",
      ),
    ).toBe("https://blog.example/img/cover.jpg?w=1200&h=630");
    expect(
      pageImage(page(`<META PROPERTY='og:image' CONTENT='https://cdn.example/x.png'>`), "https://blog.example/"),
    ).toBe("https://cdn.example/x.png");
  });
  it("prefers the secure URL, falls back to the Twitter card, and names nothing when the head has none", () => {
    const both = `<meta property="og:image" content="http://cdn.example/a.png"><meta property="og:image:secure_url" content="https://cdn.example/a.png">`;
    expect(pageImage(page(both), "https://blog.example/")).toBe("https://cdn.example/a.png");
    expect(
      pageImage(page(`<meta name="twitter:image" content="https://cdn.example/t.png">`), "https://b.example/"),
    ).toBe("https://cdn.example/t.png");
    expect(pageImage(page(`<meta property="og:title" content="Hi">`), "https://blog.example/")).toBeNull();
    expect(
      pageImage(page(`<meta property="og:image" content="javascript:alert(1)">`), "https://blog.example/"),
    ).toBeNull();
    // A tag in the body is not the page's preview.
    expect(
      pageImage(`<html><head></head><body><meta property="og:image" content="/x.png"></body>`, "https://b.example/"),
    ).toBeNull();
  });
});

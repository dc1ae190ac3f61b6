import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { raw } from "../test/oauth";
import { createObject } from "./objects";

const view = (permalink: string) => raw(`/sandbox/view?url=${encodeURIComponent(permalink)}`);

describe("sandbox post viewer", () => {
  it("shows a stored X post by its permalink, with the emulator banner, author and metrics", async () => {
    const id = "1900000000000000001";
    await createObject(createDb(env.DB), {
      id,
      platform: "twitter",
      kind: "tweet",
      owner: "1702745893325283328",
      data: { text: "Fresh bread at 7", mediaIds: [] },
      createdAt: Date.now(),
    });
    const res = await view(`https://x.com/i/web/status/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const body = await res.text();
    expect(body).toContain("Postline platform emulator");
    expect(body).toContain("<h1>X post</h1>");
    expect(body).toContain("Postline Demo (@postline_demo)");
    expect(body).toContain("Fresh bread at 7");
    expect(body).toMatch(/<dt>Likes<\/dt><dd>\d+<\/dd>/);
  });

  it("finds LinkedIn and Instagram posts by their permalinks", async () => {
    const db = createDb(env.DB);
    await createObject(db, {
      id: "urn:li:share:7000000000000000001",
      platform: "linkedin",
      kind: "post",
      owner: "urn:li:organization:10001",
      data: { commentary: "Hiring baristas", mediaIds: [] },
      createdAt: Date.now(),
    });
    const li = await view("https://www.linkedin.com/feed/update/urn:li:share:7000000000000000001");
    expect(li.status).toBe(200);
    expect(await li.text()).toContain("Acme Coffee Co.");
    const permalink = "https://www.instagram.com/p/00000000042/";
    await createObject(db, {
      id: "17900000000000042",
      platform: "instagram",
      kind: "media",
      owner: "17841400000000001",
      data: { caption: "Croissants", permalink, username: "sunrisebakery" },
      createdAt: Date.now(),
    });
    const ig = await view(permalink);
    expect(ig.status).toBe(200);
    const text = await ig.text();
    expect(text).toContain("@sunrisebakery");
    expect(text).toContain("Croissants");
  });

  it("answers 404 for a permalink it does not know, or no URL at all", async () => {
    const unknown = await view("https://x.com/i/web/status/404404404");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Post not found");
    expect((await raw("/sandbox/view")).status).toBe(404);
    expect((await view("https://example.com/p/1")).status).toBe(404);
  });

  it("escapes the post's text and the URL it was given", async () => {
    const id = "1900000000000000666";
    await createObject(createDb(env.DB), {
      id,
      platform: "twitter",
      kind: "tweet",
      owner: "1702745893325283328",
      data: { text: `<script>alert("x")</script><b>bold</b>`, mediaIds: [] },
      createdAt: Date.now(),
    });
    const body = await (await view(`https://x.com/i/web/status/${id}`)).text();
    expect(body).not.toContain("<script>alert");
    expect(body).not.toContain("<b>bold</b>");
    expect(body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;");
    const missing = await (await view(`https://x.com/i/web/status/1?<img src=x onerror=alert(1)>`)).text();
    expect(missing).not.toContain("<img src=x");
  });

  it("finds a TikTok post by its permalink's public id", async () => {
    await createObject(createDb(env.DB), {
      id: "v_pub_file~v2-1.100000000000000042",
      platform: "tiktok",
      kind: "publish",
      owner: "-000OpenIdPostlineDemo",
      data: { title: "Sourdough at dawn", postId: "700000000000042", privacy: "PUBLIC_TO_EVERYONE" },
      createdAt: Date.now(),
    });
    const res = await view("https://www.tiktok.com/@postline.demo/video/700000000000042");
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("Postline Demo (@postline.demo)");
    expect(body).toContain("Sourdough at dawn");
  });

  it("shows a Pinterest pin by its permalink, title and description", async () => {
    const id = "1125968200000000001";
    await createObject(createDb(env.DB), {
      id,
      platform: "pinterest",
      kind: "pin",
      owner: "1125968064125436823",
      data: { title: "Sourdough", description: "Our loaf, step by step", board_id: "1" },
      createdAt: Date.now(),
    });
    const body = await (await view(`https://www.pinterest.com/pin/${id}/`)).text();
    expect(body).toContain("<h1>Pinterest post</h1>");
    expect(body).toContain("Sunrise Bakery (@sunrisebakery)");
    expect(body).toContain("Our loaf, step by step");
  });
});

import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { postMedia, postTargets } from "../db/schema/index";
import { insertScheduledPost } from "../test/fixtures";
import { call, ORIGIN, registerUser, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { drizzleOf } from "../test/shards";

const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const open = (path: string, userAgent = BROWSER) =>
  SELF.fetch(`${ORIGIN}${path}`, { headers: { "User-Agent": userAgent }, redirect: "manual" });

type User = Awaited<ReturnType<typeof registerUser>>;

/** A published Instagram post of the workspace, with a picture and the permalink the network gave it. */
async function publishedOnInstagram(u: User, accountId: string, content: string, image: string | null) {
  const { postId, targetIds } = await insertScheduledPost(
    u.user.id,
    [{ accountId, platform: "instagram", dueAt: Date.now(), status: "published" }],
    content,
  );
  const permalink = `https://instagram.example/p/${targetIds[0]}`;
  await (await drizzleOf(u.user.id))
    .update(postTargets)
    .set({ publishedAt: Date.now(), permalink })
    .where(eq(postTargets.id, targetIds[0]!));
  if (image) await (await drizzleOf(u.user.id)).insert(postMedia).values({ postId, mediaId: image, position: 0 });
  return { postId, targetId: targetIds[0]!, permalink };
}

describe("link in bio", () => {
  it("is set by admins with a free handle and full links", async () => {
    const u = await registerUser();
    const handle = `bakery-${crypto.randomUUID().slice(0, 8)}`;
    for (const [body, message] of [
      [{ handle: "a", title: "Bakery" }, "Handles are 3 to 30 lowercase letters, digits or dashes, like my-bakery"],
      [{ handle, title: " " }, "Please give the page a title, like your brand's name"],
      [
        { handle, title: "Bakery", links: [{ label: "Menu", url: "javascript:alert(1)" }] },
        "Links must be full http(s) URLs, like https://example.com/menu",
      ],
    ] as const) {
      const res = await call("/api/bio", { token: u.token, method: "PUT", body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const saved = await call<"PUT /api/bio">("/api/bio", {
      token: u.token,
      method: "PUT",
      body: {
        handle: handle.toUpperCase(),
        title: "Bakery",
        links: [{ label: "Menu", url: "https://bakery.example/menu" }],
      },
    });
    expect([saved.status, saved.body.message, saved.body.data.page?.path]).toEqual([
      200,
      "Bio page saved",
      `/bio/${handle}`,
    ]);
    const other = await registerUser();
    const taken = await call("/api/bio", { token: other.token, method: "PUT", body: { handle, title: "Mine" } });
    expect([taken.status, taken.body.message]).toEqual([409, "That handle is taken; please choose another"]);
  });

  it("serves the brand, its links and published Instagram posts as plain HTML, counting people's clicks", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "instagram");
    const account = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts[0]!;
    const image = await uploadImage(u.token);
    const withLink = await publishedOnInstagram(
      u,
      account._id,
      "Spring menu is here: https://bakery.example/spring",
      image,
    );
    const plain = await publishedOnInstagram(u, account._id, "Fresh croissants every morning", null);
    await insertScheduledPost(
      u.user.id,
      [{ accountId: account._id, platform: "instagram", dueAt: Date.now() + 3600_000 }],
      "Not out yet",
    );
    const handle = `cafe-${crypto.randomUUID().slice(0, 8)}`;
    await call("/api/bio", {
      token: u.token,
      method: "PUT",
      body: { handle, title: "Café <Crème>", links: [{ label: "Order online", url: "https://cafe.example/order" }] },
    });

    const page = await open(`/bio/${handle}`);
    expect([page.status, page.headers.get("Content-Type")]).toEqual([200, "text/html; charset=utf-8"]);
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("<h1>Café &lt;Crème&gt;</h1>");
    expect(html).toContain(">Order online</a>");
    expect(html).toContain(`/bio/${handle}/go/post-${withLink.targetId}`);
    expect(html).toContain(`/bio/${handle}/go/post-${plain.targetId}`);
    expect(html).not.toContain("Not out yet");
    const picture = await open(`/bio/${handle}/img/${withLink.targetId}`);
    expect([picture.status, picture.headers.get("Content-Type")]).toEqual([200, "image/jpeg"]);
    await picture.arrayBuffer();

    // A post leads where its caption points, else to the post; the page's own link to its URL.
    const linkPath = html.match(/href="(\/bio\/[^"]+\/go\/link-[0-9a-f]+)"/)![1]!;
    for (const [path, location] of [
      [`/bio/${handle}/go/post-${withLink.targetId}`, "https://bakery.example/spring"],
      [`/bio/${handle}/go/post-${plain.targetId}`, plain.permalink],
      [linkPath, "https://cafe.example/order"],
      [linkPath, "https://cafe.example/order"],
    ]) {
      const res = await open(path!);
      expect([res.status, res.headers.get("Location")]).toEqual([302, location]);
    }
    // Link-preview bots are sent on but not counted; what the page does not show is not a link.
    expect((await open(linkPath, "facebookexternalhit/1.1")).status).toBe(302);
    expect((await open(`/bio/${handle}/go/link-https%3A%2F%2Fevil.example`)).status).toBe(404);
    expect((await open("/bio/no-such-page")).status).toBe(404);

    const clicks = await vi.waitFor(async () => {
      const r = await call<"GET /api/bio">("/api/bio", { token: u.token });
      const total = r.body.data.clicks.reduce((sum, c) => sum + c.clicks, 0);
      if (total < 4) throw new Error("clicks not counted yet");
      return r.body.data.clicks;
    });
    expect(clicks).toEqual(
      expect.arrayContaining([
        { item: linkPath.split("/go/")[1], clicks: 2 },
        { item: `post-${withLink.targetId}`, clicks: 1 },
        { item: `post-${plain.targetId}`, clicks: 1 },
      ]),
    );
    expect(clicks).toHaveLength(3);

    // Analytics → Link clicks counts the page as its own source, and a grid post's clicks as that post's.
    const report = await call<"GET /api/links">("/api/links", { token: u.token });
    expect(report.body.data.total).toBe(4);
    expect(report.body.data.bio).toEqual({
      total: 4,
      items: [
        { item: linkPath.split("/go/")[1], label: "Order online", postId: null, clicks: 2 },
        ...[withLink, plain]
          .map((p) => ({ item: `post-${p.targetId}`, label: expect.any(String), postId: p.postId, clicks: 1 }))
          .sort((a, b) => a.item.localeCompare(b.item)),
      ],
    });
    expect(report.body.data.byPost).toEqual(
      expect.arrayContaining([
        { postId: withLink.postId, excerpt: "Spring menu is here: https://bakery.example/spring", clicks: 1 },
      ]),
    );
    const onePost = await call<"GET /api/links">(`/api/links?postId=${plain.postId}`, { token: u.token });
    expect(onePost.body.data.bio.items).toEqual([
      { item: `post-${plain.targetId}`, label: "Fresh croissants every morning", postId: plain.postId, clicks: 1 },
    ]);
  });
});

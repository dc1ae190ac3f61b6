import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser, settledPost, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";

type Extra = Record<string, unknown>;

/**
 * A workspace that tracks links, with X and LinkedIn connected and a post for both carrying a link: a draft, or
 * whatever `extra` makes it (Publish Now with its own link choices; labels the workspace made first).
 */
async function postWithLink(extra: Extra | ((token: string) => Promise<Extra>) = { status: "draft" }) {
  const u = await registerUser();
  for (const p of ["twitter", "linkedin"]) await connectViaEmulator(u.cookie, p);
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts;
  await call<"PUT /api/links/settings">("/api/links/settings", {
    token: u.token,
    method: "PUT",
    body: { enabled: true, utmCampaign: "always on" },
  });
  const marker = `Opt ${crypto.randomUUID().slice(0, 8)}`;
  const res = await call<"POST /api/posts">("/api/posts", {
    token: u.token,
    body: {
      content: `${marker} https://shop.example/menu`,
      platforms: ["twitter", "linkedin"],
      selectedAccounts: Object.fromEntries(accounts.map((a) => [a.platform, [a._id]])),
      images: [await uploadImage(u.token)],
      ...(typeof extra === "function" ? await extra(u.token) : extra),
    },
  });
  return { u, marker, res, postId: res.body.data?._id as string };
}

/** What the emulator holds as published for this marker text. */
async function publishedTexts(marker: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT data FROM emu_objects WHERE data LIKE ?")
    .bind(`%${marker}%`)
    .all<{ data: string }>();
  return results.map((r) => r.data);
}

const label = async (token: string, name: string) =>
  (await call<"POST /api/labels">("/api/labels", { token, body: { name, color: "#2f855a" } })).body.data.id;

const options = (token: string, postId: string, body?: Record<string, unknown>) =>
  call<"PUT /api/posts/:id/link-options">(`/api/posts/${postId}/link-options`, {
    token,
    ...(body ? { method: "PUT", body } : {}),
  });

describe("a post's own link choices", () => {
  it("preview each link's final URL per channel with the post's campaign, and refuse a bad value", async () => {
    const { u, postId } = await postWithLink();
    const before = await options(u.token, postId);
    expect(before.body.data).toMatchObject({ shorten: true, utmCampaign: null, utmMedium: null });
    expect(before.body.data.preview).toContainEqual({
      platform: "twitter",
      links: [
        {
          url: "https://shop.example/menu",
          final: "https://shop.example/menu?utm_source=twitter&utm_medium=social&utm_campaign=always+on",
        },
      ],
    });
    const saved = await options(u.token, postId, { shorten: true, utmCampaign: "Launch week" });
    expect([saved.status, saved.body.message]).toEqual([200, "This post's links will be shortened and tagged"]);
    expect(saved.body.data.preview.find((p) => p.platform === "linkedin")!.links[0]!.final).toBe(
      "https://shop.example/menu?utm_source=linkedin&utm_medium=social&utm_campaign=Launch+week",
    );
    const bad = await options(u.token, postId, { shorten: "no" });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      "Please say whether this post's links are shortened (true or false)",
    ]);
    const other = await registerUser();
    expect((await options(other.token, postId)).status).toBe(404);
  });

  it("an opted-out post publishes its links as typed, and its choices are then fixed", {
    timeout: 30_000,
  }, async () => {
    const { u, marker, postId } = await postWithLink();
    const off = await options(u.token, postId, { shorten: false });
    expect([off.status, off.body.message]).toEqual([200, "This post's links will be published as written"]);
    expect(off.body.data.preview[0]!.links[0]!.final).toBe("https://shop.example/menu");
    const published = await call(`/api/posts/${postId}/publish`, { token: u.token, method: "POST" });
    expect(published.status).toBe(200);
    expect((await settledPost(u.token, postId)).status).toBe("published");
    const texts = await publishedTexts(marker);
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (const t of texts) {
      expect(t).toContain("https://shop.example/menu");
      expect(t).not.toContain("/l/");
    }
    const late = await options(u.token, postId, { shorten: true });
    expect([late.status, late.body.message]).toEqual([
      409,
      "This post is already publishing or published, so its links can no longer change",
    ]);
  });

  it("a post published at once follows the choices sent with it, not the workspace's", {
    timeout: 30_000,
  }, async () => {
    const bad = await postWithLink({ publishNow: true, links: { shorten: true, utmCampaign: "50% off!" } });
    expect([bad.res.status, bad.res.body.message]).toEqual([
      400,
      "The UTM campaign may use letters, digits, spaces, dots, dashes and underscores only",
    ]);
    const tagged = await postWithLink({ publishNow: true, links: { shorten: true, utmCampaign: "Flash sale" } });
    expect(tagged.res.status).toBe(201);
    expect((await settledPost(tagged.u.token, tagged.postId)).status).toBe("published");
    const links = await call<"GET /api/links">(`/api/links?postId=${tagged.postId}`, { token: tagged.u.token });
    expect(links.body.data.links.map((l) => l.destination).sort()).toEqual([
      "https://shop.example/menu?utm_source=linkedin&utm_medium=social&utm_campaign=Flash+sale",
      "https://shop.example/menu?utm_source=twitter&utm_medium=social&utm_campaign=Flash+sale",
    ]);
    const plain = await postWithLink({ publishNow: true, links: { shorten: false } });
    expect((await settledPost(plain.u.token, plain.postId)).status).toBe("published");
    const texts = await publishedTexts(plain.marker);
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (const t of texts) expect(t).not.toContain("/l/");
    // An edit cannot change them once the channels went out with them.
    const late = await call(`/api/posts/${plain.postId}`, {
      token: plain.u.token,
      method: "PUT",
      body: { links: { shorten: true } },
    });
    expect([late.status, late.body.message]).toEqual([
      409,
      "This post is already publishing or published, so its links can no longer change",
    ]);
  });

  it("a post published at once carries the labels sent with it: its links take the label's campaign", {
    timeout: 30_000,
  }, async () => {
    const labelled = await postWithLink(async (token) => ({
      publishNow: true,
      labelIds: [await label(token, "Spring menu")],
    }));
    expect(labelled.res.status).toBe(201);
    expect((await settledPost(labelled.u.token, labelled.postId)).status).toBe("published");
    const labels = await call<"GET /api/posts/:id/labels">(`/api/posts/${labelled.postId}/labels`, {
      token: labelled.u.token,
    });
    expect(labels.body.data.labels.map((l) => l.name)).toEqual(["Spring menu"]);
    const links = await call<"GET /api/links">(`/api/links?postId=${labelled.postId}`, { token: labelled.u.token });
    expect(links.body.data.links.map((l) => l.destination).sort()).toEqual([
      "https://shop.example/menu?utm_source=linkedin&utm_medium=social&utm_campaign=Spring+menu",
      "https://shop.example/menu?utm_source=twitter&utm_medium=social&utm_campaign=Spring+menu",
    ]);
    // An edit sends the whole set: here none.
    const cleared = await call(`/api/posts/${labelled.postId}`, {
      token: labelled.u.token,
      method: "PUT",
      body: { labelIds: [] },
    });
    expect(cleared.status).toBe(200);
    const after = await call<"GET /api/posts/:id/labels">(`/api/posts/${labelled.postId}/labels`, {
      token: labelled.u.token,
    });
    expect(after.body.data.labels).toEqual([]);
  });

  it("a post sent with another workspace's label is refused and nothing of it is written", async () => {
    const other = await registerUser();
    const theirs = await label(other.token, "Not yours");
    const refused = await postWithLink({ publishNow: true, labelIds: [theirs] });
    expect([refused.res.status, refused.res.body.message]).toEqual([400, "Choose labels of this workspace"]);
    const found = await call<"GET /api/posts">(`/api/posts?search=${encodeURIComponent(refused.marker)}`, {
      token: refused.u.token,
    });
    expect(found.body.data.posts).toEqual([]);
    const unknown = await postWithLink({ status: "draft", labelIds: ["no-such-label"] });
    expect([unknown.res.status, unknown.res.body.message]).toEqual([400, "Choose labels of this workspace"]);
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser, settledPost, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";

/** A workspace that tracks links, with X and LinkedIn connected and a draft for both carrying a link. */
async function draftWithLink() {
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
      status: "draft",
    },
  });
  expect(res.status).toBe(201);
  return { u, marker, postId: res.body.data._id as string };
}

const options = (token: string, postId: string, body?: Record<string, unknown>) =>
  call<"PUT /api/posts/:id/link-options">(`/api/posts/${postId}/link-options`, {
    token,
    ...(body ? { method: "PUT", body } : {}),
  });

describe("a post's own link choices", () => {
  it("preview each link's final URL per channel with the post's campaign, and refuse a bad value", async () => {
    const { u, postId } = await draftWithLink();
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
    const { u, marker, postId } = await draftWithLink();
    const off = await options(u.token, postId, { shorten: false });
    expect([off.status, off.body.message]).toEqual([200, "This post's links will be published as written"]);
    expect(off.body.data.preview[0]!.links[0]!.final).toBe("https://shop.example/menu");
    const published = await call(`/api/posts/${postId}/publish`, { token: u.token, method: "POST" });
    expect(published.status).toBe(200);
    expect((await settledPost(u.token, postId)).status).toBe("published");
    const { results } = await env.DB.prepare("SELECT data FROM emu_objects WHERE data LIKE ?")
      .bind(`%${marker}%`)
      .all<{ data: string }>();
    expect(results.length).toBeGreaterThanOrEqual(2);
    for (const r of results) {
      expect(r.data).toContain("https://shop.example/menu");
      expect(r.data).not.toContain("/l/");
    }
    const late = await options(u.token, postId, { shorten: true });
    expect([late.status, late.body.message]).toEqual([
      409,
      "This post is already publishing or published, so its links can no longer change",
    ]);
  });
});

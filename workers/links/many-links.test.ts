import { describe, expect, it } from "vitest";
import { call, registerUser, settledPost, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";

// D1 refuses a statement with more than 100 bound parameters (ADR 118). A channel's short links are as many as the
// links its text holds within the network's limit: some 2,000 on Facebook (63,206 characters).
describe("short links of a post with many links", () => {
  it("publishes a Facebook post of 150 links, each shortened", { timeout: 60_000 }, async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "facebook");
    const [account] = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts;
    const saved = await call<"PUT /api/links/settings">("/api/links/settings", {
      token: u.token,
      method: "PUT",
      body: { enabled: true },
    });
    expect(saved.status).toBe(200);
    const links = Array.from({ length: 150 }, (_, i) => `https://shop.example/item-${i}`);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: `Every item: ${links.join(" ")}`,
        platforms: ["facebook"],
        selectedAccounts: { facebook: [account!._id] },
        images: [await uploadImage(u.token)],
        publishNow: true,
      },
    });
    expect(res.status, res.body.message).toBe(201);
    const post = await settledPost(u.token, res.body.data._id);
    expect(post.status).toBe("published");
    const report = await call<"GET /api/links">(`/api/links?postId=${res.body.data._id}`, { token: u.token });
    expect(report.body.data.links).toHaveLength(150);
  });
});

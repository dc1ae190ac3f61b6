import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, ORIGIN, registerUser, settledPost, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";

const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

/** What the emulator holds as published for this marker text, one text per channel. */
async function publishedTexts(marker: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT data FROM emu_objects WHERE data LIKE ? AND kind IN ('post','tweet')",
  )
    .bind(`%${marker}%`)
    .all<{ data: string }>();
  return results.map((r) => r.data);
}

const codesIn = (text: string) => [...text.matchAll(/\/l\/([A-Za-z0-9]{10})/g)].map((m) => m[1]!);

const click = (code: string, headers: Record<string, string> = { "User-Agent": BROWSER }, method = "GET") =>
  SELF.fetch(`${ORIGIN}/l/${code}?next=https://evil.example`, { method, headers, redirect: "manual" });

async function publishWithLinks(trackingOn: boolean) {
  const u = await registerUser();
  for (const p of ["twitter", "linkedin"]) await connectViaEmulator(u.cookie, p);
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts;
  if (trackingOn) {
    const saved = await call<"PUT /api/links/settings">("/api/links/settings", {
      token: u.token,
      method: "PUT",
      body: { enabled: true, utmCampaign: "spring sale" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(
      "Link tracking is on: links in posts published from now on are shortened and their clicks counted",
    );
  }
  const marker = `Menu ${crypto.randomUUID().slice(0, 8)}`;
  const res = await call<"POST /api/posts">("/api/posts", {
    token: u.token,
    body: {
      content: `${marker}: see https://shop.example/menu?utm_medium=newsletter and https://blog.example/post.`,
      platforms: ["twitter", "linkedin"],
      selectedAccounts: Object.fromEntries(accounts.map((a) => [a.platform, [a._id]])),
      images: [await uploadImage(u.token)],
      publishNow: true,
    },
  });
  expect(res.status).toBe(201);
  const post = await settledPost(u.token, res.body.data._id);
  expect(post.status).toBe("published");
  return { u, postId: res.body.data._id as string, texts: await publishedTexts(marker) };
}

describe("short links that count clicks", () => {
  it("are off until a workspace turns them on: links go out as written", { timeout: 30_000 }, async () => {
    const { u, texts } = await publishWithLinks(false);
    expect(texts).toHaveLength(2);
    for (const t of texts) expect(t).toContain("https://blog.example/post.");
    const report = await call<"GET /api/links">("/api/links", { token: u.token });
    expect(report.body.data).toMatchObject({ total: 0, links: [] });
  });

  it("replace each channel's links with its own short links; a person's click is counted, bots and prefetches are not", {
    timeout: 30_000,
  }, async () => {
    const { u, postId, texts } = await publishWithLinks(true);
    expect(texts).toHaveLength(2);
    const codes = texts.map(codesIn);
    for (const c of codes) expect(c).toHaveLength(2);
    expect(new Set(codes.flat()).size).toBe(4);
    for (const t of texts) expect(t).not.toMatch(/shop\.example|blog\.example/);

    const report = await call<"GET /api/links">(`/api/links?postId=${postId}`, { token: u.token });
    const links = report.body.data.links;
    const shop = links.find((l) => l.platform === "twitter" && l.original.startsWith("https://shop.example"))!;
    // The author's own utm_medium stays; the channel and the campaign are added.
    expect(new URL(shop.destination).searchParams.toString()).toBe(
      "utm_medium=newsletter&utm_source=twitter&utm_campaign=spring+sale",
    );
    const blog = links.find((l) => l.platform === "linkedin" && l.original === "https://blog.example/post")!;
    expect(blog.destination).toBe(
      "https://blog.example/post?utm_source=linkedin&utm_medium=social&utm_campaign=spring+sale",
    );

    // Only ever the stored destination, whatever the request adds.
    const person = await click(shop.code);
    expect(person.status).toBe(302);
    expect(person.headers.get("Location")).toBe(shop.destination);
    expect(person.headers.get("Cache-Control")).toContain("no-store");
    for (const res of [
      await click(shop.code, { "User-Agent": "Twitterbot/1.0" }),
      await click(shop.code, {
        "User-Agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      }),
      await click(shop.code, { "User-Agent": BROWSER, "Sec-Purpose": "prefetch;prerender" }),
      await click(shop.code, {}),
      await click(shop.code, { "User-Agent": BROWSER }, "HEAD"),
    ]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(shop.destination);
    }
    await click(blog.code);
    await click(blog.code);

    const counted = await vi.waitFor(async () => {
      const r = await call<"GET /api/links">(`/api/links?postId=${postId}`, { token: u.token });
      if (r.body.data.total < 3) throw new Error("clicks not counted yet");
      return r.body.data;
    });
    expect(counted.total).toBe(3);
    expect(counted.byChannel).toEqual([
      { platform: "linkedin", clicks: 2 },
      { platform: "twitter", clicks: 1 },
    ]);
    expect(counted.byPost).toEqual([{ postId, excerpt: expect.stringMatching(/^Menu [0-9a-f]{8}: see/), clicks: 3 }]);
  });

  it("count every one of many clicks at once on one link", { timeout: 30_000 }, async () => {
    const { u, texts } = await publishWithLinks(true);
    const code = codesIn(texts[0]!)[0]!;
    const answers = await Promise.all(Array.from({ length: 60 }, () => click(code)));
    expect(answers.every((a) => a.status === 302)).toBe(true);
    const total = await vi.waitFor(async () => {
      const r = await call<"GET /api/links">("/api/links", { token: u.token });
      if (r.body.data.total < 60) throw new Error("clicks not counted yet");
      return r.body.data.total;
    });
    expect(total).toBe(60);
  });

  it("an unknown or malformed code is a plain 404, and another workspace sees none of the links", async () => {
    for (const code of ["ZZZZZZZZZZ", "short", "..%2Fapi%2Fposts"]) {
      const res = await click(code);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("This link does not exist.");
    }
    const other = await registerUser();
    const report = await call<"GET /api/links">("/api/links", { token: other.token });
    expect(report.status).toBe(200);
    expect(report.body.data.links).toEqual([]);
  });
});

describe("link settings", () => {
  it("start off with the default UTM values, and refuse a value that is not a plain word", async () => {
    const u = await registerUser();
    const fresh = await call<"GET /api/links/settings">("/api/links/settings", { token: u.token });
    expect(fresh.body.data).toEqual({ enabled: false, utm: true, utmMedium: "social", utmCampaign: "postline" });
    const bad = await call("/api/links/settings", {
      token: u.token,
      method: "PUT",
      body: { enabled: true, utmCampaign: "<script>" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      "The UTM campaign may use letters, digits, spaces, dots, dashes and underscores only",
    );
    const notBool = await call("/api/links/settings", { token: u.token, method: "PUT", body: { enabled: "yes" } });
    expect(notBool.status).toBe(400);
    expect(notBool.body.message).toBe("Please say whether links are shortened and counted (true or false)");
    const after = await call<"GET /api/links/settings">("/api/links/settings", { token: u.token });
    expect(after.body.data.enabled).toBe(false);
  });
});

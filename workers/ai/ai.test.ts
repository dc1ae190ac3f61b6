import { describe, expect, it } from "vitest";
import { PLATFORMS } from "../platform-profile";
import { call, registerUser } from "../test/helpers";
import { dbOf } from "../test/shards";
import { CHARACTER_LIMITS } from "./limits";

const usageRows = async (userId: string) =>
  (await (
    await dbOf(userId)
  )
    .prepare("SELECT count(*) AS n FROM ai_usage WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>())!.n;

describe("AI API with the builtin provider", () => {
  it("answers 401 without a session on every endpoint", async () => {
    for (const path of [
      "generate-content",
      "suggest-hashtags",
      "suggest-mentions",
      "optimize-content",
      "analyze-content",
    ]) {
      const res = await call(`/api/ai/${path}`, { body: { content: "x", prompt: "x", platforms: ["instagram"] } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: "Please log in to continue." });
    }
    for (const path of ["test-connection", "info", "health", "usage"])
      expect((await call(`/api/ai/${path}`)).status).toBe(401);
  });

  it("generates per-platform content with counts computed by our code, labelled builtin", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/ai/generate-content">("/api/ai/generate-content", {
      token: u.token,
      body: {
        prompt: "Write a post about our new cold brew coffee launch",
        tone: "enthusiastic",
        platforms: ["instagram", "linkedin"],
        includeHashtags: true,
        maxLength: 1000,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Generated 2 AI suggestions");
    const { content, options, suggestions, provider } = res.body.data;
    expect(provider).toBe("builtin");
    expect(options).toEqual({
      tone: "enthusiastic",
      platforms: ["instagram", "linkedin"],
      includeHashtags: true,
      maxLength: 1000,
    });
    expect(Object.keys(content)).toEqual(["instagram", "linkedin"]);
    for (const p of ["instagram", "linkedin"] as const) {
      expect(content[p]!.content).toContain("Our new cold brew coffee launch is here and it's amazing!");
      expect(content[p]!.characterCount).toBe(Array.from(content[p]!.content).length);
      expect(content[p]!.withinLimit).toBe(true);
    }
    expect(suggestions).toHaveLength(2);
    expect(suggestions[0]).toMatchObject({
      tone: "enthusiastic",
      platform: "instagram",
      provider: "builtin",
      withinLimit: true,
    });
    expect(suggestions[0].hashtags.length).toBeGreaterThan(0);
    expect(suggestions[0].content).toContain(suggestions[0].hashtags[0]);
    expect(await usageRows(u.user.id)).toBe(1);
  });

  it("never exceeds any platform's limit or maxLength, even for very long prompts", async () => {
    const u = await registerUser();
    const prompt = `Announce ${"our sustainable packaging programme for every product line ".repeat(150)}`;
    for (const maxLength of [40, 280, 63206]) {
      const res = await call<"POST /api/ai/generate-content">("/api/ai/generate-content", {
        token: u.token,
        body: { prompt, platforms: [...PLATFORMS], maxLength },
      });
      expect(res.status).toBe(200);
      for (const p of PLATFORMS) {
        const out = res.body.data.content[p]!;
        const length = Array.from(out.content as string).length;
        expect(length).toBe(out.characterCount);
        expect(length).toBeLessThanOrEqual(Math.min(maxLength, CHARACTER_LIMITS[p]));
        expect(out.withinLimit).toBe(true);
      }
    }
  });

  it.each([
    ["generate-content", { prompt: "   ", platforms: ["instagram"] }, "Please enter a prompt to generate content"],
    ["generate-content", { prompt: "Launch", platforms: [] }, "Please select at least one social media platform first"],
    [
      "generate-content",
      { prompt: "Launch", platforms: ["myspace"] },
      "Please select at least one social media platform first",
    ],
    ["generate-content", { prompt: "Launch", platforms: ["instagram"], tone: "angry" }, "Please choose a valid tone"],
    ["suggest-hashtags", { content: "Coffee" }, "Please select at least one social media platform first"],
    [
      "suggest-hashtags",
      { content: " ", platform: "instagram" },
      "Please enter some content first to generate hashtags",
    ],
    [
      "suggest-hashtags",
      { content: "Coffee", platform: "instagram", count: 4 },
      "Hashtag count must be between 5 and 30",
    ],
    [
      "suggest-hashtags",
      { content: "Coffee", platform: "instagram", count: 31 },
      "Hashtag count must be between 5 and 30",
    ],
    [
      "suggest-mentions",
      { content: "", platform: "instagram" },
      "Please enter some content first to generate mentions",
    ],
    ["suggest-mentions", { content: "Hi Acme Beans" }, "Please select at least one social media platform first"],
    ["optimize-content", { content: "Hello world" }, "Please select at least one social media platform first"],
    ["optimize-content", { content: "  ", targetPlatform: "twitter" }, "Please enter some content first to optimize"],
    ["analyze-content", { content: "" }, "Please enter some content first to analyze"],
  ])("%s refuses %j with the spec's message and records nothing", async (path, body, message) => {
    const u = await registerUser();
    const res = await call(`/api/ai/${path}`, { token: u.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    expect(await usageRows(u.user.id)).toBe(0);
  });

  it("suggests hashtags from the content within the requested and the platform's count", async () => {
    const u = await registerUser();
    const content = "Cold brew coffee season is here. Our cold brew coffee is smooth, bold and brewed for 18 hours.";
    const ig = await call<"POST /api/ai/suggest-hashtags">("/api/ai/suggest-hashtags", {
      token: u.token,
      body: { content, platform: "instagram", count: 5 },
    });
    expect(ig.status).toBe(200);
    expect(ig.body.data.hashtags).toHaveLength(5);
    expect(ig.body.data.hashtags.slice(0, 2)).toEqual(["#coffee", "#season"]); // nouns first: "cold" and "brew" modify "coffee"
    expect(ig.body.data.provider).toBe("builtin");
    const x = await call<"POST /api/ai/suggest-hashtags">("/api/ai/suggest-hashtags", {
      token: u.token,
      body: { content, platform: "twitter", count: 10 },
    });
    expect(x.body.data.hashtags).toEqual(["#coffee", "#season"]);
  });

  it("suggests unverified mentions from the names in the content", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/ai/suggest-mentions">("/api/ai/suggest-mentions", {
      token: u.token,
      body: { content: "Great afternoon at the Downtown Roastery with Jane Doe.", platform: "instagram" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.mentions.map((m: { handle: string }) => m.handle)).toEqual(["@downtownroastery", "@janedoe"]);
    expect(res.body.data.mentions.every((m: { verified: boolean }) => m.verified === false)).toBe(true);
    expect(res.body.data.note).toMatch(/not verified/);
  });

  it("optimizes for a platform and lists what it changed", async () => {
    const u = await registerUser();
    const original = `#coffee ${"Our cold brew is smooth and bold. ".repeat(12)}`.trim();
    const res = await call<"POST /api/ai/optimize-content">("/api/ai/optimize-content", {
      token: u.token,
      body: { content: original, targetPlatform: "twitter" },
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.original).toBe(original);
    expect(d.platform).toBe("twitter");
    expect(Array.from(d.optimizedContent as string).length).toBeLessThanOrEqual(280);
    expect(d.optimizedContent.endsWith("#coffee")).toBe(true);
    expect(d.improvements).toContain("Moved hashtags to the end of the post");
    expect(d.improvements.some((i: string) => i.startsWith("Trimmed to"))).toBe(true);
    expect(d.suggestions.length).toBeGreaterThan(0);
  });

  it("analyzes length and readability", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/ai/analyze-content">("/api/ai/analyze-content", {
      token: u.token,
      body: { content: "Our cold brew is back. Have you tried it? ☕ #coffee @acme" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      platform: "instagram",
      sentences: 2,
      hashtagCount: 1,
      mentionCount: 1,
      emojiCount: 1,
      withinLimit: true,
      provider: "builtin",
    });
    expect(res.body.data.score).toBeGreaterThan(50);
    expect(res.body.data.readingEase).toBeGreaterThan(60);
  });

  it("reports health, connection and info for the builtin provider", async () => {
    const u = await registerUser();
    expect((await call<"GET /api/ai/health">("/api/ai/health", { token: u.token })).body).toMatchObject({
      success: true,
      data: { status: "ok", provider: "builtin" },
    });
    expect(
      (await call<"GET /api/ai/test-connection">("/api/ai/test-connection", { token: u.token })).body.data,
    ).toMatchObject({
      connected: true,
      provider: "builtin",
    });
    const info = await call<"GET /api/ai/info">("/api/ai/info", { token: u.token });
    expect(info.body.data).toMatchObject({
      provider: "builtin",
      label: "Built-in assistant",
      limits: { characters: { twitter: 280 } },
    });
  });

  it("keeps each user's usage to themselves", async () => {
    const a = await registerUser();
    const b = await registerUser();
    await call<"POST /api/ai/analyze-content">("/api/ai/analyze-content", {
      token: a.token,
      body: { content: "Hello from A" },
    });
    for (let i = 0; i < 3; i++)
      await call<"POST /api/ai/suggest-hashtags">("/api/ai/suggest-hashtags", {
        token: b.token,
        body: { content: "Hello from B coffee", platform: "instagram" },
      });
    const mine = await call<"GET /api/ai/usage">("/api/ai/usage", { token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.totals).toEqual({
      requests: 1,
      successful: 1,
      failed: 0,
      promptTokens: 0,
      completionTokens: 0,
    });
    expect(mine.body.data.byFeature.map((f: { feature: string }) => f.feature)).toEqual(["analyze"]);
    expect(mine.body.data.recent).toHaveLength(1);
    expect(mine.body.data.recent[0]).toMatchObject({ feature: "analyze", provider: "builtin", success: true });
    const theirs = await call<"GET /api/ai/usage">("/api/ai/usage", { token: b.token });
    expect(theirs.body.data.totals.requests).toBe(3);
    expect(theirs.body.data.byFeature).toEqual([
      expect.objectContaining({ feature: "hashtags", requests: 3, successful: 3, failed: 0 }),
    ]);
  });

  it("rate-limits each user: the 31st call in a minute gets the 429 envelope", async () => {
    const u = await registerUser();
    const other = await registerUser();
    const body = { content: "Rate limit check" };
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        call<"POST /api/ai/analyze-content">("/api/ai/analyze-content", { token: u.token, body }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const over = await call<"POST /api/ai/analyze-content">("/api/ai/analyze-content", { token: u.token, body });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ success: false, message: "Too many requests. Please try again later." });
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await usageRows(u.user.id)).toBe(30);
    expect(
      (await call<"POST /api/ai/analyze-content">("/api/ai/analyze-content", { token: other.token, body })).status,
    ).toBe(200);
  });
});

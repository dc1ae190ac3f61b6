import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../app";
import { ORIGIN, registerUser } from "../test/helpers";
import { dbOf } from "../test/shards";

/**
 * The openai provider end to end: the real Worker entry with AI_PROVIDER=openai, the official SDK,
 * the sandbox fetch and the emulator's /v1/chat/completions. Faults are chosen by model name.
 */
async function callOpenAi(path: string, token: string, body: unknown, vars: Record<string, string> = {}) {
  const overridden = { ...env, AI_PROVIDER: "openai", OPENAI_API_KEY: "sk-test-key", ...vars } as unknown as Env;
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}/api/ai/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "CF-Connecting-IP": crypto.randomUUID(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }) as Request<unknown, IncomingRequestCfProperties>,
    overridden,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; message: string; data?: any },
    headers: res.headers,
  };
}

const usage = async (userId: string) =>
  (
    await (
      await dbOf(userId)
    )
      .prepare("SELECT provider, model, success, prompt_tokens, completion_tokens FROM ai_usage WHERE user_id = ?")
      .bind(userId)
      .all()
  ).results;

describe("AI API with the openai provider (emulated endpoint)", () => {
  it("generates through the SDK and trims the verbose model output to every platform's limit", async () => {
    const u = await registerUser();
    const res = await callOpenAi("generate-content", u.token, {
      prompt: "Our new product launch",
      platforms: ["twitter", "instagram", "threads"],
      tone: "casual",
      maxLength: 2200,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.provider).toBe("openai");
    for (const [p, limit] of [
      ["twitter", 280],
      ["instagram", 2200],
      ["threads", 500],
    ] as const) {
      const out = res.body.data.content[p];
      expect(out.content).toContain("Emulated model post: Our new product launch");
      expect(Array.from(out.content as string).length).toBe(out.characterCount);
      expect(out.characterCount).toBeLessThanOrEqual(limit);
      expect(out.withinLimit).toBe(true);
    }
    expect(res.body.data.content.twitter.content.endsWith("…")).toBe(true);
    expect(res.body.data.suggestions[0]).toMatchObject({ provider: "openai", tone: "casual", platform: "twitter" });
    const rows = await usage(u.user.id);
    expect(rows).toEqual([expect.objectContaining({ provider: "openai", model: "gpt-4o-mini", success: 1 })]);
    expect(rows[0]!.prompt_tokens).toBeGreaterThan(0);
    expect(rows[0]!.completion_tokens).toBeGreaterThan(0);
  });

  it("validates and cleans hashtags, mentions, optimization and analysis from the model", async () => {
    const u = await registerUser();
    const tags = await callOpenAi("suggest-hashtags", u.token, {
      content: "Coffee roasting workshop downtown",
      platform: "facebook",
      count: 10,
    });
    expect(tags.status).toBe(200);
    expect(tags.body.data.hashtags).toEqual(["#coffee", "#roasting", "#workshop", "#downtown"]);
    const mentions = await callOpenAi("suggest-mentions", u.token, {
      content: "Coffee roasting workshop",
      platform: "instagram",
    });
    expect(mentions.body.data.mentions[0]).toMatchObject({ handle: "@coffee", verified: false });
    const opt = await callOpenAi("optimize-content", u.token, { content: "Short post", targetPlatform: "twitter" });
    expect(opt.body.data.original).toBe("Short post");
    expect(opt.body.data.characterCount).toBeLessThanOrEqual(280);
    expect(opt.body.data.improvements.at(-1)).toMatch(/^Trimmed to \d+ characters to fit the X limit of 280$/);
    const analysis = await callOpenAi("analyze-content", u.token, { content: "Hello there. How are you?" });
    expect(analysis.body.data).toMatchObject({ score: 70, sentences: 2, provider: "openai" });
  });

  it.each([
    ["emulator-429", 429, "Too many requests. Please try again later."],
    ["emulator-500", 502, "The AI service is having trouble right now. Please try again later."],
    ["emulator-malformed", 502, "Invalid response format"],
    ["emulator-not-json", 502, "Invalid response format"],
  ])("model %s answers %i '%s' and records a failed call", async (model, status, message) => {
    const u = await registerUser();
    const res = await callOpenAi(
      "generate-content",
      u.token,
      { prompt: "Launch", platforms: ["instagram"] },
      { OPENAI_MODEL: model },
    );
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, message });
    expect(await usage(u.user.id)).toEqual([expect.objectContaining({ provider: "openai", model, success: 0 })]);
  });

  it("passes the Retry-After of an upstream 429 on", async () => {
    const u = await registerUser();
    const res = await callOpenAi(
      "suggest-hashtags",
      u.token,
      { content: "x", platform: "instagram" },
      { OPENAI_MODEL: "emulator-429" },
    );
    expect(res.headers.get("Retry-After")).toBe("20");
  });

  it("reports health through the endpoint and the banner's message when it is down", async () => {
    const u = await registerUser();
    const ok = await callOpenAi("health", u.token, undefined);
    expect(ok.body).toMatchObject({ success: true, data: { status: "ok", provider: "openai", model: "gpt-4o-mini" } });
    const info = await callOpenAi("info", u.token, undefined);
    expect(info.body.data).toMatchObject({ provider: "openai", label: "OpenAI-compatible model" });
    const down = await callOpenAi("health", u.token, undefined, { OPENAI_BASE_URL: "https://api.openai.com/nowhere" });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      success: false,
      message: "Unable to connect to AI services. Please check your connection.",
    });
  });

  it("refuses to start without OPENAI_API_KEY and names it", async () => {
    const u = await registerUser();
    const res = await callOpenAi("info", u.token, undefined, { OPENAI_API_KEY: "" });
    expect(res.status).toBe(500);
    expect(res.body.message).toBe("Invalid configuration: OPENAI_API_KEY is required when AI_PROVIDER is 'openai'");
  });

  it("the emulator answers 401 in OpenAI's error shape without a bearer key", async () => {
    const res = await SELF.fetch(`${ORIGIN}/sandbox/api.openai.com/v1/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { type: "invalid_request_error", code: null } });
  });
});

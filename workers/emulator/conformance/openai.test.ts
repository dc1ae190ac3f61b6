import { describe, expect, it } from "vitest";
import { armFault, emu } from "./sdk";

/** Chat Completions as the openai SDK calls it (PLATFORMS.md §7.2; OpenAI's API reference). */
const KEY = "sk-conformance-key";

function chat(body: Record<string, unknown>, key = KEY) {
  return emu("api.openai.com", "/v1/chat/completions", {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

const openaiError = (code: string | null) => ({
  error: { message: expect.any(String), type: expect.any(String), param: null, code },
});

describe("OpenAI conformance", () => {
  it("refuses an unknown key (401 invalid_api_key) and an unknown model (404 model_not_found)", async () => {
    const badKey = await chat({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] }, "sk-revoked-0000");
    expect(badKey.status).toBe(401);
    expect(await badKey.json()).toEqual(openaiError("invalid_api_key"));
    const badModel = await chat({ model: "gpt-9-imaginary", messages: [{ role: "user", content: "hi" }] });
    expect(badModel.status).toBe(404);
    expect(await badModel.json()).toEqual(openaiError("model_not_found"));
  });

  it("returns valid JSON content for response_format json_object, and refuses it when no message mentions JSON", async () => {
    const res = await chat({
      model: "gpt-4o-mini",
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: "Answer in JSON." },
        { role: "user", content: "Coffee launch" },
      ],
    });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-ratelimit-remaining-requests"))).toBeGreaterThan(0);
    const content = (await res.json<any>()).choices[0].message.content;
    expect(typeof JSON.parse(content)).toBe("object");
    const refused = await chat({
      model: "gpt-4o-mini",
      response_format: { type: "json_object" },
      messages: [{ role: "user", content: "Coffee launch" }],
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(openaiError(null));
  });

  it("streams chat.completion.chunk events and ends with data: [DONE]", async () => {
    const res = await chat({
      model: "gpt-4o-mini",
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "Coffee launch" }],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/event-stream");
    const events = (await res.text())
      .split("\n\n")
      .filter(Boolean)
      .map((e) => e.replace(/^data: /, ""));
    expect(events.at(-1)).toBe("[DONE]");
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
    expect(chunks.every((c) => c.object === "chat.completion.chunk")).toBe(true);
    expect(chunks[0].choices[0].delta.role).toBe("assistant");
    const text = chunks.map((c) => c.choices[0]?.delta?.content ?? "").join("");
    expect(text).toBe("Emulated reply about Coffee launch");
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe("stop");
    expect(chunks.at(-1).usage).toMatchObject({ total_tokens: expect.any(Number) });
  });

  it("answers 429 with x-ratelimit-* headers and 5xx in OpenAI's error object", async () => {
    await armFault("openai", "429");
    const limited = await chat({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-ratelimit-remaining-requests")).toBe("0");
    expect(limited.headers.get("x-ratelimit-reset-requests")).toBe("60s");
    expect(await limited.json()).toEqual({
      error: { message: expect.any(String), type: "requests", param: null, code: "rate_limit_exceeded" },
    });
    await armFault("openai", "500");
    const down = await chat({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] });
    expect(down.status).toBe(500);
    expect(await down.json()).toEqual({
      error: { message: expect.any(String), type: "server_error", param: null, code: null },
    });
  });
});

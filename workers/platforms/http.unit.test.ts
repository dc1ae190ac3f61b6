import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createHttp, retryAfterMs } from "./http";
import { PlatformError } from "./types";

const NOW = Date.UTC(2026, 0, 1);
const classify = (r: { status: number }) =>
  new PlatformError(r.status >= 500 || r.status === 429 ? "retryable" : "permanent", `status ${r.status}`, {
    platform: "facebook",
    status: r.status,
  });

describe("retryAfterMs", () => {
  it("reads Retry-After seconds and dates", () => {
    expect(retryAfterMs(new Headers({ "Retry-After": "30" }), NOW)).toBe(30_000);
    expect(retryAfterMs(new Headers({ "Retry-After": new Date(NOW + 90_000).toUTCString() }), NOW)).toBe(90_000);
  });
  it("reads x-rate-limit-reset only once the window is used up", () => {
    const reset = String(NOW / 1000 + 120);
    expect(retryAfterMs(new Headers({ "x-rate-limit-reset": reset, "x-rate-limit-remaining": "0" }), NOW)).toBe(
      120_000,
    );
    expect(
      retryAfterMs(new Headers({ "x-rate-limit-reset": reset, "x-rate-limit-remaining": "5" }), NOW),
    ).toBeUndefined();
  });
  it("backs off when X-App-Usage reaches 100% and honours the BUC regain estimate", () => {
    expect(retryAfterMs(new Headers({ "X-App-Usage": '{"call_count":100,"total_time":3}' }), NOW)).toBe(600_000);
    expect(retryAfterMs(new Headers({ "X-App-Usage": '{"call_count":40}' }), NOW)).toBeUndefined();
    const buc = { "123": [{ type: "pages", call_count: 100, estimated_time_to_regain_access: 7 }] };
    expect(retryAfterMs(new Headers({ "X-Business-Use-Case-Usage": JSON.stringify(buc) }), NOW)).toBe(420_000);
    // An explicit Retry-After beats the usage-implied backoff.
    expect(retryAfterMs(new Headers({ "Retry-After": "60", "X-App-Usage": '{"call_count":100}' }), NOW)).toBe(60_000);
  });
});

describe("createHttp", () => {
  it("sends form bodies, parses JSON and classifies failures", async () => {
    let seen: Request | undefined;
    const http = createHttp({
      platform: "facebook",
      classify,
      fetch: async (input, init) => {
        seen = new Request(input, init);
        return new Response(JSON.stringify({ id: "1" }), { status: seen.url.includes("fail") ? 400 : 200 });
      },
    });
    const res = await http.request("https://graph.facebook.com/v25.0/me", {
      form: { a: 1, b: undefined },
      query: { fields: "id" },
    });
    expect(res.data).toEqual({ id: "1" });
    expect(seen!.method).toBe("POST");
    expect(seen!.url).toBe("https://graph.facebook.com/v25.0/me?fields=id");
    expect(await seen!.text()).toBe("a=1");
    await expect(http.request("https://x/fail")).rejects.toMatchObject({ kind: "permanent", message: "status 400" });
  });

  it("turns a post-creating call that never answers into retryable with an unknown outcome; any other call is plain retryable", async () => {
    const http = createHttp({ platform: "facebook", classify, timeoutMs: 20, fetch: () => new Promise(() => {}) });
    await expect(http.request("https://x/post", { method: "POST", creates: true })).rejects.toMatchObject({
      kind: "retryable",
      details: { outcomeUnknown: true },
    });
    await expect(http.request("https://x/upload", { method: "POST" })).rejects.toMatchObject({
      kind: "retryable",
      details: { outcomeUnknown: false },
    });
    await expect(http.request("https://x/get")).rejects.toMatchObject({
      kind: "retryable",
      details: { outcomeUnknown: false },
    });
  });

  it("flags a 502/504 only on the post-creating call as an unknown outcome", async () => {
    const http = createHttp({
      platform: "facebook",
      classify,
      fetch: async () => new Response("Bad Gateway", { status: 502 }),
    });
    await expect(http.request("https://x/post", { method: "POST", creates: true })).rejects.toMatchObject({
      kind: "retryable",
      details: { outcomeUnknown: true },
    });
    const upload = await http.request("https://x/upload", { method: "PUT" }).catch((e) => e);
    expect([upload.kind, upload.details.outcomeUnknown]).toEqual(["retryable", undefined]);
  });
});

describe("answers the client relies on", () => {
  const answering = (body: unknown) =>
    createHttp({ platform: "instagram", fetch: async () => Response.json(body), classify, now: () => NOW });
  const Id = z.object({ id: z.string().min(1) });

  it("returns the parsed answer when the field is there", async () => {
    expect(
      (
        await answering({ id: "1789" }).answer("https://graph.example/v25.0/1/media_publish", Id, {
          form: { creation_id: "c" },
        })
      ).data,
    ).toEqual({ id: "1789" });
  });

  it("names the missing field; after the post-creating call the outcome is unknown, after any other call it is not", async () => {
    const write = await answering({ success: true })
      .answer("https://graph.example/v25.0/1/media_publish", Id, { form: { creation_id: "c" }, creates: true })
      .catch((e) => e);
    expect(write).toBeInstanceOf(PlatformError);
    expect([write.message, write.details.outcomeUnknown]).toEqual(["Instagram answered without a valid id", true]);
    const container = await answering({ success: true })
      .answer("https://graph.example/v25.0/1/media", Id, { form: { image_url: "u" } })
      .catch((e) => e);
    expect([container.message, container.details.outcomeUnknown]).toEqual([
      "Instagram answered without a valid id",
      undefined,
    ]);
    const read = await answering({ id: 42 })
      .answer("https://graph.example/v25.0/1", Id)
      .catch((e) => e);
    expect([read.message, read.details.outcomeUnknown]).toEqual(["Instagram answered without a valid id", undefined]);
  });
});

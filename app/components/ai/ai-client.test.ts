import { afterEach, describe, expect, it, vi } from "vitest";
import { callAi, composeHref } from "./ai-client";

const respond = (status: number, body: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

afterEach(() => vi.unstubAllGlobals());

describe("callAi", () => {
  it("returns data on success", async () => {
    respond(200, { success: true, message: "OK", data: { hashtags: ["#a"] } });
    expect(await callAi<{ hashtags: string[] }>("suggest-hashtags", { content: "a" }, "hashtags")).toEqual({
      ok: true,
      message: "OK",
      data: { hashtags: ["#a"] },
    });
  });
  it("uses the server's message on failure", async () => {
    respond(429, { success: false, message: "Too many requests. Please try again later." });
    expect(await callAi("generate-content", {})).toEqual({
      ok: false,
      status: 429,
      message: "Too many requests. Please try again later.",
    });
  });
  it("calls a success without the needed field an invalid response", async () => {
    respond(200, { success: true, message: "OK", data: {} });
    expect(await callAi<{ hashtags: string[] }>("suggest-hashtags", {}, "hashtags")).toMatchObject({
      ok: false,
      message: "Invalid response format",
    });
  });
  it("reports a network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    expect(await callAi("health")).toMatchObject({
      ok: false,
      status: 0,
      message: "Network error. Please check your connection.",
    });
  });
});

it("builds the composer link with the text encoded", () => {
  expect(composeHref("Hi & #tag\nnext")).toBe("/content?compose=1&text=Hi%20%26%20%23tag%0Anext");
});

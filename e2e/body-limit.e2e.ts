import { describe, expect, it } from "vitest";
import { serverUrl } from "./browser";

/**
 * Bodies over the limit, sent by Node's fetch to the real local server (workerd, as `npm start` runs it): always a
 * 413 JSON envelope, never a dropped connection or a text/plain 500.
 */
const baseUrl = serverUrl();
const MB = 1024 * 1024;

async function send(path: string, body: BodyInit, contentType?: string) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : undefined,
  });
  return { status: res.status, type: res.headers.get("Content-Type") ?? "", body: await res.json() };
}

describe("bodies over the limit", () => {
  it.each([2, 5, 11])("a %i MB JSON body answers 413 in the envelope", async (size) => {
    const json = JSON.stringify({ content: "x".repeat(size * MB) });
    const res = await send("/api/posts", json, "application/json");
    expect(res).toEqual({
      status: 413,
      type: expect.stringContaining("application/json"),
      body: { success: false, message: "Request body too large." },
    });
  });

  it("a 13 MB multipart body answers 413 in the envelope", async () => {
    const form = new FormData();
    form.append("attachment", new Blob([new Uint8Array(13 * MB)]), "big.bin");
    const res = await send("/api/feedback", form);
    expect(res).toEqual({
      status: 413,
      type: expect.stringContaining("application/json"),
      body: { success: false, message: "Request body too large." },
    });
  });
});

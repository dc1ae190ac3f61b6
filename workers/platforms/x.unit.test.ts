import { describe, expect, it } from "vitest";
import type { PlatformResponse } from "./http";
import type { PublishMedia } from "./types";
import { validateMedia } from "./x";
import { classifyXError } from "./x-api";
import { mediaCategory } from "./x-media";

const classify = (status: number, data: unknown, headers: Headers, at: number) =>
  classifyXError({ status, data, headers } as PlatformResponse, at);

const now = 1_700_000_000_000;

describe("classifyXError", () => {
  it("waits until x-rate-limit-reset on 429", () => {
    const e = classify(
      429,
      { title: "Too Many Requests", detail: "Too Many Requests", status: 429 },
      new Headers({ "x-rate-limit-reset": String(now / 1000 + 90) }),
      now,
    );
    expect([e.kind, e.details.retryAfterMs]).toEqual(["retryable", 90_000]);
  });

  it("prefers the daily user reset once the daily allowance is spent", () => {
    const h = new Headers({
      "x-rate-limit-reset": String(now / 1000 + 10),
      "x-user-limit-24hour-remaining": "0",
      "x-user-limit-24hour-reset": String(now / 1000 + 3600),
    });
    expect(classify(429, {}, h, now).details.retryAfterMs).toBe(3_600_000);
  });

  it("keeps X's words for permanent refusals", () => {
    const dup = classify(
      403,
      {
        detail: "You are not allowed to create a Tweet with duplicate content.",
        type: "about:blank",
        title: "Forbidden",
        status: 403,
      },
      new Headers(),
      now,
    );
    expect([dup.kind, dup.message]).toEqual([
      "permanent",
      "You are not allowed to create a Tweet with duplicate content.",
    ]);
    const long = classify(
      400,
      {
        errors: [{ parameters: { text: ["…"] }, message: "Text is too long" }],
        title: "Invalid Request",
        detail: "One or more parameters to your request was invalid.",
      },
      new Headers(),
      now,
    );
    expect([long.kind, long.message]).toEqual(["permanent", "Text is too long"]);
    expect(classify(401, { title: "Unauthorized", detail: "Unauthorized" }, new Headers(), now).kind).toBe("auth");
    expect(classify(503, {}, new Headers(), now).kind).toBe("retryable");
  });
});

describe("media", () => {
  const m = (kind: "image" | "video", mimeType: string) => ({ kind, mimeType }) as PublishMedia;
  it("picks the upload category", () => {
    expect([
      mediaCategory(m("image", "image/png")),
      mediaCategory(m("image", "image/gif")),
      mediaCategory(m("video", "video/mp4")),
    ]).toEqual(["tweet_image", "tweet_gif", "tweet_video"]);
  });
  it("allows four images or one video", () => {
    expect(() => validateMedia([1, 2, 3, 4].map(() => m("image", "image/png")))).not.toThrow();
    expect(() => validateMedia([1, 2, 3, 4, 5].map(() => m("image", "image/png")))).toThrow(/up to 4 images/);
    expect(() => validateMedia([m("video", "video/mp4"), m("image", "image/png")])).toThrow();
  });
});

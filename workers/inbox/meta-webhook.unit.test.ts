import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { commentsOf, metaDelivery, signatureCheck } from "./meta-webhook";

const body = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;
const signed = (secret: string, s: string) => `sha256=${createHmac("sha256", secret).update(s).digest("hex")}`;

describe("X-Hub-Signature-256", () => {
  const raw = '{"object":"page","entry":[]}';
  it("accepts the HMAC of the raw body under either app secret", async () => {
    expect(await signatureCheck(["fb", "ig"], body(raw), signed("fb", raw))).toBe("ok");
    expect(await signatureCheck(["fb", "ig"], body(raw), signed("ig", raw))).toBe("ok");
    expect(
      await signatureCheck(["fb", "ig"], body(raw), signed("ig", raw).toUpperCase().replace("SHA256", "sha256")),
    ).toBe("ok");
  });
  it("refuses another secret, another body, a bare hash or SHA-1, and says when it is missing", async () => {
    expect(await signatureCheck(["fb"], body(raw), signed("guess", raw))).toBe("bad");
    expect(await signatureCheck(["fb"], body(`${raw} `), signed("fb", raw))).toBe("bad");
    expect(await signatureCheck(["fb"], body(raw), signed("fb", raw).slice(7))).toBe("missing");
    expect(await signatureCheck(["fb"], body(raw), `sha1=${createHmac("sha1", "fb").update(raw).digest("hex")}`)).toBe(
      "missing",
    );
    expect(await signatureCheck(["fb"], body(raw), undefined)).toBe("missing");
    expect(await signatureCheck([], body(raw), signed("fb", raw))).toBe("bad");
  });
});

describe("a delivery's comments", () => {
  const now = 1_800_000_000_000;
  it("reads a Page feed comment and an Instagram comment, keyed by the network's ids", () => {
    const delivery = metaDelivery.parse({
      object: "page",
      entry: [
        {
          id: "123",
          time: 1_799_999_990,
          changes: [
            {
              field: "feed",
              value: {
                item: "comment",
                verb: "add",
                comment_id: "44_55",
                post_id: "123_44",
                message: "Hi",
                from: { id: "9", name: "Ann" },
                created_time: 1_799_999_980,
              },
            },
            // Reactions, edits and removals are not new comments; nor is the Page's own reply.
            { field: "feed", value: { item: "reaction", verb: "add", post_id: "123_44", from: { id: "9" } } },
            {
              field: "feed",
              value: { item: "comment", verb: "remove", comment_id: "44_1", post_id: "123_44", from: { id: "9" } },
            },
            {
              field: "feed",
              value: {
                item: "comment",
                verb: "add",
                comment_id: "44_2",
                post_id: "123_44",
                message: "Thanks",
                from: { id: "123", name: "Page" },
              },
            },
          ],
        },
      ],
    });
    expect(commentsOf(delivery, now)).toEqual([
      {
        platform: "facebook",
        ownerId: "123",
        remoteId: "44_55",
        postRemoteId: "123_44",
        author: "Ann",
        authorId: "9",
        text: "Hi",
        createdAt: 1_799_999_980_000,
      },
    ]);
    const ig = metaDelivery.parse({
      object: "instagram",
      entry: [
        {
          id: "178",
          time: 1_799_999_999,
          changes: [
            {
              field: "comments",
              value: { id: "1801", text: "Love it", from: { id: "5", username: "bo" }, media: { id: "1799" } },
            },
            { field: "mentions", value: { comment_id: "1802", media_id: "1800" } },
          ],
        },
      ],
    });
    expect(commentsOf(ig, now)).toEqual([
      {
        platform: "instagram",
        ownerId: "178",
        remoteId: "1801",
        postRemoteId: "1799",
        author: "bo",
        authorId: "5",
        text: "Love it",
        createdAt: 1_799_999_999_000,
      },
    ]);
  });
});

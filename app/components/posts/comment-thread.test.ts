import { describe, expect, it } from "vitest";
import { commentParts, discussionThread, type TeamComment } from "./comment-thread";

const members = [
  { id: "olga", displayName: "Olga Owner", email: "olga@example.com" },
  { id: "eddie", displayName: "Eddie Editor", email: "ed@example.com" },
];
const comment = (id: string, createdAt: string, body = "hi", mentions: string[] = []): TeamComment => ({
  id,
  body,
  mentions,
  createdAt,
  author: { id: "olga", displayName: "Olga Owner" },
});

describe("discussionThread", () => {
  it("puts members' comments and clients' reviews in one thread, oldest first", () => {
    const thread = discussionThread(
      [comment("c1", "2026-05-01T10:00:00.000Z"), comment("c2", "2026-05-01T12:00:00.000Z")],
      [{ id: "r1", decision: "changes_requested", comment: "Golden", createdAt: "2026-05-01T11:00:00.000Z" }],
    );
    expect(thread.map((e) => `${e.kind}:${e.id}`)).toEqual(["comment:c1", "client:r1", "comment:c2"]);
  });
});

describe("commentParts", () => {
  it("marks the mentions the server resolved, and only those", () => {
    const c = comment("c", "2026-05-01T10:00:00.000Z", "@Eddie Editor and @Olga Owner, see @Nobody", ["eddie"]);
    expect(commentParts(c, members)).toEqual([
      { text: "@Eddie Editor", mention: true },
      { text: " and @Olga Owner, see @Nobody", mention: false },
    ]);
  });

  it("keeps a comment without mentions whole", () => {
    expect(commentParts(comment("c", "x", "plain words"), members)).toEqual([{ text: "plain words", mention: false }]);
  });
});

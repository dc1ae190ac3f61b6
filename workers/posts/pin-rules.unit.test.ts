import { describe, expect, it } from "vitest";
import { PinMessages, pinProblems } from "./pin-rules";

const acct = [{ platform: "pinterest" as const, accountId: "a1" }];

describe("pinProblems", () => {
  it("asks for a board when a Pinterest channel has none, unless the post is a draft", () => {
    expect(pinProblems(acct, new Map(), null, false)).toEqual([PinMessages.board]);
    expect(pinProblems(acct, new Map(), null, true)).toEqual([]);
    expect(pinProblems(acct, new Map([["pinterest:a1", { options: { board: "1" } }]]), null, false)).toEqual([]);
  });

  it("holds the title to 100 and alt text to 500 characters", () => {
    const v = { options: { board: "1", altText: { m: "a".repeat(501) } }, title: "t".repeat(101) };
    expect(pinProblems(acct, new Map([["pinterest:a1", v]]), null, false)).toEqual([
      PinMessages.title,
      PinMessages.altText,
    ]);
    const fromPost = pinProblems(
      acct,
      new Map([["pinterest:a1", { options: { board: "1" } }]]),
      "x".repeat(101),
      false,
    );
    expect(fromPost).toEqual([PinMessages.title]);
  });

  it("says nothing about other networks", () => {
    expect(pinProblems([{ platform: "twitter", accountId: "x" }], new Map(), null, false)).toEqual([]);
  });
});

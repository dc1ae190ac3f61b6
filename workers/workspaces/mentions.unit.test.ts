import { describe, expect, it } from "vitest";
import { mentionedMembers, mentionSpans } from "./mentions";

const members = [
  { id: "ann", displayName: "Ann", email: "ann.lee@example.com" },
  { id: "anna", displayName: "Anna Berg", email: "anna@example.com" },
  { id: "omar", displayName: "Omar Said", email: "os@example.com" },
];

describe("mentionedMembers", () => {
  it("finds members by their full display name, spaces included, whatever the case", () => {
    expect(mentionedMembers("@anna berg can you check?", members)).toEqual(["anna"]);
    expect(mentionedMembers("Thanks @Omar Said and @Ann.", members)).toEqual(["ann", "omar"]);
  });

  it("finds members by the name part of their email", () => {
    expect(mentionedMembers("cc @os", members)).toEqual(["omar"]);
    expect(mentionedMembers("cc @ann.lee", members)).toEqual(["ann"]);
  });

  it("does not match a name inside a longer one, an email address, or without the @", () => {
    expect(mentionedMembers("@Annabel please", members)).toEqual([]);
    expect(mentionedMembers("write to x@ann for that", members)).toEqual([]);
    expect(mentionedMembers("Ann and Omar Said", members)).toEqual([]);
  });
});

describe("mentionSpans", () => {
  it("says where each mention sits, in reading order", () => {
    const body = "@os, then @Anna Berg.";
    expect(mentionSpans(body, members)).toEqual([
      { start: 0, end: 3, memberId: "omar" },
      { start: 10, end: 20, memberId: "anna" },
    ]);
    expect(body.slice(10, 20)).toBe("@Anna Berg");
  });

  it("prefers the longer of two names at one @, so a member named like the start of another is not mentioned too", () => {
    const both = [...members, { id: "ann-lee", displayName: "Ann Lee", email: "al@example.com" }];
    expect(mentionSpans("Ask @Ann Lee today", both)).toEqual([{ start: 4, end: 12, memberId: "ann-lee" }]);
    expect(mentionedMembers("Ask @Ann Lee and @Ann", both)).toEqual(["ann", "ann-lee"]);
  });
});

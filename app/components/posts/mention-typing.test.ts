import { describe, expect, it } from "vitest";
import { insertMention, mentionAtCaret, mentionSuggestions } from "./mention-typing";

const members = [
  { id: "olga", displayName: "Olga Owner", email: "olga@example.com" },
  { id: "eddie", displayName: "Eddie Editor", email: "ed.e@example.com" },
  { id: "omar", displayName: "Omar Said", email: "os@example.com" },
];

describe("mentionAtCaret", () => {
  it("finds the @name being typed at the caret, spaces included", () => {
    expect(mentionAtCaret("Hi @Ed", 6)).toEqual({ start: 3, query: "Ed" });
    expect(mentionAtCaret("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionAtCaret("ok (@Eddie Ed", 13)).toEqual({ start: 4, query: "Eddie Ed" });
  });

  it("ignores an email address, another line, a finished mention and text after the caret", () => {
    expect(mentionAtCaret("mail x@ed", 9)).toBeNull();
    expect(mentionAtCaret("@Ed\nthanks", 10)).toBeNull();
    expect(mentionAtCaret("@Eddie Editor  and more", 23)).toBeNull();
    expect(mentionAtCaret("no mention @Ed", 5)).toBeNull();
  });
});

describe("mentionSuggestions", () => {
  it("matches the start of the name, of any word of it, or of the email name, whatever the case", () => {
    expect(mentionSuggestions(members, "o").map((m) => m.id)).toEqual(["olga", "omar"]);
    expect(mentionSuggestions(members, "edi").map((m) => m.id)).toEqual(["eddie"]);
    expect(mentionSuggestions(members, "OWN").map((m) => m.id)).toEqual(["olga"]);
    expect(mentionSuggestions(members, "ed.").map((m) => m.id)).toEqual(["eddie"]);
    expect(mentionSuggestions(members, "zed")).toEqual([]);
    expect(mentionSuggestions(members, "", 2)).toHaveLength(2);
  });
});

describe("insertMention", () => {
  it("replaces what was typed with the full name and a space, and puts the caret after it", () => {
    const text = "Hi @ed what now";
    expect(insertMention(text, 6, { start: 3, query: "ed" }, members[1]!)).toEqual({
      text: "Hi @Eddie Editor what now",
      caret: 17,
    });
    expect(insertMention("@o", 2, { start: 0, query: "o" }, members[0]!)).toEqual({ text: "@Olga Owner ", caret: 12 });
  });
});

import { describe, expect, it } from "vitest";
import { fillTemplate, hashtagsOf, withoutSignature, withSignature } from "./rules";
import { pieceBody } from "./schemas";

describe("hashtag groups", () => {
  it("take tags as people type them, with or without #, once each", () => {
    expect(hashtagsOf("bakery, #fresh  #bread\n#bakery")).toEqual(["#bakery", "#fresh", "#bread"]);
    expect(hashtagsOf("#café #春")).toEqual(["#café", "#春"]);
  });
  it("refuse what is not a hashtag, none at all, or more than 30", () => {
    expect(hashtagsOf("#fresh #not-a-tag")).toBeNull();
    expect(hashtagsOf("  ")).toBeNull();
    expect(hashtagsOf(Array.from({ length: 31 }, (_, i) => `#t${i}`).join(" "))).toBeNull();
  });
});

describe("caption templates", () => {
  // A Sunday evening in New York is already Monday in UTC: the author's zone decides the day.
  const sundayEvening = Date.UTC(2025, 2, 10, 1, 30);
  it("fill the post's date and time in the author's zone", () => {
    expect(fillTemplate("{weekday} special, {date} at {time}", sundayEvening, "America/New_York")).toBe(
      "Sunday special, March 9, 2025 at 9:30 PM",
    );
    expect(fillTemplate("{weekday} in {month} {year}", sundayEvening, "UTC")).toBe("Monday in March 2025");
  });
  it("keep a variable they do not know as written, for the author to fill in", () => {
    expect(fillTemplate("Today's {dish} for {weekday}", sundayEvening, "UTC")).toBe("Today's {dish} for Monday");
  });
});

describe("signatures", () => {
  it("are added once, on a line of their own", () => {
    expect(withSignature("Fresh bread today", "— Team Bakery")).toBe("Fresh bread today\n\n— Team Bakery");
    expect(withSignature("Fresh bread today\n\n— Team Bakery\n", "— Team Bakery")).toBe(
      "Fresh bread today\n\n— Team Bakery\n",
    );
    expect(withSignature("", "— Team Bakery")).toBe("— Team Bakery");
  });
  it("are removed only when the text ends with them", () => {
    expect(withoutSignature("Fresh bread today\n\n— Team Bakery", "— Team Bakery")).toBe("Fresh bread today");
    expect(withoutSignature("— Team Bakery said hi", "— Team Bakery")).toBe("— Team Bakery said hi");
  });
});

describe("what the API accepts", () => {
  it("stores a hashtag group as its tags and needs a channel for a signature", () => {
    expect(pieceBody.parse({ kind: "hashtags", name: "Bakery", body: "bread, #fresh" })).toEqual({
      kind: "hashtags",
      name: "Bakery",
      body: "#bread #fresh",
      platform: null,
    });
    const unsigned = pieceBody.safeParse({ kind: "signature", name: "Sign-off", body: "— Team" });
    expect(unsigned.error?.issues[0]?.message).toBe("A signature belongs to one channel: please choose it");
    expect(pieceBody.parse({ kind: "template", name: "Menu", body: "{weekday}", platform: "twitter" }).platform).toBe(
      null,
    );
  });
});

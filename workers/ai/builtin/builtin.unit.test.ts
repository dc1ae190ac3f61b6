import { describe, expect, it } from "vitest";
import { PLATFORMS } from "../../platform-profile";
import { CHARACTER_LIMITS, characterCount, HASHTAG_LIMITS, trimToLimit } from "../limits";
import { TONES } from "../schemas";
import { fleschReadingEase, hashtagsIn, keywords, sentencesIn, syllables, textStats, toHashtag } from "../text";
import { assess } from "./analyze";
import { generatePost, topicOf } from "./generate";
import { suggestHashtags } from "./hashtags";
import { namedEntities, suggestMentions } from "./mentions";
import { optimizeFor } from "./optimize";

const COFFEE =
  "Our new cold brew coffee is finally here. Cold brew coffee steeped for 18 hours, smooth and bold. " +
  "Visit the Downtown Roastery this weekend to taste the cold brew with Jane Doe from Acme Beans.";

describe("text measurements", () => {
  it("counts sentences, words, hashtags, mentions and emoji", () => {
    const s = textStats("Hello world. This is great! Ready? 🎉 #launch #coffee @acme");
    expect(s).toMatchObject({ sentences: 3, words: 6, hashtagCount: 2, mentionCount: 1, emojiCount: 1 });
  });
  it("estimates syllables and Flesch reading ease", () => {
    expect(syllables("cat")).toBe(1);
    expect(syllables("coffee")).toBe(2);
    expect(syllables("university")).toBeGreaterThanOrEqual(4);
    expect(fleschReadingEase("The cat sat on the mat.")).toBeGreaterThan(90);
    expect(
      fleschReadingEase("Organizational transformation necessitates comprehensive institutional reconsideration."),
    ).toBeLessThan(10);
    expect(fleschReadingEase("")).toBe(0);
  });
  it("splits sentences without counting hashtags as words", () => {
    expect(sentencesIn("One. Two! #three")).toEqual(["One.", "Two!"]);
  });
  it("extracts keywords by frequency, without stop words, and joins repeated phrases", () => {
    const k = keywords(COFFEE, 5);
    expect(k[0]).toBe("cold");
    expect(k).toContain("cold brew");
    expect(k).not.toContain("the");
    expect(k).not.toContain("18");
    expect(keywords("Our team hitting 1000 customers", 5)).toEqual(["team", "customers"]);
  });
  it("builds hashtags from phrases", () => {
    expect(toHashtag("cold brew")).toBe("#ColdBrew");
    expect(toHashtag("Coffee")).toBe("#coffee");
  });
});

describe("trimToLimit", () => {
  it("cuts at a word boundary and never exceeds the limit", () => {
    const out = trimToLimit("The quick brown fox jumps over the lazy dog", 20);
    expect(out).toBe("The quick brown fox…");
    expect(characterCount(out)).toBeLessThanOrEqual(20);
    expect(trimToLimit("short", 20)).toBe("short");
    expect(characterCount(trimToLimit("🎉".repeat(50), 10))).toBe(10);
  });
});

describe("builtin hashtags", () => {
  it("suggests the content's keywords first, skipping tags already used", () => {
    const tags = suggestHashtags(`${COFFEE} #coffee`, "instagram", 10);
    expect(tags.slice(0, 2)).toEqual(["#brew", "#hours"]); // nouns first; "cold" modifies "brew"
    expect(tags).toContain("#ColdBrew");
    expect(tags).not.toContain("#coffee");
    expect(tags).toHaveLength(10);
    expect(new Set(tags.map((t) => t.toLowerCase())).size).toBe(tags.length);
  });
  it("respects the per-platform count", () => {
    for (const p of PLATFORMS) expect(suggestHashtags(COFFEE, p, 30).length).toBeLessThanOrEqual(HASHTAG_LIMITS[p]);
    expect(suggestHashtags(COFFEE, "twitter", 10)).toEqual(["#brew", "#coffee"]);
  });
  it("drops stop words and contractions and prefers the text's nouns", () => {
    const bakery =
      "Every morning we've been baking sourdough bread in our tiny kitchen, and honestly it's amazing. We've got fresh loaves every day!";
    const tags = suggestHashtags(bakery, "instagram", 6);
    expect(tags.slice(0, 2)).toEqual(["#bread", "#kitchen"]);
    for (const never of ["#every", "#weve", "#honestly", "#amazing", "#its", "#baking"])
      expect(tags).not.toContain(never);
    expect(suggestHashtags("Weve been waiting for every launch.", "twitter", 2)).toEqual(["#launch"]);
    // A verb before a determiner is not taken for a noun: "announce our launch".
    expect(
      suggestHashtags("We're thrilled to announce our new product launch for small businesses.", "linkedin", 2),
    ).toEqual(["#launch", "#businesses"]);
  });
});

describe("builtin generator", () => {
  it("turns an instruction into its topic", () => {
    expect(topicOf("Write a post about our new product launch.")).toBe("our new product launch");
    expect(topicOf("Team milestone: 1000 customers")).toBe("Team milestone: 1000 customers");
  });
  it("writes differently for each tone and is deterministic", () => {
    const posts = TONES.map((t) =>
      generatePost("Write a post about our new product launch", t, "linkedin", true, 3000),
    );
    expect(new Set(posts).size).toBe(TONES.length);
    expect(posts[2]).toContain("Our new product launch is here and it's amazing!");
    expect(generatePost("launch", "casual", "instagram", true, 2200)).toBe(
      generatePost("launch", "casual", "instagram", true, 2200),
    );
  });
  it("adds hashtags only when asked and within the platform's count", () => {
    const prompt = "Coffee tasting event for coffee lovers with cold brew and espresso";
    expect(hashtagsIn(generatePost(prompt, "casual", "instagram", false, 2200))).toEqual([]);
    expect(hashtagsIn(generatePost(prompt, "casual", "instagram", true, 2200)).length).toBeGreaterThan(0);
    expect(hashtagsIn(generatePost(prompt, "casual", "twitter", true, 280)).length).toBeLessThanOrEqual(2);
  });
  it("never exceeds the platform limit or maxLength", () => {
    const long = `Write about ${"sustainable packaging innovation ".repeat(300)}`;
    for (const p of PLATFORMS)
      for (const max of [20, 280, 63206]) {
        const out = generatePost(long, "educational", p, true, max);
        expect(characterCount(out)).toBeLessThanOrEqual(Math.min(max, CHARACTER_LIMITS[p]));
      }
  });
});

describe("builtin optimizer", () => {
  it("moves hashtags to the end, adds line breaks and a call to action, and lists each change", () => {
    const r = optimizeFor("#coffee Our cold brew is here. It is smooth. It is bold. It is cold. #brew", "instagram");
    expect(r.optimizedContent.endsWith("#coffee #brew")).toBe(true);
    expect(r.optimizedContent).toContain("\n\n");
    expect(r.improvements).toEqual([
      "Moved hashtags to the end of the post",
      "Added line breaks for readability",
      "Added a call to action to invite engagement",
    ]);
    expect(r.suggestions.some((s) => s.includes("9:00"))).toBe(true);
  });
  it("caps hashtags and trims to the platform limit at a word boundary", () => {
    const r = optimizeFor(`${"Great coffee makes great mornings. ".repeat(20)}#a1 #b2 #c3 #d4`, "twitter");
    expect(characterCount(r.optimizedContent)).toBeLessThanOrEqual(280);
    expect(hashtagsIn(r.optimizedContent)).toEqual(["#a1", "#b2"]);
    expect(r.improvements).toContain("Reduced hashtags from 4 to 2 (X limit)");
    expect(r.improvements.some((i) => i.startsWith("Trimmed to"))).toBe(true);
  });
  it("says so when nothing needed changing", () => {
    expect(optimizeFor("Is this our best roast yet? #coffee", "twitter").improvements).toEqual([
      "Already well suited to X; no changes were needed",
    ]);
  });
});

describe("builtin mentions", () => {
  it("finds names, not sentence starters", () => {
    expect(namedEntities(COFFEE)).toEqual(["Downtown Roastery", "Jane Doe", "Acme Beans"]);
  });
  it("suggests handles by platform convention, with existing mentions first, capped at count", () => {
    const m = suggestMentions(`Thanks @brewco! ${COFFEE}`, "linkedin", 3);
    expect(m.map((x) => x.handle)).toEqual(["@brewco", "@downtownroastery", "@janedoe"]);
    expect(m[2]).toMatchObject({ type: "person" });
    expect(m[1]!.reason).toContain("pick their profile or company page");
  });
  it("suggests nothing when the content names no one", () => {
    expect(suggestMentions("just a quiet morning with coffee", "instagram", 5)).toEqual([]);
  });
});

describe("builtin analysis", () => {
  it("rewards a readable post with hashtags, a question and emoji", () => {
    const good = assess(
      "Our cold brew is back and it tastes great. Have you tried it yet? ☕ #coffee #coldbrew",
      "instagram",
    );
    const bad = assess(
      "Organizational transformation necessitates comprehensive institutional reconsideration",
      "instagram",
    );
    expect(good.score).toBeGreaterThan(bad.score);
    expect(good.strengths).toContain("Invites engagement with a question or call to action");
    expect(bad.suggestions).toContain("End with a question or a call to action to invite comments.");
  });
  it("flags content over the platform limit", () => {
    expect(assess("word ".repeat(100), "twitter").suggestions[1]).toMatch(/over the X limit of 280/);
  });
});

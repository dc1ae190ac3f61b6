import { describe, expect, it } from "vitest";
import { feedCaption } from "../composer/preview";
import { repostBody, retryText } from "./detail-view";
import {
  cardDate,
  cardFormats,
  cardHashtags,
  channelStatuses,
  excerpt,
  heldLabel,
  statusLabel,
  statusTone,
} from "./post-view";
import type { PostJson } from "./types";

describe("post card helpers", () => {
  it("shows the first 80 characters", () => {
    expect(excerpt("short")).toBe("short");
    expect(excerpt("a".repeat(100))).toBe(`${"a".repeat(80)}…`);
  });
  it("shows the first three hashtags, written or listed, once each", () => {
    expect(cardHashtags({ content: "Hi #One and #two", hashtags: ["one", "three", "four"] })).toEqual([
      "one",
      "two",
      "three",
    ]);
  });
  it("dates a card in the user's zone", () => {
    const post = { publishedAt: null, scheduledDate: "2026-03-05T08:00:00Z", createdAt: "2026-03-01T08:00:00Z" };
    expect(cardDate(post, "Europe/Berlin")).toBe("Mar 5, 2026, 9:00 AM");
  });
  it("colours statuses as the spec says", () => {
    expect(statusTone("scheduled")).toContain("amber");
    expect(statusTone("published")).toContain("green");
    expect(statusTone("failed")).toContain("red");
    expect(statusTone("draft")).toContain("slate");
    expect(statusTone("pending_approval")).toContain("violet");
    expect(statusLabel("pending_approval")).toBe("Pending approval");
    expect(statusLabel("partially_published")).toBe("Partially published");
    expect(statusTone("partially_published")).toContain("green");
  });
  it("lists a status per channel, or the post's own without channels", () => {
    expect(channelStatuses({ status: "draft", platformPosts: [] })).toEqual([{ platform: null, status: "draft" }]);
    expect(
      channelStatuses({ status: "scheduled", platformPosts: [{ platform: "twitter", status: "failed" }] }),
    ).toEqual([{ platform: "twitter", status: "failed", label: "Failed" }]);
  });

  it("says Publishing for a claimed channel and Retrying while its retry waits, not Queued (issue 42)", () => {
    const retry = { at: "2026-03-05T09:01:00.000Z", attempt: 2, of: 5, reason: "Rate limited" };
    expect(
      channelStatuses({
        status: "publishing",
        platformPosts: [
          { platform: "linkedin", status: "queued", retry: null },
          { platform: "twitter", status: "queued", retry },
        ],
      }).map((s) => s.label),
    ).toEqual(["Publishing", "Retrying"]);
  });
});

describe("feed caption", () => {
  it("cuts Instagram at 125 characters on a word boundary and never cuts X", () => {
    const text = `${"word ".repeat(40)}end`;
    const ig = feedCaption(text, "instagram");
    expect(ig.truncated).toBe(true);
    expect(ig.shown.length).toBeLessThanOrEqual(125);
    expect(ig.shown.endsWith("word")).toBe(true);
    expect(feedCaption(text, "twitter")).toEqual({ shown: text, truncated: false });
    expect(feedCaption("short", "linkedin").truncated).toBe(false);
  });
});

describe("repost", () => {
  it("copies content, platforms, non-empty accounts, media, tags and category, and publishes now", () => {
    const post = {
      content: "Hi",
      platforms: ["twitter", "linkedin"],
      selectedAccounts: { twitter: ["x1"], linkedin: [] },
      media: [{ id: "m1" }],
      hashtags: ["a"],
      mentions: ["b"],
      metadata: { category: "news", source: "web" },
      title: null,
      youtubeVideo: null,
    } as unknown as PostJson;
    expect(repostBody(post)).toEqual({
      content: "Hi",
      platforms: ["twitter", "linkedin"],
      selectedAccounts: { twitter: ["x1"] },
      media: ["m1"],
      hashtags: ["a"],
      mentions: ["b"],
      metadata: { category: "news", source: "web" },
      title: null,
      youtubeVideo: null,
      publishNow: true,
    });
  });
});

describe("heldLabel", () => {
  it("names what a held channel waits for", () => {
    expect(heldLabel("account_disconnected")).toBe("Waiting for reconnect");
    expect(heldLabel("account_needs_reconnect")).toBe("Waiting for reconnect");
    expect(heldLabel("media_deleted")).toBe("Media deleted");
    expect(heldLabel(undefined)).toBe("On hold");
  });
});

describe("retryText", () => {
  it("says when, which attempt and why, in the user's zone", () => {
    const retry = { at: "2026-03-05T13:05:00.000Z", attempt: 2, of: 5, reason: "Service Unavailable" };
    expect(retryText(retry, "Europe/Berlin")).toBe("Retrying at 2:05 PM (attempt 2 of 5): Service Unavailable");
    expect(retryText({ ...retry, reason: null }, "UTC")).toBe("Retrying at 1:05 PM (attempt 2 of 5)");
  });
});

describe("cardFormats", () => {
  it("names each channel that is a Reel, a Story or a Short, once, and nothing for feed posts", () => {
    const post = {
      channels: [
        { platform: "instagram", options: { format: "reel" } },
        { platform: "instagram", options: { format: "reel" } },
        { platform: "facebook", options: { format: "story" } },
        { platform: "youtube", options: { format: "short" } },
        { platform: "linkedin", options: { visibility: "PUBLIC" } },
        { platform: "twitter", options: null },
      ],
    };
    expect(cardFormats(post)).toEqual(["Instagram Reel", "Facebook Story", "YouTube Short"]);
  });
});

import { describe, expect, it } from "vitest";
import type { PostJson } from "../posts/types";
import {
  footerBlocked,
  initialForm,
  moveItem,
  ownTitleShown,
  requestBody,
  withChannel,
  withoutItem,
  withPlatforms,
} from "./composer-form";

const now = Date.parse("2026-03-05T10:00:00Z");

describe("composer form", () => {
  it("starts now + 1 h in the user's zone, in Now mode, or Later on a planner day", () => {
    const form = initialForm({ text: "From the AI page" }, now, "Europe/Berlin");
    expect(form).toMatchObject({
      content: "From the AI page",
      mode: "now",
      localDate: "2026-03-05",
      localTime: "12:00",
    });
    expect(initialForm({ day: "2026-03-09" }, now, "Europe/Berlin")).toMatchObject({
      mode: "later",
      localDate: "2026-03-09",
      localTime: "12:00",
    });
  });
  it("prefills an edited post with its local schedule and fields", () => {
    const post = {
      content: "Hi",
      platforms: ["twitter"],
      selectedAccounts: { twitter: ["a1"] },
      hashtags: ["one"],
      mentions: ["ann"],
      media: [],
      title: null,
      youtubeVideo: null,
      status: "scheduled",
      scheduledDate: "2026-10-26T08:00:00.000Z",
    } as unknown as PostJson;
    expect(initialForm({ post }, now, "Europe/Berlin")).toMatchObject({
      hashtags: "#one",
      mentions: "@ann",
      mode: "later",
      localDate: "2026-10-26",
      localTime: "09:00",
    });
  });
  it("Duplicate post starts a new post with the copy's content, channels and versions, at a fresh time (issue 42)", () => {
    const post = {
      content: "Launch",
      platforms: ["twitter"],
      selectedAccounts: { twitter: ["a1"] },
      hashtags: ["one"],
      mentions: [],
      media: [],
      title: null,
      youtubeVideo: null,
      status: "published",
      scheduledDate: "2026-01-05T08:00:00.000Z",
      channels: [{ platform: "twitter", accountId: "a1", text: "Launch on X" }],
    } as unknown as PostJson;
    const copy = initialForm({ copyOf: post }, now, "Europe/Berlin");
    expect(copy).toMatchObject({
      content: "Launch",
      platforms: ["twitter"],
      selectedAccounts: { twitter: ["a1"] },
      hashtags: "#one",
      channels: [{ platform: "twitter", accountId: "a1", text: "Launch on X" }],
      mode: "now",
    });
    // Its time is a new post's (now + 1 h), not the January date it was published at.
    expect(copy.localDate).toBe(initialForm({}, now, "Europe/Berlin").localDate);
    expect(copy.localTime).toBe(initialForm({}, now, "Europe/Berlin").localTime);
  });
  it("deselecting a platform clears its accounts", () => {
    const form = {
      ...initialForm({}, now, "UTC"),
      platforms: ["twitter", "linkedin"] as const,
      selectedAccounts: { twitter: ["x1"], linkedin: ["l1"] },
    };
    expect(withPlatforms({ ...form, platforms: [...form.platforms] }, ["linkedin"]).selectedAccounts).toEqual({
      linkedin: ["l1"],
    });
  });
  it("choosing a network with one connected account selects it; with several, none", () => {
    const accounts = [
      { id: "x1", platform: "twitter", connected: true },
      { id: "l1", platform: "linkedin", connected: true },
      { id: "i1", platform: "instagram", connected: true },
      { id: "i2", platform: "instagram", connected: true },
      { id: "y1", platform: "youtube", connected: false },
    ];
    const form = initialForm({}, now, "UTC");
    const next = withPlatforms(form, ["twitter", "instagram", "youtube"], accounts);
    expect(next.selectedAccounts).toEqual({ twitter: ["x1"] });
    // A network already chosen keeps what the user did with it (here: unticked its only account).
    expect(
      withPlatforms({ ...next, selectedAccounts: {} }, ["twitter", "linkedin"], accounts).selectedAccounts,
    ).toEqual({ linkedin: ["l1"] });
  });
  it("builds the request for each button", () => {
    const form = {
      ...initialForm({ day: "2026-03-09" }, now, "Europe/Berlin"),
      platforms: ["twitter" as const],
      content: "Hi",
      hashtags: "#a b",
    };
    expect(requestBody(form, "schedule", "Europe/Berlin")).toMatchObject({
      status: "scheduled",
      publishNow: false,
      hashtags: ["a", "b"],
      scheduledDate: { localDate: "2026-03-09", localTime: "12:00" },
      timezone: "Europe/Berlin",
      selectedAccounts: { twitter: [] },
    });
    expect(requestBody(form, "now", "Europe/Berlin")).toMatchObject({ publishNow: true, scheduledDate: null });
    expect(requestBody({ ...form, mode: "now" }, "draft", "Europe/Berlin")).toMatchObject({
      status: "draft",
      scheduledDate: null,
    });
  });
  it("keeps a channel's version while it overrides something and its account is chosen", () => {
    const form = {
      ...initialForm({}, now, "UTC"),
      platforms: ["twitter" as const, "linkedin" as const],
      selectedAccounts: { twitter: ["x1"], linkedin: ["l1"] },
    };
    const custom = withChannel(form, "twitter", "x1", (c) => ({ ...c, text: "For X" }));
    expect(custom.channels).toEqual([{ platform: "twitter", accountId: "x1", text: "For X" }]);
    expect(requestBody(custom, "draft", "UTC").channels).toHaveLength(1);
    // Reset drops the version once it overrides nothing; an unticked account drops it from the request.
    expect(withChannel(custom, "twitter", "x1", (c) => ({ ...c, text: null })).channels).toEqual([]);
    expect(requestBody({ ...custom, selectedAccounts: { linkedin: ["l1"] } }, "draft", "UTC").channels).toEqual([]);
    expect(withPlatforms(custom, ["linkedin"]).channels).toEqual([]);
  });

  it("reorders and removes thread parts", () => {
    const parts = ["a", "b", "c"];
    expect(moveItem(parts, 1, -1)).toEqual(["b", "a", "c"]);
    expect(moveItem(parts, 1, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(parts, 0, -1)).toEqual(parts);
    expect(moveItem(parts, 2, 1)).toEqual(parts);
    expect(withoutItem(parts, 1)).toEqual(["a", "c"]);
    expect(parts).toEqual(["a", "b", "c"]);
  });

  it("a channel over its limit stops sending, never Save as Draft (issue 42)", () => {
    const idle = { busy: false, over: false, converting: false, problems: 0 };
    expect(footerBlocked({ ...idle, over: true })).toEqual({ draft: false, send: true });
    expect(footerBlocked({ ...idle, problems: 2 })).toEqual({ draft: false, send: true });
    expect(footerBlocked({ ...idle, converting: true })).toEqual({ draft: false, send: true });
    expect(footerBlocked({ ...idle, busy: true })).toEqual({ draft: true, send: true });
    expect(footerBlocked(idle)).toEqual({ draft: false, send: false });
  });

  it("one YouTube channel has one title field; several, or a channel with its own title, get their own (issue 42)", () => {
    const one = { selectedAccounts: { youtube: ["yt-1"] }, channels: [] };
    expect(ownTitleShown(one, "yt-1")).toBe(false);
    expect(ownTitleShown({ ...one, selectedAccounts: { youtube: ["yt-1", "yt-2"] } }, "yt-1")).toBe(true);
    const titled = { ...one, channels: [{ platform: "youtube" as const, accountId: "yt-1", title: "Own" }] };
    expect(ownTitleShown(titled, "yt-1")).toBe(true);
  });
});

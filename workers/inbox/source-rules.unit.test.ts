import { describe, expect, it } from "vitest";
import type { InboxAdapter } from "../platforms";
import { PlatformError } from "../platforms";
import { sourceRefusal, sourcesOf, sourceView, unavailableView } from "./source-rules";

const fail = (status: number, extra: Partial<PlatformError["details"]> = {}) =>
  new PlatformError("retryable", "Nope.", { platform: "twitter", status, ...extra });

describe("inbox sources", () => {
  it("reads comments always, and each other source the network's adapter offers", () => {
    const base = { platform: "twitter", comments: async () => [] } as InboxAdapter;
    expect(sourcesOf(base)).toEqual(["comments"]);
    expect(sourcesOf({ ...base, mentions: async () => [], messages: async () => [] })).toEqual([
      "comments",
      "mentions",
      "messages",
    ]);
  });

  it("says why a source failed and what helps: reconnect for a permission, wait for a limit, else the next check", () => {
    expect(sourceRefusal("messages", fail(403, { denied: { permission: "dm.read" } }))).toBe(
      "Direct messages are not read: Nope. Reconnect the account to allow them.",
    );
    expect(sourceRefusal("mentions", fail(429, { retryAfterMs: 1000 }))).toBe(
      "Mentions are waiting: the network is limiting requests (Nope.). The next check reads them.",
    );
    expect(sourceRefusal("reviews", fail(503, { retryAfterMs: 60_000 }))).toBe(
      "Reviews could not be read: Nope. The next check tries again from where it stopped.",
    );
    expect(sourceRefusal("comments", new Error("socket hang up"))).toMatch(/^Comments could not be read: socket/);
  });

  it("shows a source as read, failing with its reason, or not read yet", () => {
    const row = { source: "reviews" as const, newestAt: null, remoteCursor: "c", checkedAt: 2_000, okAt: 1_000 };
    expect(sourceView("reviews", { ...row, error: null })).toMatchObject({ state: "ok", reason: null });
    expect(sourceView("reviews", { ...row, error: "Down." })).toMatchObject({
      state: "failing",
      reason: "Down.",
      okAt: new Date(1_000).toISOString(),
    });
    expect(sourceView("reviews", undefined)).toMatchObject({ state: "waiting", checkedAt: null });
    expect(unavailableView("No API.")).toMatchObject({ source: null, state: "unavailable", reason: "No API." });
  });
});

import { describe, expect, it } from "vitest";
import { bellLabel } from "./bell-label";
import { noticeHref, noticeTime, noticeTitle } from "./notices";

describe("notices", () => {
  it("lead to their post, on the discussion for mentions and client feedback", () => {
    expect(noticeHref({ kind: "approval_requested", postId: "p 1" })).toBe("/content?post=p%201");
    expect(noticeHref({ kind: "mention", postId: "p1" })).toBe("/content?post=p1&view=comments");
    expect(noticeHref({ kind: "client_review", postId: "p1" })).toBe("/content?post=p1&view=comments");
    expect(noticeHref({ kind: "approved", postId: null })).toBe("/content");
  });

  it("name their kind, and the bell says how many are unread", () => {
    expect(noticeTitle("rejected")).toBe("Sent back");
    expect(noticeTitle("something_new")).toBe("Notice");
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(bellLabel(250)).toBe("Notifications, 99+ unread");
    expect(noticeTitle("publish_failed")).toBe("Failed to publish");
  });

  it("say when in the viewer's zone, never as the stored instant", () => {
    // Fixed instants: a pure rule given its own time.
    expect(noticeTime("2026-03-29T00:30:00.000Z", "Europe/Berlin")).toBe("Mar 29, 2026, 1:30 AM");
    // The same instant an hour after Berlin's spring-forward gap reads in summer time.
    expect(noticeTime("2026-03-29T01:30:00.000Z", "Europe/Berlin")).toBe("Mar 29, 2026, 3:30 AM");
    expect(noticeTime("2026-12-05T12:00:00.000Z", "Asia/Tokyo")).toBe("Dec 5, 2026, 9:00 PM");
  });
});

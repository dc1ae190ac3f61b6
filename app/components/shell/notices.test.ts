import { describe, expect, it } from "vitest";
import { bellLabel } from "./bell-label";
import { noticeHref, noticeTitle } from "./notices";

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
});

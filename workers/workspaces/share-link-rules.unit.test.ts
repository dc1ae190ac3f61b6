import { describe, expect, it } from "vitest";
import { Gone } from "../errors";
import { excerpt } from "../posts/excerpt";
import { clientReviewNotice, ShareMessages, sharedTiming, shareLinkRefusal, shareLinkState } from "./share-link-rules";

describe("share link rules", () => {
  const now = 1_000_000;
  it("a link answers until it expires or is revoked", () => {
    expect(shareLinkRefusal({ expiresAt: now + 1, revokedAt: null }, now)).toBeNull();
    expect(shareLinkRefusal({ expiresAt: now, revokedAt: null }, now)).toEqual(new Gone(ShareMessages.expired));
    expect(shareLinkRefusal({ expiresAt: now + 1, revokedAt: now - 5 }, now)).toEqual(new Gone(ShareMessages.revoked));
    expect(shareLinkState({ expiresAt: now - 1, revokedAt: now - 5 }, now)).toBe("revoked");
    expect(shareLinkState({ expiresAt: now - 1, revokedAt: null }, now)).toBe("expired");
  });

  it("tells the author who decided what, with the comment", () => {
    expect(clientReviewNotice({ label: "Acme", decision: "approved", comment: null, excerpt: "Hello" })).toEqual({
      message: 'A client (link "Acme") approved "Hello".',
      subject: "A client approved your post",
    });
    expect(
      clientReviewNotice({ label: "Acme", decision: "changes_requested", comment: "Bluer", excerpt: "Hi" }).message,
    ).toBe('A client (link "Acme") asked for changes to "Hi": Bluer');
  });

  it("says a post's time is planned only while it is ahead and the post is to go out at it", () => {
    const at = (ms: number) => new Date(ms).toISOString();
    expect(sharedTiming({ status: "scheduled", scheduledDate: at(now + 1) }, now)).toBe("planned");
    expect(sharedTiming({ status: "pending_approval", scheduledDate: at(now + 1) }, now)).toBe("planned");
    expect(sharedTiming({ status: "scheduled", scheduledDate: at(now) }, now)).toBe("was_planned");
    expect(sharedTiming({ status: "failed", scheduledDate: at(now - 1) }, now)).toBe("was_planned");
    // A post sent back to draft keeps its time; nothing is planned for it.
    expect(sharedTiming({ status: "draft", scheduledDate: at(now + 1) }, now)).toBe("not_scheduled");
    expect(sharedTiming({ status: "pending_approval", scheduledDate: null }, now)).toBe("not_scheduled");
    expect(sharedTiming({ status: "changes_requested", scheduledDate: at(now + 1) }, now)).toBe("held");
    expect(sharedTiming({ status: "published", scheduledDate: at(now - 1) }, now)).toBe("published");
  });

  it("cuts long posts to an excerpt", () => {
    expect(excerpt("a\n b")).toBe("a b");
    expect(excerpt("x".repeat(70), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

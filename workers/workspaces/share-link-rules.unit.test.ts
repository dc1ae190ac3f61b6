import { describe, expect, it } from "vitest";
import { Gone } from "../errors";
import { excerpt } from "../posts/excerpt";
import { clientReviewNotice, ShareMessages, shareLinkRefusal, shareLinkState } from "./share-link-rules";

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

  it("cuts long posts to an excerpt", () => {
    expect(excerpt("a\n b")).toBe("a b");
    expect(excerpt("x".repeat(70), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

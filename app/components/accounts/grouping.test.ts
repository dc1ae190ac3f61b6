import { describe, expect, it } from "vitest";
import type { AccountView } from "../../../workers/accounts/view";
import {
  audienceText,
  cardsFor,
  connectButtonLabel,
  displayType,
  groupAccounts,
  healthLine,
  namesLookAlike,
} from "./grouping";

let n = 0;
function account(over: Partial<AccountView>): AccountView {
  n += 1;
  const id = over._id ?? `acc${n}`;
  return {
    _id: id,
    id,
    accountId: id,
    platform: "instagram",
    platformUserId: `p${n}`,
    username: `user${n}`,
    name: `User ${n}`,
    displayName: `user${n}`,
    accountName: `user${n}`,
    profilePicture: null,
    followerCount: 10,
    accountType: "business",
    connectionType: "standard",
    isCompanyPage: false,
    companyName: null,
    pageId: null,
    companyId: null,
    connectedTo: null,
    fbUserId: null,
    fbUsername: null,
    fbProfilePicture: null,
    fbFollowerCount: null,
    ownerKey: null,
    connected: true,
    status: "connected",
    statusReason: null,
    health: { state: "ok", expiresAt: null, reason: null },
    accessExpiresAt: null,
    lastVerifiedAt: null,
    connectedAt: "2026-01-01T00:00:00.000Z",
    metadata: {},
    ...over,
  };
}

describe("display types and counts", () => {
  it("follow SPEC §4", () => {
    expect(displayType({ platform: "instagram", connectionType: "direct", isCompanyPage: false })).toBe(
      "Instagram Only",
    );
    expect(displayType({ platform: "instagram", connectionType: "standard", isCompanyPage: false })).toBe(
      "Full Access",
    );
    expect(displayType({ platform: "facebook", connectionType: "standard", isCompanyPage: false })).toBe(
      "Business Page",
    );
    expect(displayType({ platform: "facebook", connectionType: "standard", isCompanyPage: false }, true)).toBe(
      "View Only",
    );
    expect(displayType({ platform: "linkedin", connectionType: "standard", isCompanyPage: true })).toBe("Company Page");
    expect(displayType({ platform: "linkedin", connectionType: "standard", isCompanyPage: false })).toBe(
      "Personal Profile",
    );
    expect(displayType({ platform: "youtube", connectionType: "standard", isCompanyPage: false })).toBe("Channel");
    expect(displayType({ platform: "google_business", connectionType: "standard", isCompanyPage: false })).toBe(
      "Location",
    );
    expect(audienceText("youtube", 1500)).toBe("1.5K subscribers");
    expect(audienceText("instagram", 2_340_000)).toBe("2.3M followers");
    expect(audienceText("instagram", null)).toBe("-");
  });
});

describe("derived Facebook card", () => {
  it("appears for an Instagram account when no Facebook account exists, view-only, from fb fields", () => {
    const ig = account({ _id: "ig1", connectionType: "direct", fbUsername: null, profilePicture: "pic" });
    const cards = cardsFor([ig]);
    expect(cards.map((c) => c.id)).toEqual(["ig1", "ig1-fb"]);
    expect(cards[1]).toMatchObject({
      platform: "facebook",
      username: "Facebook (linked via Instagram)",
      profilePicture: "pic",
      audience: "-",
      status: "View Only",
      viewOnly: true,
      accountId: "ig1",
    });
    expect(cardsFor([ig, account({ platform: "facebook" })]).some((c) => c.viewOnly)).toBe(false);
    expect(cardsFor([account({ metadata: { hideFacebookLink: true } })]).some((c) => c.platform === "facebook")).toBe(
      false,
    );
  });
});

describe("grouping", () => {
  it("groups by owner key, connectedTo, fbUserId and look-alike names; orders platforms; prefers a First Last name", () => {
    const ig = account({ _id: "a", username: "sunrisebakery", displayName: "Sunrise Bakery", ownerKey: "k1" });
    const fb = account({ _id: "b", platform: "facebook", displayName: "Sunrise Bakery", ownerKey: "k1" });
    const li = account({ _id: "c", platform: "linkedin", displayName: "Maya Lopez" });
    const yt = account({ _id: "d", platform: "youtube", displayName: "Maya's channel", fbUserId: null });
    const fb2 = account({ _id: "e", platform: "facebook", displayName: "Trailhead Official Page" });
    const ig2 = account({ _id: "f", username: "trailhead", displayName: "Trailhead" });
    const groups = groupAccounts([li, fb, ig, yt, fb2, ig2]);
    const shape = groups.map((g) => g.cards.map((c) => c.id));
    expect(shape).toContainEqual(["a", "b"]);
    expect(shape).toContainEqual(["f", "e"]);
    expect(shape).toContainEqual(["c"]);
    expect(groups.find((g) => g.cards[0]!.id === "a")!.name).toBe("Sunrise Bakery");
    const byConnected = groupAccounts([
      account({ _id: "x", platformUserId: "page9", platform: "facebook", displayName: "Zeta" }),
      account({ _id: "y", connectedTo: "page9", displayName: "Omega" }),
    ]);
    expect(byConnected).toHaveLength(1);
    expect(byConnected[0]!.cards.map((c) => c.platform)).toEqual(["instagram", "facebook"]);
    const named = groupAccounts([
      account({ _id: "m", ownerKey: "k", displayName: "brand" }),
      account({ _id: "n", platform: "facebook", ownerKey: "k", displayName: "Jane Doe" }),
    ]);
    expect(named[0]!.name).toBe("Jane Doe");
  });

  it("does not merge names shorter than 3 characters after stripping noise words", () => {
    expect(namesLookAlike("AB Studio", "AB Official")).toBe(false);
    expect(namesLookAlike("Sunrise Design", "sunrise")).toBe(true);
  });

  it("labels the connect button", () => {
    expect(connectButtonLabel([])).toBe("Connect Social Account");
    expect(connectButtonLabel([account({ platform: "linkedin" })])).toBe("Connect Social Account");
    expect(connectButtonLabel([account({})])).toBe("Add Another Social Account");
  });
});

describe("healthLine", () => {
  it("says when a connection expires and when it was last checked on the reader's day, not UTC's (ADR 123)", () => {
    // 03:00 UTC on March 6 is still the evening of March 5 in New York.
    const expiring = account({ health: { state: "expiring", expiresAt: "2026-03-06T03:00:00.000Z", reason: null } });
    expect(healthLine(expiring, "America/New_York")).toEqual({ state: "expiring", text: "Expiring on Mar 5, 2026" });
    expect(healthLine(expiring, "Asia/Tokyo")).toEqual({ state: "expiring", text: "Expiring on Mar 6, 2026" });
    const ok = account({ lastVerifiedAt: "2026-03-06T03:00:00.000Z" });
    expect(healthLine(ok, "America/New_York")).toEqual({ state: "ok", text: "OK · checked Mar 5, 2026" });
    expect(healthLine(account({}), "America/New_York")).toBeNull();
    expect(
      healthLine(account({ health: { state: "needs_reconnect", expiresAt: null, reason: "Reconnect" } }), "UTC"),
    ).toBeNull();
  });
});

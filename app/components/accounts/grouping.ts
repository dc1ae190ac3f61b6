import type { AccountView } from "../../../workers/accounts/index";
import { formatDate } from "../../lib/format";

/**
 * SPEC §3 "Derived Facebook card" and §4 "Account display types" / "Grouping of accounts", as pure functions.
 */

export interface AccountCard {
  id: string;
  platform: AccountView["platform"];
  username: string;
  displayName: string;
  profilePicture: string | null;
  followerCount: number | null;
  displayType: string;
  /** "N followers", "N subscribers" or "-". */
  audience: string;
  status: "Connected" | "View Only" | "Needs reconnect";
  viewOnly: boolean;
  /** The stored account this card disconnects (a derived card points at its Instagram account). */
  accountId: string;
  account: AccountView | null;
}

export interface AccountGroup {
  key: string;
  name: string;
  cards: AccountCard[];
}

const ORDER = ["instagram", "facebook", "linkedin", "twitter", "youtube", "threads"];
const NOISE = ["developer", "design", "studio", "agency", "page", "official", "business"];

export function displayType(
  a: Pick<AccountView, "platform" | "connectionType" | "isCompanyPage">,
  derived = false,
): string {
  switch (a.platform) {
    case "instagram":
      return a.connectionType === "direct" ? "Instagram Only" : "Full Access";
    case "facebook":
      return derived ? "View Only" : "Business Page";
    case "linkedin":
      return a.isCompanyPage ? "Company Page" : "Personal Profile";
    case "youtube":
      return "Channel";
    // A Business Profile is connected one business location at a time ("Profile" would name it twice).
    case "google_business":
      return "Location";
    default:
      return "Profile";
  }
}

export function formatCount(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}K`;
  return String(n);
}

export function audienceText(platform: string, count: number | null): string {
  if (count === null || count === undefined) return "-";
  return `${formatCount(count)} ${platform === "youtube" ? "subscribers" : "followers"}`;
}

function card(a: AccountView): AccountCard {
  return {
    id: a._id,
    platform: a.platform,
    username: a.username,
    displayName: a.displayName,
    profilePicture: a.profilePicture,
    followerCount: a.followerCount,
    displayType: displayType(a),
    audience: audienceText(a.platform, a.followerCount),
    status: a.status === "needs_reconnect" ? "Needs reconnect" : "Connected",
    viewOnly: false,
    accountId: a._id,
    account: a,
  };
}

/** An Instagram account with no Facebook account shows a view-only Facebook card (SPEC §3). */
function derivedFacebook(ig: AccountView): AccountCard {
  return {
    id: `${ig._id}-fb`,
    platform: "facebook",
    username: ig.fbUsername ?? "Facebook (linked via Instagram)",
    displayName: ig.fbUsername ?? "Facebook (linked via Instagram)",
    profilePicture: ig.fbProfilePicture ?? ig.profilePicture,
    followerCount: ig.fbFollowerCount,
    displayType: "View Only",
    audience: ig.fbFollowerCount === null ? "-" : audienceText("facebook", ig.fbFollowerCount),
    status: "View Only",
    viewOnly: true,
    accountId: ig._id,
    account: null,
  };
}

export function cardsFor(accounts: AccountView[]): AccountCard[] {
  const cards = accounts.filter((a) => !(a.platform === "facebook" && a.metadata.hideFacebookLink)).map(card);
  if (!accounts.some((a) => a.platform === "facebook")) {
    for (const ig of accounts)
      if (ig.platform === "instagram" && !ig.metadata.hideFacebookLink) cards.push(derivedFacebook(ig));
  }
  return cards;
}

export function normalizedName(name: string): string {
  let n = name.toLowerCase();
  for (const w of NOISE) n = n.replaceAll(w, "");
  return n.replace(/[^a-z0-9]/g, "");
}

/** Instagram and Facebook names "look alike": one contains the other after stripping noise words (≥3 chars). */
export function namesLookAlike(a: string, b: string): boolean {
  const x = normalizedName(a);
  const y = normalizedName(b);
  if (x.length < 3 || y.length < 3) return false;
  return x.includes(y) || y.includes(x);
}

function linked(a: AccountCard, b: AccountCard): boolean {
  const base = (id: string) => id.replace(/-fb$/, "");
  if (base(a.id) === base(b.id)) return true;
  const x = a.account;
  const y = b.account;
  if (x && y) {
    if (x.ownerKey && x.ownerKey === y.ownerKey) return true;
    if ((x.connectedTo && x.connectedTo === y.platformUserId) || (y.connectedTo && y.connectedTo === x.platformUserId))
      return true;
    if (x.fbUserId && x.fbUserId === y.fbUserId) return true;
    if (x.metadata.sourceAccountId === y._id || y.metadata.sourceAccountId === x._id) return true;
  }
  const pair = [a.platform, b.platform].sort().join("+");
  return (
    pair === "facebook+instagram" &&
    (namesLookAlike(a.displayName, b.displayName) || namesLookAlike(a.username, b.username))
  );
}

/** A capitalised "First Last" if any card has one, else the first card's display name. */
export function groupName(cards: AccountCard[]): string {
  const person = cards.map((c) => c.displayName).find((n) => /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(n));
  return person ?? cards[0]?.displayName ?? "";
}

export function groupAccounts(accounts: AccountView[]): AccountGroup[] {
  const cards = cardsFor(accounts);
  const parent = cards.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) if (linked(cards[i]!, cards[j]!)) parent[find(i)] = find(j);
  }
  const groups = new Map<number, AccountCard[]>();
  for (const [i, c] of cards.entries()) groups.set(find(i), [...(groups.get(find(i)) ?? []), c]);
  return [...groups.values()].map((group) => {
    const sorted = group.sort((a, b) => ORDER.indexOf(a.platform) - ORDER.indexOf(b.platform));
    return { key: sorted[0]!.id, name: groupName(sorted), cards: sorted };
  });
}

/** "Add Another Social Account" once an Instagram or Facebook account exists. */
export function connectButtonLabel(accounts: AccountView[]): string {
  return accounts.some((a) => a.platform === "instagram" || a.platform === "facebook")
    ? "Add Another Social Account"
    : "Connect Social Account";
}

/**
 * The card's health line: until when an expiring connection lasts, or when a healthy one was last checked, each on
 * the reader's day (ADR 123: a UTC date is a day off for half the world's evenings); null when there is nothing to say.
 */
export function healthLine(
  account: Pick<AccountView, "health" | "lastVerifiedAt">,
  timezone: string,
): { state: "expiring" | "ok"; text: string } | null {
  const { health, lastVerifiedAt } = account;
  if (health.state === "expiring" && health.expiresAt)
    return { state: "expiring", text: `Expiring on ${formatDate(health.expiresAt, timezone)}` };
  if (health.state === "ok" && lastVerifiedAt)
    return { state: "ok", text: `OK · checked ${formatDate(lastVerifiedAt, timezone)}` };
  return null;
}

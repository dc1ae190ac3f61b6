import type { FeedItem } from "./parse";

export const FeedMessages = {
  notHttps: "Feed URLs must start with https://",
  notPublic: "Feed URLs must be on a public host (not localhost, a private address or a local name)",
  invalid: "Please enter the feed's full URL, like https://example.com/feed.xml",
} as const;

/** Names that never reach the public internet (RFC 6761, RFC 8375 and the usual local suffixes). */
const LOCAL_SUFFIX = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|test|example|invalid|onion|home\.arpa)$/i;

/** Whether a literal IPv4 address is private, loopback, link-local, CGNAT, multicast or otherwise not public. */
function privateIpv4(host: string): boolean {
  const m = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/**
 * Why a feed URL may not be fetched, or null: https only, to a public host: no IP literal of a private range, no
 * IPv6 literal (every public feed has a name), no single-label or local name. `allowedHosts` are the exceptions
 * configuration makes (the emulator's feed host in sandbox mode).
 */
export function feedUrlProblem(raw: string, allowedHosts: ReadonlySet<string> = new Set()): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return FeedMessages.invalid;
  }
  if (url.protocol !== "https:") return FeedMessages.notHttps;
  if (url.username || url.password) return FeedMessages.invalid;
  const host = url.hostname.toLowerCase();
  if (allowedHosts.has(url.host)) return null;
  if (host.startsWith("[") || privateIpv4(host) || !host.includes(".") || LOCAL_SUFFIX.test(host))
    return FeedMessages.notPublic;
  return null;
}

/**
 * The keys an item is known by: its GUID within its feed (a GUID is only unique in its feed) and its link (the
 * same article through two feeds). An item without either is known by its title.
 */
export function itemKeys(feedUrl: string, item: Pick<FeedItem, "guid" | "link" | "title">): string[] {
  const keys = [...(item.guid ? [`guid:${feedUrl} ${item.guid}`] : []), ...(item.link ? [`link:${item.link}`] : [])];
  return keys.length ? keys : [`title:${feedUrl} ${item.title}`];
}

export const DEFAULT_TEMPLATE = "{title}\n\n{link}";
export const TEMPLATE_VARIABLES = ["title", "link", "summary"] as const;
const SUMMARY_CHARS = 200;

/** The post's text from the template: {title}, {link} and {summary} (cut at a word near 200 characters). */
export function renderTemplate(template: string, item: Pick<FeedItem, "title" | "link" | "summary">): string {
  const summary =
    item.summary.length <= SUMMARY_CHARS
      ? item.summary
      : `${item.summary.slice(0, SUMMARY_CHARS).replace(/\s+\S*$/, "")}…`;
  const values: Record<string, string> = { title: item.title, link: item.link ?? "", summary };
  return template
    .replace(/\{(title|link|summary)\}/g, (_, name: string) => values[name] ?? "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export const CHECK_EVERY_MS = 15 * 60_000;
const MAX_WAIT_MS = 6 * 60 * 60_000;

/** When to look again: every 15 minutes; after failures, twice as long per failure in a row, at most 6 hours. */
export const nextCheckAt = (now: number, failures: number): number =>
  now + Math.min(CHECK_EVERY_MS * 2 ** Math.min(failures, 10), MAX_WAIT_MS);

/** How many items one check turns into posts; the rest wait for the next check, oldest first. */
export const ITEMS_PER_CHECK = 5;
/** A new feed's first check posts only its newest few items; older ones are taken as already seen. */
export const FIRST_CHECK_ITEMS = 3;

/** The items to post this time, oldest first, and those the first check takes as seen without posting. */
export function pickItems<T extends Pick<FeedItem, "publishedAt">>(
  fresh: T[],
  firstCheck: boolean,
): { post: T[]; skip: T[] } {
  // Feeds list newest first; an item without a date keeps its place.
  const ordered = fresh
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (b.item.publishedAt ?? 0) - (a.item.publishedAt ?? 0) || a.i - b.i)
    .map((x) => x.item);
  const skip = firstCheck ? ordered.slice(FIRST_CHECK_ITEMS) : [];
  const candidates = firstCheck ? ordered.slice(0, FIRST_CHECK_ITEMS) : ordered;
  return { post: candidates.slice(-ITEMS_PER_CHECK).reverse(), skip };
}

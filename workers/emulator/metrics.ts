/**
 * Deterministic, time-growing numbers for the emulator: the same post at the same emulator time always
 * reports the same metrics, and they only grow. Seeded by the object id so two posts differ.
 */
export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function rng(seed: number) {
  let a = seed || 1;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface EmuMetrics {
  impressions: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  clicks: number;
  views: number;
}

/** Saturating growth: about 63% of the final reach after one day, all of it after a week. */
export function postMetrics(id: string, publishedAt: number, now: number): EmuMetrics {
  const r = rng(seedOf(id));
  const finalReach = 300 + Math.floor(r() * 4700);
  const age = Math.max(0, now - publishedAt);
  const f = 1 - Math.exp(-age / DAY);
  const reach = Math.floor(finalReach * f);
  const ratio = (lo: number, hi: number) => lo + r() * (hi - lo);
  return {
    reach,
    impressions: Math.floor(reach * ratio(1.2, 1.8)),
    views: Math.floor(reach * ratio(1.3, 2.2)),
    likes: Math.floor(reach * ratio(0.03, 0.09)),
    comments: Math.floor(reach * ratio(0.002, 0.01)),
    shares: Math.floor(reach * ratio(0.001, 0.006)),
    saves: Math.floor(reach * ratio(0.002, 0.012)),
    clicks: Math.floor(reach * ratio(0.005, 0.02)),
  };
}

/** A follower count that drifts upward a little every day from a per-account base. */
export function followerCount(accountId: string, now: number): number {
  const r = rng(seedOf(`followers:${accountId}`));
  const base = 800 + Math.floor(r() * 20_000);
  const perDay = 2 + Math.floor(r() * 25);
  return base + Math.floor((now / DAY - 20_000) * perDay);
}

const AUTHORS = [
  "maya.creates",
  "jordan_eats",
  "the.plant.lady",
  "samir.codes",
  "lucia_travels",
  "ben.builds",
  "ana.paints",
  "kofi.runs",
];
const TEXTS = [
  "Love this!",
  "Where is this?",
  "So good 😍",
  "Great tip, thanks!",
  "Saving this for later",
  "Can't wait to try it",
  "This made my day",
  "Amazing work 👏",
];

export interface EmuComment {
  id: string;
  author: string;
  text: string;
  createdAt: number;
}

/** The first `count` comments of a post, each at a fixed offset after publishing, oldest first. */
export function sampleComments(postId: string, count: number, publishedAt: number): EmuComment[] {
  const r = rng(seedOf(`comments:${postId}`));
  const out: EmuComment[] = [];
  let at = publishedAt;
  for (let i = 0; i < Math.min(count, 25); i++) {
    at += Math.floor(r() * 2 * HOUR) + 60_000;
    out.push({
      id: `${postId}_c${i + 1}`,
      author: AUTHORS[Math.floor(r() * AUTHORS.length)]!,
      text: TEXTS[Math.floor(r() * TEXTS.length)]!,
      createdAt: at,
    });
  }
  return out;
}

export const AGE_BUCKETS = ["13-17", "18-24", "25-34", "35-44", "45-54", "55-64", "65+"] as const;
const GENDERS = ["F", "M", "U"] as const;
const COUNTRIES = ["US", "IN", "GB", "BR", "DE", "CA", "AU", "FR"] as const;

/** Split `total` into whole parts proportional to the weights (the remainder goes to the first). */
function split(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  parts[0]! += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

export interface EmuAudience {
  age: Record<string, number>;
  gender: Record<string, number>;
  country: Record<string, number>;
  /** Followers online per UTC hour "0".."23". */
  onlineByHour: Record<string, number>;
}

/** Follower demographics of an account: fixed shares per account, counts that add up to its followers. */
export function audienceOf(accountId: string, now: number): EmuAudience {
  const r = rng(seedOf(`audience:${accountId}`));
  const followers = followerCount(accountId, now);
  const weights = (n: number, peak?: number) => Array.from({ length: n }, (_, i) => 1 + r() * 4 + (i === peak ? 6 : 0));
  const zip = (keys: readonly string[], values: number[]) => Object.fromEntries(keys.map((k, i) => [k, values[i]!]));
  const peakHour = 12 + Math.floor(r() * 9);
  const hourly = Array.from({ length: 24 }, (_, h) =>
    Math.floor(followers * (0.05 + 0.25 * Math.exp(-(((h - peakHour) / 4) ** 2)) + r() * 0.03)),
  );
  return {
    age: zip(AGE_BUCKETS, split(followers, weights(AGE_BUCKETS.length, 2))),
    gender: zip(GENDERS, split(followers, [5 + r() * 3, 4 + r() * 3, 0.5])),
    country: zip(COUNTRIES, split(followers, weights(COUNTRIES.length, 0))),
    onlineByHour: zip(
      Array.from({ length: 24 }, (_, h) => String(h)),
      hourly,
    ),
  };
}

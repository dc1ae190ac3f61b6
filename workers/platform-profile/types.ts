/** The shapes of the per-platform facts, and the list of platforms. */

/** Platforms Postline publishes to. `twitter` is X; the spec's name is kept in data. */
export const PLATFORMS = [
  "instagram",
  "facebook",
  "twitter",
  "linkedin",
  "youtube",
  "threads",
  "bluesky",
  "mastodon",
  "tiktok",
  "google_business",
  "pinterest",
] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * What a platform accepts as media, from PLATFORMS.md (section in the profile's comment). Values marked
 * [U] are not in PLATFORMS.md and follow the platforms' published guidance; the pre-flight check uses them.
 */
export interface MediaRules {
  imageFormats: string[];
  videoFormats: string[];
  maxImageBytes: number;
  maxVideoBytes: number;
  /** Media items per post (carousel size). */
  maxItems: number;
  /** Images and videos in one post. */
  mixed: boolean;
  /** width / height, inclusive. */
  imageAspect?: [number, number];
  videoAspect?: [number, number];
  maxVideoSeconds?: number;
  maxVideoWidth?: number;
  /** Videos per post, where fewer than `maxItems` (Bluesky: one video, or up to 4 images). */
  maxVideos?: number;
  /** Only videos (YouTube). */
  videoOnly?: boolean;
  /** A post needs at least one media item: no text-only posts (Instagram, YouTube). */
  mediaRequired?: boolean;
  /** A video's caption files the network takes (WebVTT, one per language): how many and how large each. */
  captions?: { maxFiles: number; maxBytes: number };
}

/** What a post may be on a network besides a feed post (ADR 066): a Reel, a Story, a Short. */
export const POST_FORMATS = ["feed", "reel", "story", "short"] as const;
export type PostFormat = (typeof POST_FORMATS)[number];

/** A format's own media rules, from the network's published specifications (ADR 066 cites them). */
export interface FormatRules {
  /** What the composer's picker says. */
  label: string;
  /** "video": a video only; "single": one image or one video. */
  media: "video" | "single";
  /** Video length in seconds, inclusive. */
  minSeconds?: number;
  maxSeconds?: number;
  /** width / height of a video, inclusive. */
  videoAspect?: [number, number];
  /** The network's words for the aspect it asks for ("9:16"). */
  aspectLabel?: string;
  minWidth?: number;
  minHeight?: number;
  maxVideoBytes?: number;
  /** The caption is not shown (a Story). */
  noCaption?: boolean;
  /** The network decides (YouTube classifies a Short): the rules say why a video will not be one, not refuse it. */
  classified?: boolean;
}

/** At most `limit` publishes per account in any `windowMs`. */
export interface PaceWindow {
  limit: number;
  windowMs: number;
}

/** How the UI names and colours a network (brands.ts). */
export interface PlatformBrand {
  /** The name messages use ("Content exceeds X limit"), the same the UI shows. */
  name: string;
  /** The brand the UI shows on chips, cards and charts (X for twitter). */
  brand: string;
  color: string;
}

export interface PlatformProfile extends PlatformBrand {
  /** SPEC §9 character limit; threads (an option only) uses its documented 500. */
  characterLimit: number;
  /**
   * What `characterLimit` counts: code points unless said otherwise; Bluesky's lexicon limits a post's text to
   * 300 graphemes (app.bsky.feed.post maxGraphemes), so "👍🏽" is one, as its app counts it; TikTok limits a caption
   * in UTF-16 code units ("runes"), so "😀" is two.
   */
  textUnit?: "graphemes" | "utf16";
  /**
   * A second limit on the same text in UTF-8 bytes, where the network has one (Bluesky's lexicon: maxLength 3,000
   * beside maxGraphemes 300). Emoji of several code points take up to 25 bytes each, so it can bind first.
   */
  maxTextBytes?: number;
  /** A post of photos only holds a longer text than `characterLimit` (TikTok: a photo post's description 4,000). */
  photoCharacterLimit?: number;
  /** SPEC §9 hashtag limits (Instagram 30, Twitter 2, Facebook 5); the others follow platform guidance. */
  hashtagLimit: number;
  /** How many hashtags a generated post carries: few enough to read well, never above the limit. */
  recommendedHashtags: number;
  /** SPEC §9 suggested posting times ("H:MM", local); absent where the spec lists none. */
  postingTimes?: string[];
  /** SPEC §5: a post to this platform needs at least one selected account. */
  accountRequired: boolean;
  /** Where the feed cuts a caption with a "more" link (approximate, by characters); null: never. */
  moreAt: number | null;
  /** A first comment can be published under the post through the platform's comment/reply API. */
  firstComment: boolean;
  /** A post can be a thread: parts published as replies to the previous one (X, Threads). */
  threads: boolean;
  media: MediaRules;
  /**
   * Per-account publishing pace from the platforms' published quotas (PLATFORMS.md): the daily caps they
   * enforce, plus a short burst window so a thousand posts due in one minute are spread out rather than
   * sent into the platform's 429s.
   */
  publishPace: PaceWindow[];
  /** Accounts synced per cron run: each sync costs 1 + 2 × targets calls against the hourly quota. */
  analyticsAccountsPerRun: number;
  /**
   * The limits above are defaults: each server sets its own (a Mastodon instance), kept on the account and checked
   * per account by pre-flight (ADR 059), so the post-wide rules leave this platform's text length to it.
   */
  limitsPerAccount?: boolean;
  /**
   * How long before its due time a post's media is prepared on the platform (ADR 029), so only the final
   * publish call is left at the due second; absent: the platform's client publishes in one go.
   */
  stagingLeadMs?: number;
  /**
   * Only a post with a video is prepared ahead: the network takes images by URL in the final call, so there is
   * nothing to upload early for them (Pinterest, ADR 100).
   */
  stagesVideoOnly?: boolean;
  /**
   * The network refuses a post whose text repeats one the account already has (X: "duplicate content", Facebook:
   * error 506), so an evergreen repeat (ADR 076) must carry another text there.
   */
  refusesRepeats?: boolean;
  /**
   * Post figures the network does not measure for anyone (Bluesky and Mastodon count no views; TikTok gives views,
   * read as impressions, but no reach): analytics says so instead of showing a measured 0.
   */
  unreportedMetrics?: Array<"reach" | "impressions">;
  /** The formats besides a feed post this network publishes (ADR 066); absent: feed posts only. */
  formats?: Partial<Record<Exclude<PostFormat, "feed">, FormatRules>>;
}

/** A Business Profile local post's own fields (LocalPost), dates as the location's local calendar days. */
export interface LocalPostOptions {
  topicType: "STANDARD" | "EVENT" | "OFFER" | "ALERT";
  /** The button; CALL dials the location's phone, so it has no URL. Offers have none (Google shows its own). */
  callToAction?: { actionType: "BOOK" | "ORDER" | "SHOP" | "LEARN_MORE" | "SIGN_UP" | "CALL"; url?: string };
  /** EVENT and OFFER: a title and when it runs ("YYYY-MM-DD", optional "HH:MM"). */
  event?: { title: string; startDate: string; startTime?: string; endDate: string; endTime?: string };
  offer?: { couponCode?: string; redeemOnlineUrl?: string; termsConditions?: string };
}

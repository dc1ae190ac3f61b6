/**
 * Every per-platform fact in one place: names, colours, text and media limits, quotas, OAuth scopes. Pure data
 * that imports nothing (the import rules check it), so the server and the UI share it. Endpoints are the clients'
 * configuration (platforms/endpoints.ts); the emulator keeps its own numbers and scopes, written from
 * PLATFORMS.md, so a wrong fact here shows up as a failing test.
 */

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
  /** Only videos (YouTube). */
  videoOnly?: boolean;
  /** A post needs at least one media item: no text-only posts (Instagram, YouTube). */
  mediaRequired?: boolean;
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

export interface PlatformProfile {
  /** The spec's name, used in messages ("Content exceeds Twitter limit"). */
  name: string;
  /** The brand the UI shows on chips, cards and charts (X for twitter). */
  brand: string;
  color: string;
  /** SPEC §9 character limit; threads (an option only) uses its documented 500. */
  characterLimit: number;
  /**
   * What `characterLimit` counts: code points unless said otherwise; Bluesky's lexicon limits a post's text to
   * 300 graphemes (app.bsky.feed.post maxGraphemes), so "👍🏽" is one, as its app counts it.
   */
  textUnit?: "graphemes";
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
   * The network refuses a post whose text repeats one the account already has (X: "duplicate content", Facebook:
   * error 506), so an evergreen repeat (ADR 076) must carry another text there.
   */
  refusesRepeats?: boolean;
  /** The formats besides a feed post this network publishes (ADR 066); absent: feed posts only. */
  formats?: Partial<Record<Exclude<PostFormat, "feed">, FormatRules>>;
}

const MB = 1024 * 1024;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const PLATFORM_PROFILES: Record<Platform, PlatformProfile> = {
  instagram: {
    name: "Instagram",
    brand: "Instagram",
    color: "#E1306C",
    characterLimit: 2200,
    hashtagLimit: 30,
    recommendedHashtags: 8,
    postingTimes: ["9:00", "11:00", "13:00", "17:00", "19:00"],
    accountRequired: true,
    moreAt: 125,
    firstComment: true,
    threads: false,
    // §2.2 image_url JPEG only; carousel ≤ 10; §2.3 image > 8 MiB and aspect outside 4:5…1.91:1 refused.
    // Video size per SPEC ("Video too large for Instagram (max 250MB)"); Reels up to 15 min [U].
    media: {
      mediaRequired: true,
      imageFormats: ["jpg"],
      videoFormats: ["mp4", "mov"],
      maxImageBytes: 8 * MB,
      maxVideoBytes: 250 * MB,
      maxItems: 10,
      mixed: true,
      imageAspect: [0.8, 1.91],
      maxVideoSeconds: 900,
    },
    // Reels: 3 s to 15 min, aspect 0.01:1 to 10:1 (9:16 recommended); Stories: video 3–60 s, 100 MB.
    formats: {
      reel: { label: "Reel", media: "video", minSeconds: 3, maxSeconds: 900, videoAspect: [0.01, 10] },
      story: {
        label: "Story",
        media: "single",
        minSeconds: 3,
        maxSeconds: 60,
        maxVideoBytes: 100 * MB,
        noCaption: true,
      },
    },
    // content_publishing_limit (default 25–100)
    publishPace: [
      { limit: 25, windowMs: DAY },
      { limit: 30, windowMs: MINUTE },
    ],
    analyticsAccountsPerRun: 20,
    // Containers expire 24 h after they are made: half a day ahead keeps one valid well past its due time.
    stagingLeadMs: DAY / 2,
  },
  facebook: {
    name: "Facebook",
    brand: "Facebook",
    color: "#1877F2",
    characterLimit: 63206,
    hashtagLimit: 5,
    recommendedHashtags: 3,
    postingTimes: ["9:00", "13:00", "15:00", "20:00"],
    accountRequired: true,
    moreAt: 477,
    firstComment: true,
    threads: false,
    // §3 photos, multi-photo posts and videos (videos stand alone) [limits U].
    media: {
      imageFormats: ["jpg", "png", "gif", "webp"],
      videoFormats: ["mp4", "mov"],
      maxImageBytes: 10 * MB,
      maxVideoBytes: 250 * MB,
      maxItems: 10,
      mixed: false,
    },
    // Reels Publishing API: 3–90 s, 9:16, at least 540×960; a Story video at most 60 s (video-api reels guide).
    formats: {
      reel: {
        label: "Reel",
        media: "video",
        minSeconds: 3,
        maxSeconds: 90,
        videoAspect: [0.5525, 0.5725],
        aspectLabel: "9:16",
        minWidth: 540,
        minHeight: 960,
      },
      story: {
        label: "Story",
        media: "single",
        minSeconds: 3,
        maxSeconds: 60,
        videoAspect: [0.5525, 0.5725],
        aspectLabel: "9:16",
        minWidth: 540,
        minHeight: 960,
        noCaption: true,
      },
    },
    publishPace: [{ limit: 30, windowMs: MINUTE }],
    analyticsAccountsPerRun: 20,
    refusesRepeats: true,
    // Unpublished photos and videos wait without expiring, as YouTube's private video does.
    stagingLeadMs: DAY,
  },
  twitter: {
    name: "Twitter",
    brand: "X",
    color: "#000000",
    characterLimit: 280,
    hashtagLimit: 2,
    recommendedHashtags: 2,
    postingTimes: ["8:00", "12:00", "17:00", "19:00"],
    accountRequired: false,
    moreAt: null,
    firstComment: true,
    threads: true,
    // §6.3 tweet_image/tweet_gif/tweet_video; 4 images, 5 MB images, 140 s videos [U].
    media: {
      imageFormats: ["jpg", "png", "gif", "webp"],
      videoFormats: ["mp4", "mov"],
      maxImageBytes: 5 * MB,
      maxVideoBytes: 250 * MB,
      maxItems: 4,
      mixed: false,
      maxVideoSeconds: 140,
    },
    // POST /2/tweets per user
    publishPace: [{ limit: 100, windowMs: 15 * MINUTE }],
    refusesRepeats: true,
    analyticsAccountsPerRun: 5,
    // Uploaded media expires 24 h after upload (§6.3 expires_after_secs): half of that ahead leaves time to fix a
    // failure and keeps the media valid long after the due time; a post moved later is re-staged before expiry.
    stagingLeadMs: 12 * HOUR,
  },
  linkedin: {
    name: "LinkedIn",
    brand: "LinkedIn",
    color: "#0A66C2",
    characterLimit: 3000,
    hashtagLimit: 5,
    recommendedHashtags: 3,
    accountRequired: true,
    moreAt: 210,
    firstComment: true,
    threads: false,
    // §4.3 one image or video, or multiImage of 2–20 images.
    media: {
      imageFormats: ["jpg", "png", "gif"],
      videoFormats: ["mp4", "mov"],
      maxImageBytes: 50 * MB,
      maxVideoBytes: 250 * MB,
      maxItems: 20,
      mixed: false,
    },
    publishPace: [{ limit: 30, windowMs: MINUTE }],
    analyticsAccountsPerRun: 10,
    // An uploaded image or video waits unused without expiring (§4.4): a day ahead, like YouTube.
    stagingLeadMs: DAY,
  },
  youtube: {
    name: "YouTube",
    brand: "YouTube",
    color: "#FF0000",
    characterLimit: 5000,
    hashtagLimit: 15,
    recommendedHashtags: 3,
    accountRequired: false,
    moreAt: 100,
    firstComment: false,
    threads: false,
    // §5.3 videos.insert takes video/*; the post publishes its one video.
    media: {
      imageFormats: [],
      videoFormats: ["mp4", "mov", "avi"],
      maxImageBytes: 0,
      maxVideoBytes: 250 * MB,
      maxItems: 1,
      mixed: false,
      videoOnly: true,
      mediaRequired: true,
    },
    // A Short is an upload YouTube classifies: square or vertical, at most 3 minutes (YouTube Help, Shorts).
    formats: {
      short: {
        label: "Short",
        media: "video",
        maxSeconds: 180,
        videoAspect: [0, 1],
        aspectLabel: "square or vertical",
        classified: true,
      },
    },
    // videos.insert quota bucket
    publishPace: [
      { limit: 100, windowMs: DAY },
      { limit: 10, windowMs: MINUTE },
    ],
    analyticsAccountsPerRun: 10,
    // A private video waits without expiring: a day ahead leaves time to upload, process and fix a failure.
    stagingLeadMs: DAY,
  },
  threads: {
    name: "Threads",
    brand: "Threads",
    color: "#101010",
    characterLimit: 500,
    hashtagLimit: 1,
    recommendedHashtags: 1,
    accountRequired: false,
    moreAt: null,
    firstComment: true,
    threads: true,
    // §10.3 images JPEG/PNG ≤ 8 MB, aspect ≤ 10:1; videos MOV/MP4 ≤ 300 s, width ≤ 1920, aspect 0.01–10; carousel ≤ 20.
    media: {
      imageFormats: ["jpg", "png"],
      videoFormats: ["mp4", "mov"],
      maxImageBytes: 8 * MB,
      maxVideoBytes: 250 * MB,
      maxItems: 20,
      mixed: true,
      imageAspect: [0.1, 10],
      videoAspect: [0.01, 10],
      maxVideoSeconds: 300,
      maxVideoWidth: 1920,
    },
    // threads_publishing_limit
    publishPace: [
      { limit: 250, windowMs: DAY },
      { limit: 30, windowMs: MINUTE },
    ],
    analyticsAccountsPerRun: 10,
    // Containers expire 24 h after they are made, as Instagram's do.
    stagingLeadMs: DAY / 2,
  },
  bluesky: {
    name: "Bluesky",
    brand: "Bluesky",
    color: "#1185FE",
    // app.bsky.feed.post: text maxGraphemes 300 (and maxLength 3,000 UTF-8 bytes).
    characterLimit: 300,
    textUnit: "graphemes",
    hashtagLimit: 8,
    recommendedHashtags: 2,
    accountRequired: false,
    moreAt: null,
    firstComment: true,
    threads: true,
    // app.bsky.embed.images: up to 4 images with alt text, each blob image/* of at most 2,000,000 bytes (the
    // lexicon's maxSize; formerly 1 MB). Video goes through the video service, not built yet: images only.
    media: {
      imageFormats: ["jpg", "png", "gif", "webp"],
      videoFormats: [],
      maxImageBytes: 2_000_000,
      maxVideoBytes: 0,
      maxItems: 4,
      mixed: false,
    },
    // docs.bsky.app/docs/advanced-guides/rate-limits: 5,000 points per hour and 35,000 per day per account, a
    // create costing 3 points: 1,666 creates an hour, 11,666 a day; a post is one create, a thread one per part.
    publishPace: [
      { limit: 11_666, windowMs: DAY },
      { limit: 1_666, windowMs: HOUR },
      { limit: 30, windowMs: MINUTE },
    ],
    analyticsAccountsPerRun: 10,
  },
  mastodon: {
    name: "Mastodon",
    brand: "Mastodon",
    color: "#6364FF",
    // Mastodon's default; each instance sets its own, read from GET /api/v2/instance and kept on the account
    // (ADR 059): these are the defaults for an account whose instance has not said.
    characterLimit: 500,
    hashtagLimit: 5,
    recommendedHashtags: 3,
    accountRequired: true,
    limitsPerAccount: true,
    moreAt: null,
    firstComment: true,
    threads: true,
    // §11.2 defaults: 4 attachments, images 16,777,216 bytes, videos 103,809,024 bytes.
    media: {
      imageFormats: ["jpg", "png", "gif", "webp"],
      videoFormats: ["mp4", "mov", "webm"],
      maxImageBytes: 16 * MB,
      maxVideoBytes: 103_809_024,
      maxItems: 4,
      mixed: false,
    },
    // 300 API calls per 5 minutes per account (media uploads 30 per 30 minutes): a post with a thread and media
    // costs several, so publishing keeps well below.
    publishPace: [{ limit: 30, windowMs: 5 * MINUTE }],
    analyticsAccountsPerRun: 10,
  },
  tiktok: {
    name: "TikTok",
    brand: "TikTok",
    color: "#FE2C55",
    // §11.3 a video's caption (post_info.title) holds up to 2,200 UTF-16 runes; a photo post's description 4,000.
    characterLimit: 2200,
    hashtagLimit: 30,
    recommendedHashtags: 5,
    accountRequired: true,
    moreAt: 100,
    firstComment: false,
    threads: false,
    // §11.3: one video (MP4/MOV/WebM), or a photo post of up to 35 JPEG/WebP images of at most 20 MB each [U];
    // no text-only posts. A video's longest length is the creator's own (creator_info max_video_post_duration_sec),
    // kept on the account and checked per account by pre-flight.
    media: {
      mediaRequired: true,
      imageFormats: ["jpg", "webp"],
      videoFormats: ["mp4", "mov", "webm"],
      maxImageBytes: 20 * MB,
      maxVideoBytes: 4096 * MB,
      maxItems: 35,
      mixed: false,
    },
    // video/init and content/init take 6 requests per minute per token; Direct Post caps a creator at about
    // 15 posts a day [U, TikTok's posting guidance].
    publishPace: [
      { limit: 15, windowMs: DAY },
      { limit: 6, windowMs: MINUTE },
    ],
    analyticsAccountsPerRun: 10,
  },
  google_business: {
    name: "Google Business Profile",
    brand: "Google Business Profile",
    color: "#4285F4",
    // LocalPost.summary: at most 1,500 characters (Business Profile help, "Posts" content policy).
    characterLimit: 1500,
    // Tags are plain text on a local post: allowed, never suggested.
    hashtagLimit: 10,
    recommendedHashtags: 0,
    accountRequired: true,
    moreAt: 100,
    firstComment: false,
    threads: false,
    // LocalPost.media: sourceUrl only; photos JPG/PNG of at most 5 MB, one per post from the API [U: help centre].
    media: {
      imageFormats: ["jpg", "png"],
      videoFormats: [],
      maxImageBytes: 5 * MB,
      maxVideoBytes: 0,
      maxItems: 1,
      mixed: false,
    },
    // Business Profile APIs: 10 edits a minute per profile (a create, patch or delete is an edit), 300 queries a
    // minute per project; a profile rarely posts more than a few times a day, so the minute window is the bound.
    publishPace: [{ limit: 10, windowMs: MINUTE }],
    analyticsAccountsPerRun: 10,
  },
  pinterest: {
    name: "Pinterest",
    brand: "Pinterest",
    color: "#E60023",
    // §11.4: the pin's description; the API takes 800 (PinCreate), Pinterest's own editor and help stop at 500.
    characterLimit: 500,
    hashtagLimit: 20,
    recommendedHashtags: 5,
    // A pin lives on one of the account's boards, chosen per channel (ADR 063).
    accountRequired: true,
    moreAt: null,
    firstComment: false,
    threads: false,
    // A pin is one image or one video [U: help.pinterest.com "Review specs for Pins": images BMP/JPEG/PNG/TIFF/
    // WEBP up to 20 MB, videos MP4/MOV/M4V up to 2 GB and 4 s–15 min]; multi-image carousels are not built.
    media: {
      mediaRequired: true,
      imageFormats: ["jpg", "png", "webp"],
      videoFormats: ["mp4", "mov"],
      maxImageBytes: 20 * MB,
      maxVideoBytes: 2048 * MB,
      maxItems: 1,
      mixed: false,
      maxVideoSeconds: 900,
    },
    // developers.pinterest.com rate limits: org_write (creating pins) is limited per user per app; Trial access
    // allows 1,000 requests a day in all, so a steady pace keeps a trial app's quota for reads as well.
    publishPace: [
      { limit: 200, windowMs: DAY },
      { limit: 10, windowMs: MINUTE },
    ],
    analyticsAccountsPerRun: 10,
  },
};

/**
 * §5.1: upload, read (also needed by Analytics), force-ssl for delete and comments, analytics. Apart from
 * OAUTH_SCOPES so YouTube's Terms dialog can name what is asked without bundling every platform's list.
 */
export const YOUTUBE_SCOPES = ["youtube.upload", "youtube.readonly", "youtube.force-ssl", "yt-analytics.readonly"];

/**
 * The OAuth scopes a connect asks for (a reconnect asks for the missing ones among them). Beside the profiles
 * rather than in them: only the clients read them, and apart they stay out of the UI's bundle (in the profiles,
 * 0.3 kB gzip on every page). Instagram's are the Facebook Login's, asked for with Facebook's Page scopes;
 * `instagramLogin` is the Instagram API with Instagram Login ("Instagram Only").
 */
export const OAUTH_SCOPES = {
  instagram: ["instagram_basic", "instagram_content_publish", "instagram_manage_insights", "instagram_manage_comments"],
  instagramLogin: [
    "instagram_business_basic",
    "instagram_business_content_publish",
    "instagram_business_manage_insights",
    "instagram_business_manage_comments",
  ],
  facebook: [
    "pages_show_list",
    "pages_read_engagement",
    "pages_manage_posts",
    "pages_manage_engagement",
    "read_insights",
    "business_management",
  ],
  // §6.1; `offline.access` is what brings a refresh token, `media.write` the media upload.
  twitter: ["tweet.read", "tweet.write", "users.read", "offline.access", "media.write"],
  // §4.1: member sign-in and posting, plus posting and statistics as an administered organization.
  linkedin: [
    "openid",
    "profile",
    "email",
    "w_member_social",
    "r_organization_social",
    "w_organization_social",
    "rw_organization_admin",
    "r_member_postAnalytics",
  ],
  youtube: YOUTUBE_SCOPES.map((scope) => `https://www.googleapis.com/auth/${scope}`),
  // AT Protocol OAuth: `atproto` is required; transition:generic is what an app password may do (no DMs).
  bluesky: ["atproto", "transition:generic"],
  // §11.2: granular scopes, the least that reads the profile and statuses and writes statuses and media.
  mastodon: ["read:accounts", "read:statuses", "write:media", "write:statuses"],
  // §11.3: the profile and its counts, Direct Post, and the videos' metrics (Display API video.list).
  tiktok: ["user.info.basic", "user.info.profile", "user.info.stats", "video.publish", "video.list"],
  // Accounts, locations, local posts and the Performance API all take this one scope.
  google_business: ["https://www.googleapis.com/auth/business.manage"],
  // §11.4: boards listed and created in the composer, pins created and read, the profile read at connect.
  pinterest: ["boards:read", "boards:write", "pins:read", "pins:write", "user_accounts:read"],
  threads: [
    "threads_basic",
    "threads_content_publish",
    "threads_manage_insights",
    "threads_read_replies",
    "threads_manage_replies",
    "threads_delete",
  ],
} satisfies Record<Platform | "instagramLogin", string[]>;

/** A Business Profile local post's own fields (LocalPost), dates as the location's local calendar days. */
export interface LocalPostOptions {
  topicType: "STANDARD" | "EVENT" | "OFFER" | "ALERT";
  /** The button; CALL dials the location's phone, so it has no URL. Offers have none (Google shows its own). */
  callToAction?: { actionType: "BOOK" | "ORDER" | "SHOP" | "LEARN_MORE" | "SIGN_UP" | "CALL"; url?: string };
  /** EVENT and OFFER: a title and when it runs ("YYYY-MM-DD", optional "HH:MM"). */
  event?: { title: string; startDate: string; startTime?: string; endDate: string; endTime?: string };
  offer?: { couponCode?: string; redeemOnlineUrl?: string; termsConditions?: string };
}

/** One fact for every platform, e.g. `byPlatform((p) => p.characterLimit)`. */
export function byPlatform<T>(pick: (profile: PlatformProfile) => T): Record<Platform, T> {
  return Object.fromEntries(PLATFORMS.map((platform) => [platform, pick(PLATFORM_PROFILES[platform])])) as Record<
    Platform,
    T
  >;
}

/** The spec's names, used in messages ("Content exceeds Twitter limit"). */
export const PLATFORM_NAMES = byPlatform((p) => p.name);

/**
 * The dated contracts: API versions a platform retires on a published schedule. Each is a setting of the same
 * name (a Worker variable) that overrides the default; workers/platforms/api-versions.ts applies the rules.
 * `tested` is the version the clients and the conformance tests were written against.
 */
export interface VersionedApi {
  setting: "META_GRAPH_VERSION" | "LINKEDIN_VERSION";
  /** What the version is called where the platform documents it. */
  label: string;
  platforms: Platform[];
  tested: string;
  schedule:
    | {
        /** LinkedIn: a YYYYMM version each month, served until `endDay` of the same month `servedMonths` later. */
        kind: "monthly";
        servedMonths: number;
        endDay: number;
      }
    | {
        /** Meta: versions with their release dates and the last day each is served (null: not announced yet). */
        kind: "listed";
        versions: { version: string; released: string; servedUntil: string | null }[];
      };
}

export const VERSIONED_APIS: VersionedApi[] = [
  {
    setting: "META_GRAPH_VERSION",
    label: "Graph API version",
    platforms: ["facebook", "instagram"],
    tested: "v25.0",
    // developers.facebook.com/docs/graph-api/changelog: a version is served until two years after the next one's
    // release; the newest has no end until its successor ships.
    schedule: {
      kind: "listed",
      versions: [
        { version: "v22.0", released: "2025-01-21", servedUntil: "2027-05-20" },
        { version: "v23.0", released: "2025-05-29", servedUntil: "2027-10-08" },
        { version: "v24.0", released: "2025-10-08", servedUntil: "2028-02-18" },
        { version: "v25.0", released: "2026-02-18", servedUntil: "2028-07-29" },
        { version: "v26.0", released: "2026-07-29", servedUntil: null },
      ],
    },
  },
  {
    setting: "LINKEDIN_VERSION",
    label: "LinkedIn-Version",
    platforms: ["linkedin"],
    tested: "202611",
    // learn.microsoft.com/linkedin/marketing/versioning: monthly versions, each supported for at least a year
    // (202601 sunsets on 2027-01-15).
    schedule: { kind: "monthly", servedMonths: 12, endDay: 15 },
  },
];

/** The versions that are part of a client's paths and have no announced end (shown, never warned about). */
export const FIXED_API_VERSIONS: { api: string; version: string; platforms: Platform[] }[] = [
  { api: "Threads API", version: "v1.0", platforms: ["threads"] },
  { api: "X API", version: "2", platforms: ["twitter"] },
  { api: "YouTube Data API", version: "v3", platforms: ["youtube"] },
  { api: "My Business API (local posts)", version: "v4", platforms: ["google_business"] },
  { api: "Pinterest API", version: "v5", platforms: ["pinterest"] },
];

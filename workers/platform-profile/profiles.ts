import { FORMAT_LABELS, PLATFORM_BRANDS } from "./brands";
import type { Platform, PlatformProfile } from "./types";

const MB = 1024 * 1024;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const PLATFORM_PROFILES: Record<Platform, PlatformProfile> = {
  instagram: {
    ...PLATFORM_BRANDS.instagram,
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
      reel: { label: FORMAT_LABELS.reel, media: "video", minSeconds: 3, maxSeconds: 900, videoAspect: [0.01, 10] },
      story: {
        label: FORMAT_LABELS.story,
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
    ...PLATFORM_BRANDS.facebook,
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
        label: FORMAT_LABELS.reel,
        media: "video",
        minSeconds: 3,
        maxSeconds: 90,
        videoAspect: [0.5525, 0.5725],
        aspectLabel: "9:16",
        minWidth: 540,
        minHeight: 960,
      },
      story: {
        label: FORMAT_LABELS.story,
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
    ...PLATFORM_BRANDS.twitter,
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
    ...PLATFORM_BRANDS.linkedin,
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
    ...PLATFORM_BRANDS.youtube,
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
        label: FORMAT_LABELS.short,
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
    ...PLATFORM_BRANDS.threads,
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
    ...PLATFORM_BRANDS.bluesky,
    // app.bsky.feed.post: text maxGraphemes 300 (and maxLength 3,000 UTF-8 bytes).
    characterLimit: 300,
    textUnit: "graphemes",
    maxTextBytes: 3000,
    hashtagLimit: 8,
    recommendedHashtags: 2,
    accountRequired: false,
    moreAt: null,
    firstComment: true,
    threads: true,
    // app.bsky.embed.images: up to 4 images with alt text, each blob image/* of at most 2,000,000 bytes (the
    // lexicon's maxSize; formerly 1 MB). Or one video (app.bsky.embed.video) through the video service, which
    // takes MP4, MOV, WebM and MPEG (the library holds MP4 and MOV) of up to 100 MB and 3 minutes, alone (ADR 090).
    media: {
      imageFormats: ["jpg", "png", "gif", "webp"],
      videoFormats: ["mp4", "mov"],
      maxImageBytes: 2_000_000,
      maxVideoBytes: 100_000_000,
      maxVideoSeconds: 180,
      maxVideos: 1,
      maxItems: 4,
      mixed: false,
      // app.bsky.embed.video#caption: up to 20, each a text/vtt blob of at most 20,000 bytes, its lang BCP-47.
      captions: { maxFiles: 20, maxBytes: 20_000 },
    },
    // docs.bsky.app/docs/advanced-guides/rate-limits: 5,000 points per hour and 35,000 per day per account, a
    // create costing 3 points: 1,666 creates an hour, 11,666 a day; a post is one create, a thread one per part.
    // app.bsky.feed.getPosts counts likes, reposts, quotes and replies; Bluesky counts no views.
    unreportedMetrics: ["reach", "impressions"],
    publishPace: [
      { limit: 11_666, windowMs: DAY },
      { limit: 1_666, windowMs: HOUR },
      { limit: 30, windowMs: MINUTE },
    ],
    analyticsAccountsPerRun: 10,
  },
  mastodon: {
    ...PLATFORM_BRANDS.mastodon,
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
    // A status counts favourites, boosts and replies; Mastodon keeps no views.
    unreportedMetrics: ["reach", "impressions"],
    analyticsAccountsPerRun: 10,
  },
  tiktok: {
    ...PLATFORM_BRANDS.tiktok,
    // §11.3 a video's caption (post_info.title) holds up to 2,200 UTF-16 runes; a photo post's description 4,000
    // (Content Posting API reference, "Photo post": post_info.description; its title, at most 90, is the channel's).
    characterLimit: 2200,
    photoCharacterLimit: 4000,
    textUnit: "utf16",
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
    // The Display API gives a video's views (read as impressions), not how many people they were.
    unreportedMetrics: ["reach"],
    analyticsAccountsPerRun: 10,
  },
  google_business: {
    ...PLATFORM_BRANDS.google_business,
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
    ...PLATFORM_BRANDS.pinterest,
    // §11.4: the pin's description; the API takes 800 (PinCreate), Pinterest's own editor and help stop at 500.
    characterLimit: 500,
    hashtagLimit: 20,
    recommendedHashtags: 5,
    // A pin lives on one of the account's boards, chosen per channel (ADR 063).
    accountRequired: true,
    moreAt: null,
    firstComment: false,
    threads: false,
    // One image, one video, or a carousel of 2–5 images (PinMediaSource; a video alone: pinMediaProblems) [U: help
    // .pinterest.com "Review specs for Pins": images up to 20 MB, videos MP4/MOV/M4V up to 2 GB and 4 s–15 min].
    media: {
      mediaRequired: true,
      imageFormats: ["jpg", "png", "webp"],
      videoFormats: ["mp4", "mov"],
      maxImageBytes: 20 * MB,
      maxVideoBytes: 2048 * MB,
      maxItems: 5,
      mixed: true,
      maxVideoSeconds: 900,
    },
    // developers.pinterest.com rate limits: org_write (creating pins) is limited per user per app; Trial access
    // allows 1,000 requests a day in all, so a steady pace keeps a trial app's quota for reads as well.
    publishPace: [
      { limit: 200, windowMs: DAY },
      { limit: 10, windowMs: MINUTE },
    ],
    // A video is registered, uploaded and processed ahead; at the due second only POST /v5/pins remains (ADR 100).
    // Pinterest documents no lifetime for an unused upload: one found gone at the due second is uploaded again.
    stagingLeadMs: 12 * HOUR,
    stagesVideoOnly: true,
    analyticsAccountsPerRun: 10,
  },
};

import type { Platform } from "../db/schema/accounts";

/**
 * Per-account publishing pace, from the platforms' published quotas (PLATFORMS.md): the daily caps the
 * platforms enforce, plus a short burst window so a thousand posts due in one minute are spread out
 * rather than sent into the platform's 429s. Over the limit, the message waits on the queue.
 */
export const PUBLISH_PACE: Record<Platform, Array<{ limit: number; windowMs: number }>> = {
  instagram: [{ limit: 25, windowMs: 24 * 3600_000 }, { limit: 30, windowMs: 60_000 }], // content_publishing_limit (default 25–100)
  facebook: [{ limit: 30, windowMs: 60_000 }],
  threads: [{ limit: 250, windowMs: 24 * 3600_000 }, { limit: 30, windowMs: 60_000 }], // threads_publishing_limit
  twitter: [{ limit: 100, windowMs: 15 * 60_000 }], // POST /2/tweets per user
  linkedin: [{ limit: 30, windowMs: 60_000 }],
  youtube: [{ limit: 100, windowMs: 24 * 3600_000 }, { limit: 10, windowMs: 60_000 }], // videos.insert bucket
};

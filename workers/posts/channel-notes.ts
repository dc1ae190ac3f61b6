import type { TargetStatus } from "../delivery";
import { MAX_PUBLISH_ATTEMPTS } from "../delivery";

/**
 * What the post detail tells the user about a channel beyond its status, as pure functions: when a queued
 * target will be tried again and why, and whether reposting would send text the channel published lately.
 */

export interface RetryNote {
  /** When the next attempt is due (ISO). */
  at: string;
  /** The number of that next attempt, and how many there are at most. */
  attempt: number;
  of: number;
  /** The platform's words for the last failure. */
  reason: string | null;
}

export function retryNote(
  target: { status: TargetStatus; attemptCount: number; nextAttemptAt: number | null },
  lastFailure: string | null,
): RetryNote | null {
  if (target.status !== "queued" || target.attemptCount === 0 || target.nextAttemptAt === null) return null;
  return {
    at: new Date(target.nextAttemptAt).toISOString(),
    attempt: target.attemptCount + 1,
    of: MAX_PUBLISH_ATTEMPTS,
    reason: lastFailure,
  };
}

/** How far back an identical text counts as a duplicate: platforms such as X refuse a repeat of a recent post. */
export const DUPLICATE_WINDOW_MS = 30 * 24 * 3600_000;

export interface PublishedText {
  postId: string;
  platform: string;
  accountId: string;
  caption: string;
  publishedAt: number;
}

export interface Duplicate {
  platform: string;
  accountId: string;
  postId: string;
  publishedAt: string;
}

const normalized = (text: string) => text.trim().replace(/\s+/g, " ");

/** For each channel, the latest post within the window that published exactly the text it would publish now. */
export function duplicatesOf(
  channels: Array<{ platform: string; accountId: string; caption: string }>,
  published: PublishedText[],
  now: number,
): Duplicate[] {
  const out: Duplicate[] = [];
  for (const channel of channels) {
    const text = normalized(channel.caption);
    const latest = published
      .filter(
        (p) =>
          p.accountId === channel.accountId &&
          p.platform === channel.platform &&
          now - p.publishedAt <= DUPLICATE_WINDOW_MS &&
          normalized(p.caption) === text,
      )
      .sort((a, b) => b.publishedAt - a.publishedAt)[0];
    if (latest)
      out.push({
        platform: channel.platform,
        accountId: channel.accountId,
        postId: latest.postId,
        publishedAt: new Date(latest.publishedAt).toISOString(),
      });
  }
  return out;
}

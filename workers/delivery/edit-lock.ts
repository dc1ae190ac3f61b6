import { PLATFORM_NAMES, type Platform } from "../platform-profile";
import type { TargetStatus } from "./state";

/**
 * When a post's edits stop reaching a channel (issue 42). The cron claims every channel due within
 * CLAIM_HORIZON_MS, once a minute, so a channel leaves the user's hands up to a horizon plus one tick before its
 * time; from then until it settles it is in flight, and what it publishes (the post's text, hashtags, mentions,
 * title and media, and its own version) must not change under it. The other channels stay editable. Pure: the
 * composer shows it before typing, and the edit command enforces it.
 */
export const CLAIM_HORIZON_MS = 60_000;
const CRON_TICK_MS = 60_000;
/** How long before its time a channel may be claimed. */
export const LOCK_LEAD_MS = CLAIM_HORIZON_MS + CRON_TICK_MS;

/** Claimed and waiting for its second, or being sent (a retry waits as queued too). */
export const IN_FLIGHT: readonly TargetStatus[] = ["queued", "publishing"];
const WAITING: readonly TargetStatus[] = ["scheduled", "draft", "pending_approval", "held", "failed"];

interface Channel {
  platform: Platform;
  status: TargetStatus;
  dueAt: number | null;
}

export type EditLock =
  /** Nothing in flight; `locksAt` is when the next scheduled channel may be claimed (null: none is scheduled). */
  | { state: "open"; locksAt: number | null; publishesAt: number | null }
  /** The next channel may be claimed any moment now. */
  | { state: "closing"; publishesAt: number }
  /** Channels are being sent: `busy` cannot change, `waiting` (not yet sent) still can. */
  | { state: "publishing"; busy: Platform[]; waiting: Platform[] };

export function editLock(channels: readonly Channel[], now: number): EditLock {
  const busy = channels.filter((c) => IN_FLIGHT.includes(c.status));
  if (busy.length) {
    const waiting = channels.filter((c) => WAITING.includes(c.status));
    return { state: "publishing", busy: unique(busy), waiting: unique(waiting) };
  }
  const due = channels.flatMap((c) => (c.status === "scheduled" && c.dueAt !== null ? [c.dueAt] : []));
  if (due.length === 0) return { state: "open", locksAt: null, publishesAt: null };
  const publishesAt = Math.min(...due);
  const locksAt = publishesAt - LOCK_LEAD_MS;
  return now >= locksAt ? { state: "closing", publishesAt } : { state: "open", locksAt, publishesAt };
}

const unique = (channels: Channel[]) => [...new Set(channels.map((c) => c.platform))];

/** "X and LinkedIn": the networks of a list of channels, as a sentence says them. */
export function networkList(platforms: readonly Platform[]): string {
  const names = platforms.map((p) => PLATFORM_NAMES[p]);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The 409 of an edit that would change what an in-flight channel is sending. */
export function inFlightEditMessage(busy: readonly Platform[], waiting: readonly Platform[]): string {
  const still = waiting.length
    ? ` You can still change the time, accounts and versions of ${networkList(waiting)}, and the category.`
    : " You can still change its category.";
  return `This post is being published right now on ${networkList(busy)}, so its text, hashtags, mentions, title and media cannot be changed.${still}`;
}

import { CHANGES_REQUESTED } from "../delivery";
import { PLATFORM_NAMES, type Platform } from "../platform-profile";

/**
 * A held channel (target status `held`) is one the cron never claims: publishing it would send a different
 * post than the user scheduled, or through an account that is gone. Why it is held sits in the target's
 * errorKind, what the user should do in its errorMessage. docs/decisions/011-held-channels-and-production-defaults.md
 */
export const HoldReason = {
  mediaDeleted: "media_deleted",
  accountDisconnected: "account_disconnected",
  /** The platform stopped accepting the account (revoked, expired, a permission removed): it needs a reconnect. */
  accountNeedsReconnect: "account_needs_reconnect",
  timePassed: "time_passed",
  /** A client asked for changes through an approval link: held until the post is edited (ADR 078). */
  changesRequested: CHANGES_REQUESTED,
} as const;

export const HoldMessages = {
  mediaDeleted: (name: string) => `Media ${name} was deleted; choose new media or remove it`,
  accountDisconnected: (platform: Platform, username: string) =>
    `Waiting for reconnect: your ${PLATFORM_NAMES[platform]} account @${username} was disconnected. Reconnect it to publish, or remove this channel.`,
  accountNeedsReconnect: (reason: string) => `Waiting for reconnect: ${reason}`,
  timePassed: "Its time passed while the account was disconnected: choose a new time or publish now.",
  changesRequested: (label: string, comment: string | null) =>
    `The client (link "${label}") asked for changes${comment ? `: ${comment}` : ""}. Edit the post to send it on.`,
} as const;

/** Channels a deleted media item must stop: waiting ones, and failed ones (a retry would send the post without it). */
export const HELD_ON_MEDIA_DELETE = ["scheduled", "queued", "failed"] as const;
/** Channels a disconnect (or an account flagged needs-reconnect) holds: the ones still waiting for their time. */
export const HELD_ON_DISCONNECT = ["scheduled", "queued"] as const;
/** Channels a client's "Request changes" stops: everything not yet sent, and failed ones a retry would send as is. */
export const HELD_ON_CHANGES = ["scheduled", "queued", "pending_approval", "failed"] as const;
/** Hold reasons a reconnect of the account releases. */
export const RELEASED_ON_RECONNECT = [HoldReason.accountDisconnected, HoldReason.accountNeedsReconnect];

export type Release =
  | { status: "scheduled"; errorKind: null; errorMessage: null }
  | { status: "held"; errorKind: string; errorMessage: string };

/**
 * What a channel held for a disconnected (or flagged) account becomes when that account is reconnected: back on the
 * schedule if its time is still ahead; otherwise it stays held and asks for a new time or Publish Now,
 * because a post published hours or days late (a greeting, a sale that ended) may be worse than none.
 */
export function releaseOnReconnect(target: { dueAt: number | null }, now: number): Release {
  if (target.dueAt !== null && target.dueAt > now) return { status: "scheduled", errorKind: null, errorMessage: null };
  return { status: "held", errorKind: HoldReason.timePassed, errorMessage: HoldMessages.timePassed };
}

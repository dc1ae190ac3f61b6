import { addHours, differenceInHours, differenceInMinutes } from "date-fns";
import type { Platform } from "../platform-profile";

/**
 * The reply window of a direct message's conversation (ADR 092), pure and client-safe: the page shows it before a
 * member types, the thread view answers it. Meta lets a Page or IG account answer with a standard message within
 * 24 hours of the person's last one.
 */
export const META_WINDOW_HOURS = 24;

export const WindowMessages = {
  open: (hours: number, minutes: number) =>
    hours >= 1 ? `Reply window closes in ${hours} h` : `Reply window closes in ${Math.max(minutes, 1)} min`,
  closed: (name: string) =>
    `Reply window closed: ${name} allows replies within ${META_WINDOW_HOURS} hours of their last message`,
} as const;

export interface ReplyWindow {
  open: boolean;
  closesAt: string;
  text: string;
}

/** The window of a conversation whose person last wrote at `lastInboundAt`; null where the network has none. */
export function replyWindow(platform: Platform, lastInboundAt: number, now: number): ReplyWindow | null {
  if (platform !== "facebook" && platform !== "instagram") return null;
  const closes = addHours(lastInboundAt, META_WINDOW_HOURS);
  const open = closes.getTime() > now;
  return {
    open,
    closesAt: closes.toISOString(),
    text: open
      ? WindowMessages.open(differenceInHours(closes, now), differenceInMinutes(closes, now))
      : WindowMessages.closed("Meta"),
  };
}

/** One message of a thread as the window needs it: when, and whether the account sent it. */
export interface ThreadMessage {
  at: string;
  ours: boolean;
}

/**
 * The window of a whole conversation: it runs from the person's latest message in it, whichever item is opened
 * and whatever the account has sent since. Null when the network has none or the person has not written.
 */
export function threadWindow(platform: Platform, messages: ThreadMessage[], now: number): ReplyWindow | null {
  const lastInbound = messages.reduce((latest, m) => (m.ours ? latest : Math.max(latest, Date.parse(m.at))), -1);
  return lastInbound < 0 ? null : replyWindow(platform, lastInbound, now);
}

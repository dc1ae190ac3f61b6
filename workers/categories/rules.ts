/**
 * Evergreen rotation (ADR 076), pure: which slot a category fills next, which of its posts takes it, and what text
 * a copy carries on a network that refuses an identical repeat. Slots are the queue's (wall times in a zone, so a
 * 09:00 slot stays 09:00 across a daylight-saving change).
 */
import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { type Slot, slotInstants } from "../queue";

const DAY_MS = 24 * 3600_000;

export const CategoryMessages = {
  name: "Please name the category, like Tips or Menu",
  nameLong: "Category names must be at most 60 characters",
  noSlots: "Please add at least one weekly slot",
  gap: "The gap before a post repeats must be 1 to 365 days",
  endsAt: "Please enter the end date as YYYY-MM-DD",
  duplicate: (name: string) => `There is already a category named ${name}`,
  postNotPublishable: "Only a post with channels can go in a category",
  noRewrite: "no text this network has not had yet, and the AI rewrite was not different",
} as const;

/** The note a category's card shows after a slot. */
export const SlotNotes = {
  queued: (excerpt: string) => `Queued "${excerpt}"`,
  allInGap: (days: number) => `Slot left empty: every post repeated within the last ${days} days`,
  empty: "Slot left empty: the category has no posts",
  missed: "Slot missed while the scheduler was not running",
  memberLeft: "Slot left empty: the member who made this category is no longer in the workspace",
  refused: (reason: string) => `Slot left empty: ${reason}`,
} as const;

/** The first slot instant after `after`, or null when the category has no slot or its next one is past its end. */
export function nextSlot(
  category: { slots: Slot[]; endsAt: number | null },
  timeZone: string,
  after: number,
): number | null {
  const [at] = slotInstants(category.slots, timeZone, after, { limit: 1, horizonDays: 8 });
  if (at === undefined) return null;
  return category.endsAt !== null && at > category.endsAt ? null : at;
}

/**
 * The category's next slot as its workspace's zone reads the pattern now: the stored one, unless that was worked out
 * in a zone the workspace has since left (it is then no slot of the pattern here), when it is the first after `now`.
 */
export function slotInZone(
  category: { slots: Slot[]; endsAt: number | null; nextSlotAt: number | null },
  timeZone: string,
  now: number,
): number | null {
  const stored = category.nextSlotAt;
  if (stored === null) return null;
  return nextSlot(category, timeZone, stored - 1) === stored ? stored : nextSlot(category, timeZone, now);
}

export interface InTurn {
  postId: string;
  addedAt: number;
  lastQueuedAt: number | null;
}

/**
 * The post whose turn it is at `slotAt`: the one that has waited longest (never queued first, then by its last
 * slot, then by when it joined), among those whose last slot is at least `minGapDays` before this one.
 */
export function pickInTurn<T extends InTurn>(entries: T[], slotAt: number, minGapDays: number): T | null {
  const gap = minGapDays * DAY_MS;
  const ready = entries.filter((e) => e.lastQueuedAt === null || slotAt - e.lastQueuedAt >= gap);
  ready.sort(
    (a, b) =>
      (a.lastQueuedAt ?? Number.NEGATIVE_INFINITY) - (b.lastQueuedAt ?? Number.NEGATIVE_INFINITY) ||
      a.addedAt - b.addedAt ||
      a.postId.localeCompare(b.postId),
  );
  return ready[0] ?? null;
}

/**
 * The text a repeat carries on a channel of a network that refuses identical posts: the first candidate (its own
 * version, the post's text, then the AI's rewrite) that the channel has not had, or null: skip it.
 */
export function freshText(candidates: Array<string | null | undefined>, had: ReadonlySet<string>): string | null {
  for (const text of candidates) if (text && !had.has(text.trim())) return text;
  return null;
}

/** The last instant of the YYYY-MM-DD end date in the zone (the next local day's start, less 1 ms). */
export function endOfDate(localDate: string, timeZone: string): number {
  const [y, m, d] = localDate.split("-").map(Number) as [number, number, number];
  return startOfDay(addDays(new TZDate(y, m - 1, d, timeZone), 1)).getTime() - 1;
}

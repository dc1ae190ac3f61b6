import { PLATFORM_META } from "~/components/platforms/platform-options";
import { accountName } from "~/lib/account-name";
import { dateFormat, formatTime24 } from "~/lib/format";
import type { Slot } from "../../../workers/queue/index";

/** One account's queue as the Queue page's loader reads it (and GET /api/queue answers). */
export interface QueueJson {
  accountId: string;
  platform: string;
  username: string;
  timezone: string;
  ownTimezone: string | null;
  paused: boolean;
  slots: Slot[];
  upcoming: Array<{ at: string; slot: boolean; post: { postId: string; targetId: string; content: string } | null }>;
}

/** An upcoming slot's time as the card lists it, in the queue's timezone: "Mon, Jan 5 09:00". */
export const slotTime = (at: string, timeZone: string) =>
  `${dateFormat("en-US", { weekday: "short", month: "short", day: "numeric" }, timeZone).format(new Date(at))} ${formatTime24(at, timeZone)}`;

/** How a queue card names its account: the network, then the account as the rest of the UI names it. */
export const queueLabel = (queue: Pick<QueueJson, "platform" | "username">) =>
  `${PLATFORM_META[queue.platform]?.name ?? queue.platform} ${accountName(queue)}`;

/** The waiting posts' target ids with the one at `from` moved to `to` (the reorder request's order). */
export function movedOrder(queue: QueueJson, from: number, to: number): string[] {
  const ids = queue.upcoming.flatMap((r) => (r.post ? [r.post.targetId] : []));
  const [moved] = ids.splice(from, 1);
  if (moved === undefined) return ids;
  ids.splice(Math.max(0, Math.min(to, ids.length)), 0, moved);
  return ids;
}

/** The composer's request turned into Add to queue: the server picks each channel's time. */
export function queueRequest<T extends object>(body: T) {
  return { ...body, scheduledDate: null, status: "scheduled" as const, publishNow: false, addToQueue: true };
}

/** A slot as the Queue page's form carries it: "<day> <HH:MM>" (the list's hidden inputs, a Remove's value). */
export const slotValue = (s: Slot) => `${s.day} ${s.time}`;

/** The slot a form value names, unchecked: the action validates it with the API's schema. */
function slotOfValue(value: FormDataEntryValue): { day: number; time: string } {
  const [day = "", time = ""] = String(value).split(" ");
  return { day: Number(day), time };
}

export const NO_DAY_CHOSEN = "Please choose at least one day for the new slot";

/**
 * The slots a "slots" post saves: its list, minus the slot a Remove button names, or plus the chosen days at the
 * chosen time when Add slot sent it (null when no day was chosen). With JavaScript the card edits the list in
 * place and Save slots sends it as is; without, Add slot and each Remove are the form's own submit buttons.
 */
export function postedSlots(form: FormData): Array<{ day: number; time: string }> | null {
  const listed = form.getAll("slot").map(slotOfValue);
  const removed = form.get("remove");
  if (removed !== null) {
    const gone = slotOfValue(removed);
    return listed.filter((s) => s.day !== gone.day || s.time !== gone.time);
  }
  if (form.get("add") === null) return listed;
  const days = form.getAll("day");
  if (days.length === 0) return null;
  return [...listed, ...days.map((day) => ({ day: Number(day), time: String(form.get("time") ?? "") }))];
}

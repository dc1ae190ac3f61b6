import { z } from "zod";
import { PostMessages } from "../posts";
import { validTimeZone } from "../tenancy/time-zone";
import { QUEUE_VIEW_DAYS, QUEUE_VIEW_MAX_DAYS } from "./service";
import { slotSchema } from "./slot-schema";
import { MAX_SLOTS, QueueMessages } from "./slots";

/** What /api/queue and the Queue page's action accept, and what they answer (one set of rules and words). */
export const listQuery = z.object({
  days: z.coerce.number().int().min(1).max(QUEUE_VIEW_MAX_DAYS).default(QUEUE_VIEW_DAYS),
  accountId: z.string().trim().min(1).max(100).optional(),
});
export const slotsBody = z.object({
  slots: z.array(slotSchema).max(MAX_SLOTS, QueueMessages.tooMany),
  /** The account's own zone; null follows the workspace's; absent keeps what is stored. */
  timezone: z
    .string()
    .max(64)
    .refine((tz) => validTimeZone(tz) !== null, PostMessages.timezoneInvalid)
    .transform((tz) => validTimeZone(tz)!)
    .nullish(),
});
export const pauseBody = z.object({
  paused: z.boolean({ error: "Please say whether the queue is paused (true or false)" }),
});
export const copySlotsBody = z.object({
  to: z
    .array(z.string().trim().min(1).max(100))
    .min(1, QueueMessages.copyNowhere)
    .max(100, "Slots can be copied to at most 100 accounts at once"),
});
export const reorderBody = z.object({
  targetIds: z.array(z.string().trim().min(1).max(100)).min(1, "Please list the posts in their new order").max(500),
});

export const QueueReplies = {
  slotsSaved: "Queue time slots saved",
  slotsCopied: (n: number) => `Time slots copied to ${n} ${n === 1 ? "queue" : "queues"}`,
  paused: (paused: boolean) =>
    paused
      ? "Queue paused: none of this account's posts will be published until you resume it"
      : "Queue resumed: posts due while it was paused are published now",
  reordered: "Queue reordered",
  sharing: "Sharing the next post now",
} as const;

import { z } from "zod";
import { LOCAL_TIME } from "../posts";
import { QueueMessages, type Slot } from "./slots";

/** A slot as the API takes it; apart from slots.ts so the queue page's bundle has no zod (ADR 045). */
export const slotSchema = z.object({
  day: z
    .number({ error: QueueMessages.slotDay })
    .int(QueueMessages.slotDay)
    .min(1, QueueMessages.slotDay)
    .max(7, QueueMessages.slotDay),
  time: z.string({ error: QueueMessages.slotTime }).regex(LOCAL_TIME, QueueMessages.slotTime),
}) satisfies z.ZodType<Slot>;

// The queue module's public surface: other modules import it only from here (ADR 079).
export { copySlotsBody, pauseBody, QueueReplies, reorderBody, shareNextNow, slotsBody } from "./requests";
export { queueRoutes } from "./routes";
export { QUEUE_VIEW_DAYS, QueueService } from "./service";
export { slotSchema } from "./slot-schema";
export type { Slot } from "./slots";
export { MAX_SLOTS, normalizeSlots, QueueMessages, slotInstants } from "./slots";

// The queue module's public surface: other modules import it only from here (ADR 079).

export { queueRoutes } from "./routes";
export { copySlotsBody, pauseBody, QueueReplies, reorderBody, slotsBody } from "./schemas";
export { QUEUE_VIEW_DAYS, QueueService } from "./service";
export { shareNextNow } from "./share-next";
export { slotSchema } from "./slot-schema";
export type { Slot } from "./slots";
export { MAX_SLOTS, normalizeSlots, QueueMessages, slotInstants } from "./slots";

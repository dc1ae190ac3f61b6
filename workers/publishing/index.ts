// The publishing module's public surface: other modules import it only from here (ADR 079).

export type { PublishMessage } from "./claim";
export { claimDueTargets } from "./claim";
export type { PublishDeps } from "./consumer";
export { publishDeps } from "./deps";
export { publishFirstComment } from "./first-comment";
export { ChannelHolds } from "./holds";
export { leasesFrom } from "./lease";
export { fillMissingPermalinks } from "./permalinks";
export { consumePublishBatch, consumePublishDeadLetters } from "./queue";
export { reconcileStuckTargets } from "./reconcile";
export { notificationRoutes, schedulerRoutes, seenBody } from "./routes";
export { PublishingService } from "./service";
export { stageAhead } from "./staging";
export { type SchedulerStatus, upcomingTargets } from "./status";
export { TargetMoves } from "./target-moves";

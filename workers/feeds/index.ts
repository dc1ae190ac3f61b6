// The feeds module's public surface: other modules import it only from here (ADR 079).
export { feedDeps, feedService } from "./deps";
export { runFeedChecks } from "./jobs";
export { feedRoutes } from "./routes";
export { FeedReplies, feedCreateBody } from "./schemas";
export type { FeedView } from "./service";

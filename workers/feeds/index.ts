// The feeds module's public surface: other modules import it only from here (ADR 079).
export { feedDeps } from "./deps";
export { runFeedChecks } from "./jobs";
export { feedRoutes } from "./routes";

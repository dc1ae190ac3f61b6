// The agency module's public surface: other modules import it only from here (ADR 079).
export { agencyRoutes } from "./routes";
export { actingIn } from "./rules";
export { agencyOverview } from "./service";

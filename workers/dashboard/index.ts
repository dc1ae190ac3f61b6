// The dashboard module's public surface: other modules import it only from here (ADR 079).
export { dashboardRoutes } from "./routes";
export type { Dashboard, DashboardViewer } from "./service";
export { cachedDashboard } from "./service";

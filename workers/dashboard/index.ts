// The dashboard module's public surface: other modules import it only from here (ADR 079).

export { keptDashboardRead, keptDashboardsOfRows } from "./early";
export { dashboardRoutes } from "./routes";
export type { Dashboard, DashboardViewer } from "./service";
export { dashboardService } from "./service";

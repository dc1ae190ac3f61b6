// The analytics module's public surface: other modules import it only from here (ADR 079).
export { followersAt, loadAccounts } from "./account-reads";
export { CONTENT_TYPES, toCsv } from "./export/formats";
export { handleAnalyticsQueue, runAnalyticsCron } from "./jobs";
export { periodQuery, resolveRange } from "./period";
export { reportRoutes } from "./report-routes";
export { analyticsRoutes, docs } from "./routes";
export { bestTimesQuery } from "./schemas";
export { AnalyticsService } from "./service";

/** The spreadsheet writer, loaded on first use so fflate stays out of a cold start. */
export const loadSpreadsheetWriter = () => import("./export/xlsx");

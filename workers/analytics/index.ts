// The analytics module's public surface: other modules import it only from here (ADR 079).
export { followersAt, loadAccounts } from "./account-reads";
export { CONTENT_TYPES, toCsv } from "./export/formats";
export { handleAnalyticsQueue, runAnalyticsCron } from "./jobs";
export type { Range } from "./period";
export { periodQuery, resolveRange } from "./period";
export { reportPublicRoutes } from "./report-public-routes";
export { memberEmails, unsubscribe, unsubscribeDeps, unsubscribeView } from "./report-recipients";
export { reportRoutes } from "./report-routes";
export type { RecentReport, ScheduleData } from "./reports";
export {
  createSchedule,
  listSchedules,
  recentReports,
  reportDeps,
  reportFilesOf,
  sendNow,
  updateSchedule,
} from "./reports";
export { analyticsRoutes, docs } from "./routes";
export { ScheduleMessages, scheduleFromForm, scheduleInput, scheduleSummary } from "./schedule-input";
export type { PostAnalyticsData, SyncData } from "./schemas";
export { bestTimesQuery } from "./schemas";
export { AnalyticsService } from "./service";
export { rangeFromQuery, syncWorkspace } from "./sync-workspace";

/** The spreadsheet writer, loaded on first use so fflate stays out of a cold start. */
export const loadSpreadsheetWriter = () => import("./export/xlsx");
/** The analytics API's answer schemas, for the UI's response types. */
export type * as AnalyticsSchemas from "./schemas";

import type { z } from "zod";
import type { RecentReport, AnalyticsSchemas as S, ScheduleData } from "../../../workers/analytics/index";

/** The analytics API's response shapes (types only: nothing from workers/ reaches the browser bundle). */
export type OverviewData = z.infer<typeof S.OverviewData>;
export type TrendsData = z.infer<typeof S.TrendsData>;
export type ContentData = z.infer<typeof S.ContentPerformanceData>;
export type HashtagData = z.infer<typeof S.HashtagData>;
export type PatternsData = z.infer<typeof S.PostingPatternsData>;
export type BestTimesData = z.infer<typeof S.BestTimesData>;
export type AudienceData = z.infer<typeof S.AudienceData>;
export type GrowthData = z.infer<typeof S.GrowthData>;
export type SyncData = z.infer<typeof S.SyncData>;
export type Schedule = z.infer<typeof ScheduleData>;
export type Recent = z.infer<typeof RecentReport>;

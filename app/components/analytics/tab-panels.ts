import { preloadable } from "~/lib/preloadable";
import { type AnalyticsTab, analyticsView } from "./analytics-view";

/**
 * Analytics' tab panels, each in its own chunk like Settings' (ADR 045): a first visit loads the open tab's code
 * only (the first-load budget, bench/run.ts). The open one is fetched before the page hydrates (entry.client).
 */
export const OverviewTab = preloadable(() => import("./OverviewTab").then((m) => m.OverviewTab));
export const EngagementTab = preloadable(() => import("./EngagementTab").then((m) => m.EngagementTab));
export const AudienceTab = preloadable(() => import("./AudienceTab").then((m) => m.AudienceTab));
export const ContentTab = preloadable(() => import("./ContentTab").then((m) => m.ContentTab));
export const GrowthTab = preloadable(() => import("./GrowthTab").then((m) => m.GrowthTab));
export const HashtagsTab = preloadable(() => import("./HashtagsTab").then((m) => m.HashtagsTab));
export const TimingTab = preloadable(() => import("./TimingTab").then((m) => m.TimingTab));
export const LinkClicksTab = preloadable(() => import("./LinkClicksTab").then((m) => m.LinkClicksTab));
export const InboxTab = preloadable(() => import("./InboxTab").then((m) => m.InboxTab));
export const ReportsTab = preloadable(() => import("./ReportsTab").then((m) => m.ReportsTab));

const PANELS: Record<AnalyticsTab, { preload: () => Promise<unknown> }> = {
  overview: OverviewTab,
  engagement: EngagementTab,
  audience: AudienceTab,
  content: ContentTab,
  growth: GrowthTab,
  hashtags: HashtagsTab,
  timing: TimingTab,
  links: LinkClicksTab,
  inbox: InboxTab,
  reports: ReportsTab,
};

/** Fetches a tab's code ahead of a click; a failed fetch is tried again when the panel renders. */
export function preloadPanel(tab: AnalyticsTab) {
  PANELS[tab].preload().catch(() => {});
}

/** The code of the tab a URL opens, awaited before the page hydrates (app/entry.client.tsx). */
export const preloadOpenPanel = (search: URLSearchParams) => PANELS[analyticsView(search).tab].preload();

/** Every panel's code, for the server: awaited before rendering, the open tab renders without suspending. */
export const preloadPanels = () => Promise.all(Object.values(PANELS).map((p) => p.preload()));

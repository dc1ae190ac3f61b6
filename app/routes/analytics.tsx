import { Link, useActionData, useFetcher, useNavigate, useNavigation, useRevalidator } from "react-router";
import { type AnalyticsTab, analyticsSearch, analyticsView } from "~/components/analytics/analytics-view";
import { FilterBar } from "~/components/analytics/FilterBar";
import { type Filters, filterQuery } from "~/components/analytics/filters";
import { ErrorBox, SyncedNote } from "~/components/analytics/parts";
import {
  AudienceTab,
  ContentTab,
  EngagementTab,
  GrowthTab,
  HashtagsTab,
  InboxTab,
  LinkClicksTab,
  OverviewTab,
  preloadPanel,
  preloadPanels,
  ReportsTab,
  TimingTab,
} from "~/components/analytics/tab-panels";
import { PageHeader } from "~/components/PageHeader";
import { EmptyState } from "~/components/ui/EmptyState";
import { BarChart3, RefreshCw } from "~/components/ui/icons";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { primaryButton } from "~/components/ui/styles";
import { UrlTabList, UrlTabPanel } from "~/components/ui/UrlTabs";
import { formatDateTime } from "~/lib/format";
import { useMay } from "~/lib/may";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/notify";
import { useEachReply } from "~/lib/use-each-reply";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/analytics";
import { analyticsAction, analyticsData } from "./analytics.server";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Analytics",
    description: "Performance insights across your connected accounts.",
    keywords: "social media analytics, engagement, reach, growth",
  });

/** The URL's tab and filters, read on the server (analytics.server.ts); tabs and filters are navigations. */
export async function loader({ url, context }: Route.LoaderArgs) {
  // With the panels' code at hand, the server renders the open tab in one pass (also without JavaScript).
  await preloadPanels();
  return analyticsData(context.get(appContext), url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return analyticsAction(request, context.get(appContext), url);
}

const TABS: Array<{ value: AnalyticsTab; label: string }> = [
  { value: "overview", label: "Overview" },
  { value: "engagement", label: "Engagement" },
  { value: "audience", label: "Audience" },
  { value: "content", label: "Content" },
  { value: "growth", label: "Growth" },
  { value: "hashtags", label: "Hashtags" },
  { value: "timing", label: "Timing" },
  { value: "links", label: "Link clicks" },
  { value: "inbox", label: "Inbox" },
  { value: "reports", label: "Reports" },
];
const tabClass =
  "border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

export default function AnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { platforms, timezone, figures, refused } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  // While the next tab or filters load, the controls already show them (the figures follow when they arrive).
  const next = navigation.location?.pathname === "/analytics" ? navigation.location : null;
  const { tab, filters } = next ? analyticsView(new URLSearchParams(next.search)) : loaderData;
  const revalidator = useRevalidator();
  const sync = useFetcher<typeof action>();
  // Without JavaScript Sync Data is a plain post, and its reply renders here instead of a toast.
  const posted = useActionData<typeof action>();
  const show = (nextTab: AnalyticsTab, nextFilters: Filters) =>
    navigate(analyticsSearch(nextTab, nextFilters), { replace: true, preventScrollReset: true });
  // A tab or filter change keeps the figures on screen, marked busy, until the next ones arrive.
  const pending = navigation.state === "loading" && next !== null;
  const cannotSync = useMay().why("analytics.manage");

  useEachReply(sync.data, (reply) => {
    // A partial sync names what failed and why: shown as an error so it is not mistaken for success.
    if (reply.ok && !("partial" in reply && reply.partial)) notify.success(reply.message);
    else notify.error(reply.message);
  });

  if (!platforms.length) {
    return (
      <>
        <PageHeader title="Analytics" description="Performance insights across your connected accounts." />
        <EmptyState icon={BarChart3} title="No connected accounts">
          <p>Connect your social media accounts to see how your posts perform.</p>
          <Link to="/settings?tab=accounts" className={`${primaryButton} mt-4`}>
            Connect Accounts
          </Link>
        </EmptyState>
      </>
    );
  }

  const syncing = sync.state !== "idle";
  const overview = figures?.overview;
  return (
    <>
      <PageHeader title="Analytics" description="Performance insights across your connected accounts.">
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-500" data-testid="last-synced">
            {overview?.lastSyncedAt
              ? `Last synced ${formatDateTime(overview.lastSyncedAt, timezone)}`
              : "Not synced yet"}
          </p>
          <sync.Form method="post">
            <input type="hidden" name="intent" value="sync" />
            <button
              type="submit"
              className={primaryButton}
              disabled={syncing || !!cannotSync}
              aria-describedby={cannotSync && "sync-refused"}
            >
              <RefreshCw className={`size-4 ${syncing ? "animate-spin" : ""}`} aria-hidden />
              {syncing ? "Syncing..." : "Sync Data"}
            </button>
          </sync.Form>
          <RefusedNote id="sync-refused" why={cannotSync} />
        </div>
      </PageHeader>
      {posted?.intent === "sync" && (
        <p role={posted.ok ? "status" : "alert"} className="mb-4 text-sm text-slate-700">
          {posted.message}
        </p>
      )}
      <FilterBar tab={tab} filters={filters} platforms={platforms} onChange={(next) => show(tab, next)} />
      {refused ? (
        <ErrorBox message={refused} onRetry={() => void revalidator.revalidate()} />
      ) : !figures ? (
        <p className="text-sm text-slate-500">Choose a start date and an end date to see the figures.</p>
      ) : (
        <>
          <UrlTabList
            id="analytics"
            label="Analytics sections"
            className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200"
            tabClassName={tabClass}
            value={tab}
            onSelect={(next) => show(next as AnalyticsTab, filters)}
            tabs={TABS.map((t) => ({
              value: t.value,
              label: t.label,
              href: analyticsSearch(t.value, filters),
              onIntent: () => preloadPanel(t.value),
            }))}
          />
          {/* Every tab's figures come from the same synced snapshots. */}
          <div className="-mt-4 mb-4">
            <SyncedNote
              at={figures.overview.lastSyncedAt}
              timezone={timezone}
              testId="figures-synced"
              what="Figures last synced"
              never="No figures synced yet: press Sync Data"
            />
          </div>
          <UrlTabPanel
            id="analytics"
            value={tab}
            aria-busy={pending}
            className={pending ? "opacity-60 transition-opacity" : undefined}
          >
            <TabPanel figures={figures} platforms={platforms} filters={loaderData.filters} timezone={timezone} />
          </UrlTabPanel>
        </>
      )}
    </>
  );
}

type Figures = NonNullable<Route.ComponentProps["loaderData"]["figures"]>;

function TabPanel({
  figures: { overview, tab },
  platforms,
  filters,
  timezone,
}: {
  figures: Figures;
  platforms: string[];
  filters: Filters;
  timezone: string;
}) {
  switch (tab.tab) {
    case "engagement":
      return <EngagementTab overview={overview} trends={tab.trends} best={tab.best} content={tab.content} />;
    case "audience":
      return <AudienceTab data={tab.audience} />;
    case "content":
      return <ContentTab data={tab.content} />;
    case "growth":
      return (
        <GrowthTab
          data={tab.growth}
          platforms={filters.platforms.includes("all") ? platforms : filters.platforms}
          timezone={timezone}
        />
      );
    case "hashtags":
      return <HashtagsTab data={tab.hashtags} />;
    case "timing":
      return <TimingTab patterns={tab.patterns} best={tab.best} />;
    case "links":
      return <LinkClicksTab data={tab.clicks} />;
    case "inbox":
      return <InboxTab data={tab.inbox} />;
    case "reports":
      return (
        <ReportsTab
          query={filterQuery(filters) ?? ""}
          timezone={timezone}
          scheduleTimezone={tab.scheduleTimezone}
          schedules={tab.schedules}
          recent={tab.recent}
        />
      );
    default:
      return <OverviewTab data={overview} timezone={timezone} />;
  }
}

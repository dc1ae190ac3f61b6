import { BarChart3, RefreshCw } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Link, redirect } from "react-router";
import { AudienceTab } from "~/components/analytics/AudienceTab";
import { ContentTab } from "~/components/analytics/ContentTab";
import { EngagementTab } from "~/components/analytics/EngagementTab";
import { FilterBar } from "~/components/analytics/FilterBar";
import { DEFAULT_FILTERS, filterQuery } from "~/components/analytics/filters";
import { GrowthTab } from "~/components/analytics/GrowthTab";
import { HashtagsTab } from "~/components/analytics/HashtagsTab";
import { OverviewTab } from "~/components/analytics/OverviewTab";
import { ErrorBox, Fetched, Spinner, SyncedNote } from "~/components/analytics/parts";
import { ReportsTab } from "~/components/analytics/ReportsTab";
import { TimingTab } from "~/components/analytics/TimingTab";
import type {
  AudienceData,
  BestTimesData,
  ContentData,
  GrowthData,
  HashtagData,
  OverviewData,
  PatternsData,
  SyncData,
} from "~/components/analytics/types";
import { useApiData } from "~/components/analytics/use-api-data";
import { PageHeader } from "~/components/PageHeader";
import { orderPlatforms, PLATFORM_META } from "~/components/platforms/platform-options";
import { EmptyState } from "~/components/ui/EmptyState";
import { primaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/notify";
import { signInPath } from "~/lib/redirect";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Analytics",
    description: "Performance insights across your connected accounts.",
    keywords: "social media analytics, engagement, reach, growth",
  });

/** Which platforms the user has accounts on; the figures themselves load in the browser for the chosen filters. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { services, auth, workspace } = context.get(appContext);
  if (!auth || !workspace) throw redirect(signInPath(url));
  const accounts = await services.accounts.list(workspace.id);
  const platforms = orderPlatforms(
    [...new Set(accounts.map((a) => a.platform))].map((id) => ({ id, name: PLATFORM_META[id]?.name ?? id })),
  ).map((p) => p.id);
  return { platforms, timezone: auth.user.timezone };
}

const TABS = ["Overview", "Engagement", "Audience", "Content", "Growth", "Hashtags", "Timing", "Reports"] as const;
const tabClass =
  "border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

export default function AnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { platforms, timezone } = loaderData;
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  const [reloadKey, setReloadKey] = useState(0);
  const [syncing, setSyncing] = useState(false);
  const query = filterQuery(filters);
  const overview = useApiData<OverviewData>(
    platforms.length && query ? `/api/analytics/overview?${query}` : null,
    reloadKey,
  );
  const reload = () => setReloadKey((n) => n + 1);

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

  if (!overview.data && !overview.error) {
    return (
      <div className="py-16 text-center">
        <h1 className="text-xl font-semibold">Loading analytics...</h1>
        <div className="flex justify-center">
          <Spinner label="Fetching your latest figures" />
        </div>
      </div>
    );
  }

  const sync = async () => {
    setSyncing(true);
    const r = await api<SyncData>("/api/analytics/sync-all?days=7", { method: "POST" });
    setSyncing(false);
    if (r.ok) {
      // A partial sync names what failed and why: shown as an error so it is not mistaken for success.
      if (r.data.failures.length) notify.error(r.message);
      else notify.success(r.message);
      reload();
    } else notify.error("Failed to sync analytics data");
  };

  const q = query ?? "";
  return (
    <>
      <PageHeader title="Analytics" description="Performance insights across your connected accounts.">
        <div className="flex items-center gap-3">
          <p className="text-sm text-slate-500" data-testid="last-synced">
            {overview.data?.lastSyncedAt
              ? `Last synced ${formatDateTime(overview.data.lastSyncedAt, timezone)}`
              : "Not synced yet"}
          </p>
          <button type="button" className={primaryButton} onClick={sync} disabled={syncing}>
            <RefreshCw className={`size-4 ${syncing ? "animate-spin" : ""}`} aria-hidden />
            {syncing ? "Syncing..." : "Sync Data"}
          </button>
        </div>
      </PageHeader>
      <FilterBar filters={filters} platforms={platforms} onChange={setFilters} />
      {overview.error ? (
        <ErrorBox message={overview.error} onRetry={reload} />
      ) : (
        overview.data && (
          <Tabs.Root defaultValue="Overview">
            <Tabs.List
              aria-label="Analytics sections"
              className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200"
            >
              {TABS.map((t) => (
                <Tabs.Trigger key={t} value={t} className={tabClass}>
                  {t}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {/* Every tab's figures come from the same synced snapshots. */}
            <div className="-mt-4 mb-4">
              <SyncedNote
                at={overview.data.lastSyncedAt}
                timezone={timezone}
                testId="figures-synced"
                what="Figures last synced"
                never="No figures synced yet: press Sync Data"
              />
            </div>
            <Tabs.Content value="Overview">
              <OverviewTab data={overview.data} timezone={timezone} />
            </Tabs.Content>
            <Tabs.Content value="Engagement">
              <EngagementTab query={q} overview={overview.data} reloadKey={reloadKey} retry={reload} />
            </Tabs.Content>
            <Tabs.Content value="Audience">
              <Fetched<AudienceData> path={`/api/analytics/audience-insights?${q}`} reloadKey={reloadKey}>
                {(d) => <AudienceTab data={d} />}
              </Fetched>
            </Tabs.Content>
            <Tabs.Content value="Content">
              <Fetched<ContentData> path={`/api/analytics/content-performance?${q}`} reloadKey={reloadKey}>
                {(d) => <ContentTab data={d} />}
              </Fetched>
            </Tabs.Content>
            <Tabs.Content value="Growth">
              <Fetched<GrowthData> path={`/api/analytics/growth?${q}`} reloadKey={reloadKey}>
                {(d) => (
                  <GrowthTab
                    data={d}
                    platforms={filters.platforms.includes("all") ? platforms : filters.platforms}
                    timezone={timezone}
                  />
                )}
              </Fetched>
            </Tabs.Content>
            <Tabs.Content value="Hashtags">
              <Fetched<HashtagData> path={`/api/analytics/hashtag-performance?${q}`} reloadKey={reloadKey}>
                {(d) => <HashtagsTab data={d} />}
              </Fetched>
            </Tabs.Content>
            <Tabs.Content value="Timing">
              <Fetched<PatternsData> path={`/api/analytics/posting-patterns?${q}`} reloadKey={reloadKey}>
                {(patterns) => (
                  <Fetched<BestTimesData> path="/api/analytics/best-times" reloadKey={reloadKey}>
                    {(best) => <TimingTab patterns={patterns} best={best} />}
                  </Fetched>
                )}
              </Fetched>
            </Tabs.Content>
            <Tabs.Content value="Reports">
              <ReportsTab query={q} timezone={timezone} />
            </Tabs.Content>
          </Tabs.Root>
        )
      )}
    </>
  );
}

import { formatCompact, formatPercent } from "~/lib/format";
import { CONTENT_TYPE_LABELS } from "../../../workers/analytics/definitions";
import { hourLabel } from "./hours";
import { TrendChart } from "./lazy-charts";
import { Empty, LoadState, Section, StatCard } from "./parts";
import type { BestTimesData, ContentData, OverviewData, TrendsData } from "./types";
import { useApiData } from "./use-api-data";

const TREND_PREVIEW_DAYS = 7;

export function EngagementTab({
  query,
  overview,
  reloadKey,
  retry,
}: {
  query: string;
  overview: OverviewData;
  reloadKey: number;
  retry: () => void;
}) {
  const trends = useApiData<TrendsData>(`/api/analytics/engagement-trends?${query}`, reloadKey);
  const best = useApiData<BestTimesData>(`/api/analytics/best-times`, reloadKey);
  const content = useApiData<ContentData>(`/api/analytics/content-performance?${query}`, reloadKey);
  const bestTime = best.data?.times[0];
  const topContent = content.data?.contentTypes.slice().sort((a, b) => b.avgEngagement - a.avgEngagement)[0];
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label="Total Engagement"
          value={formatCompact(overview.overview.totalEngagement)}
          change={overview.changes.totalEngagement}
          testId="eng-total"
        />
        <StatCard
          label="Engagement Rate"
          value={formatPercent(overview.overview.avgEngagementRate)}
          change={overview.changes.avgEngagementRate}
        />
        <StatCard
          label="Best Time"
          value={
            bestTime
              ? `${bestTime.day.slice(0, 3)} ${hourLabel(bestTime.hour)}`
              : best.data?.hours.length
                ? hourLabel(best.data.hours[0]!)
                : "–"
          }
          note={
            best.data?.source === "suggested"
              ? `Suggested · ${best.data.postsNeeded} more measured ${best.data.postsNeeded === 1 ? "post" : "posts"} for your own`
              : undefined
          }
          testId="eng-best-time"
        />
        <StatCard label="Top Content" value={topContent ? contentLabel(topContent.type) : "–"} />
      </div>
      <Section title={`Last ${TREND_PREVIEW_DAYS} days`}>
        <LoadState state={trends} onRetry={retry}>
          {(d) =>
            d.trends.some((t) => t.engagement > 0) ? (
              <TrendChart trends={d.trends.slice(-TREND_PREVIEW_DAYS)} />
            ) : (
              <Empty>No engagement received in this period yet.</Empty>
            )
          }
        </LoadState>
      </Section>
    </div>
  );
}

export const contentLabel = (type: string) => CONTENT_TYPE_LABELS[type as keyof typeof CONTENT_TYPE_LABELS] ?? type;

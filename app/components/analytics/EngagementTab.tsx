import { formatCompact } from "~/lib/format";
import { CONTENT_TYPE_LABELS } from "../../../workers/analytics/public";
import { hourLabel } from "./hours";
import { TrendChart } from "./lazy-charts";
import { Empty, formatRate, leavesOutNote, Section, StatCard } from "./parts";
import type { BestTimesData, ContentData, OverviewData, TrendsData } from "./types";

const TREND_PREVIEW_DAYS = 7;

export function EngagementTab({
  overview,
  trends,
  best,
  content,
}: {
  overview: OverviewData;
  trends: TrendsData;
  best: BestTimesData;
  content: ContentData;
}) {
  const bestTime = best.times[0];
  const topContent = content.contentTypes.slice().sort((a, b) => b.avgEngagement - a.avgEngagement)[0];
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
          value={formatRate(overview.overview.avgEngagementRate)}
          change={overview.changes.avgEngagementRate}
          note={leavesOutNote(overview.overview.rateLeavesOut)}
        />
        <StatCard
          label="Best Time"
          value={
            bestTime
              ? `${bestTime.day.slice(0, 3)} ${hourLabel(bestTime.hour)}`
              : best.hours.length
                ? hourLabel(best.hours[0]!)
                : "–"
          }
          note={
            best.source === "suggested"
              ? `Suggested · ${best.postsNeeded} more measured ${best.postsNeeded === 1 ? "post" : "posts"} for your own`
              : undefined
          }
          testId="eng-best-time"
        />
        <StatCard label="Top Content" value={topContent ? contentLabel(topContent.type) : "–"} />
      </div>
      <Section title={`Last ${TREND_PREVIEW_DAYS} days`}>
        {trends.trends.some((t) => t.engagement > 0) ? (
          <TrendChart trends={trends.trends.slice(-TREND_PREVIEW_DAYS)} />
        ) : (
          <Empty>No engagement received in this period yet.</Empty>
        )}
      </Section>
    </div>
  );
}

export const contentLabel = (type: string) => CONTENT_TYPE_LABELS[type as keyof typeof CONTENT_TYPE_LABELS] ?? type;

import { InfoTip } from "~/components/ui/InfoTip";
import { formatCompact } from "~/lib/format";
import { POST_COUNT_DEFINITION } from "../../../workers/analytics/public";
import { contentLabel } from "./EngagementTab";
import { Empty, formatRate, leavesOutNote, Section } from "./parts";
import type { ContentData } from "./types";

const BADGE: Record<string, string> = {
  high: "bg-green-100 text-green-800",
  average: "bg-amber-100 text-amber-800",
  low: "bg-red-100 text-red-800",
  none: "bg-slate-100 text-slate-600",
};

export function ContentTab({ data }: { data: ContentData }) {
  if (!data.contentTypes.length) return <Empty>No published posts in this period.</Empty>;
  // Only types with a rate compete for best; a type none of whose networks report one is not the best or the worst.
  const rated = data.contentTypes.filter((t) => t.engagementRate !== null);
  const best = rated.length
    ? rated.reduce((a, b) => ((b.engagementRate ?? 0) > (a.engagementRate ?? 0) ? b : a))
    : null;
  const leftOut = [...new Set(data.contentTypes.flatMap((t) => t.rateLeavesOut))];
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {data.contentTypes.map((t) => (
          <li key={t.type} className="rounded-lg border border-slate-200 bg-surface p-4 shadow-sm">
            <div className="flex items-center justify-between">
              <h3 className="font-semibold">{contentLabel(t.type)}</h3>
              {/* No verdict on a rate nobody measured (ADR 008): its networks report no reach or impressions. */}
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${BADGE[t.performance ?? "none"]}`}
              >
                {t.performance ?? "Not reported"}
              </span>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <dt className="flex items-center gap-1 text-slate-500">
                Posts <InfoTip label="Posts" text={POST_COUNT_DEFINITION} />
              </dt>
              <dd className="text-right font-medium">{formatCompact(t.count)}</dd>
              <dt className="text-slate-500">Avg engagement</dt>
              <dd className="text-right font-medium">{formatCompact(t.avgEngagement)}</dd>
              <dt className="text-slate-500">Avg reach</dt>
              <dd className="text-right font-medium">{formatCompact(t.avgReach)}</dd>
              <dt className="text-slate-500">Engagement rate</dt>
              <dd className="text-right font-medium">{formatRate(t.engagementRate)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <Section title="Insights">
        {best ? (
          <p className="text-sm">
            {contentLabel(best.type)} posts have your best engagement rate in this period (
            {formatRate(best.engagementRate)} over {best.count} {best.count === 1 ? "post" : "posts"}).
          </p>
        ) : (
          <p className="text-sm">
            No engagement rate to compare: the networks of these posts do not report reach or impressions.
          </p>
        )}
        {leftOut.length ? <p className="mt-1 text-xs text-slate-500">{leavesOutNote(leftOut)}</p> : null}
        <p className="mt-1 text-xs text-slate-500">{data.note}</p>
      </Section>
    </div>
  );
}

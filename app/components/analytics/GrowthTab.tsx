import { PLATFORM_META } from "~/components/platforms/platform-options";
import { formatCompact, formatDate, formatPercent } from "~/lib/format";
import { FollowersChart } from "./lazy-charts";
import { Section, StatCard } from "./parts";
import type { GrowthData } from "./types";

/** One card per connected platform (zeros until its first sync), then followers over time; growth counts only from what we measured. */
export function GrowthTab({ data, platforms, timezone }: { data: GrowthData; platforms: string[]; timezone: string }) {
  const shown = [...new Set([...platforms, ...data.platforms.map((p) => p.platform)])];
  const since = (iso: string) => `since ${formatDate(iso, timezone)}`;
  return (
    <div className="space-y-6">
      <StatCard
        label="Overall growth rate"
        value={data.growthRate === null ? "–" : formatPercent(data.growthRate)}
        note={
          data.since
            ? `${since(data.since)}${data.since > data.range.start ? ", when we started tracking" : ""}`
            : "Not tracked yet: press Sync Data"
        }
      />
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {shown.map((platform) => {
          const g = data.platforms.find((p) => p.platform === platform);
          return (
            <li
              key={platform}
              className="rounded-lg border border-slate-200 bg-surface p-4 shadow-sm"
              aria-label={`${PLATFORM_META[platform]?.name ?? platform} growth`}
            >
              <h3 className="font-semibold">{PLATFORM_META[platform]?.name ?? platform}</h3>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                <dt className="text-slate-500">Followers</dt>
                <dd className="text-right font-medium">{formatCompact(g?.end ?? 0)}</dd>
                <dt className="text-slate-500">Growth rate</dt>
                <dd className="text-right font-medium">{g?.growthRate == null ? "–" : formatPercent(g.growthRate)}</dd>
                <dt className="text-slate-500">Unfollow rate</dt>
                <dd className="text-right font-medium" title="The platforms do not report unfollows">
                  –
                </dd>
                <dt className="text-slate-500">Net growth</dt>
                <dd className="text-right font-medium">
                  {g ? `${g.netGrowth >= 0 ? "+" : ""}${formatCompact(g.netGrowth)}` : "0"}
                </dd>
              </dl>
              <p className="mt-2 text-xs text-slate-500">{g ? since(g.since) : "Not tracked yet"}</p>
            </li>
          );
        })}
      </ul>
      {data.platforms.length > 0 && (
        <Section title="Followers over time">
          <FollowersChart rows={data.followers} platforms={data.platforms.map((p) => p.platform)} />
        </Section>
      )}
    </div>
  );
}

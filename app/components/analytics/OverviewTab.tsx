import { PLATFORM_META } from "~/components/platforms/platform-options";
import { accountName } from "~/lib/account-name";
import { formatCompact, formatDateTime, truncate } from "~/lib/format";
import { LOCATION_METRICS_NOTE, POST_COUNT_DEFINITION, unreportedNote } from "../../../workers/analytics/public";
import { PLATFORM_PROFILES, type Platform } from "../../../workers/platform-profile";
import { Empty, formatRate, leavesOutNote, Section, StatCard } from "./parts";
import type { OverviewData } from "./types";

const TOP_POST_CHARS = 150;
/** The post figures an account's network does not measure (a Bluesky or Mastodon account's reach and impressions). */
const unreported = (platform: string) => PLATFORM_PROFILES[platform as Platform]?.unreportedMetrics ?? [];

export function OverviewTab({ data, timezone }: { data: OverviewData; timezone: string }) {
  const { overview: o, changes: c } = data;
  const kpis = [
    {
      label: "Total Posts",
      value: formatCompact(o.totalPosts),
      change: c.totalPosts,
      id: "kpi-posts",
      info: POST_COUNT_DEFINITION,
    },
    { label: "Total Likes", value: formatCompact(o.totalLikes), change: c.totalLikes, id: "kpi-likes" },
    { label: "Total Comments", value: formatCompact(o.totalComments), change: c.totalComments, id: "kpi-comments" },
    { label: "Total Shares", value: formatCompact(o.totalShares), change: c.totalShares, id: "kpi-shares" },
    { label: "Total Reach", value: formatCompact(o.totalReach), change: c.totalReach, id: "kpi-reach" },
    {
      label: "Total Impressions",
      value: formatCompact(o.totalImpressions),
      change: c.totalImpressions,
      id: "kpi-impressions",
    },
    {
      label: "Avg Engagement Rate",
      value: formatRate(o.avgEngagementRate),
      change: c.avgEngagementRate,
      id: "kpi-rate",
      note: leavesOutNote(o.rateLeavesOut),
    },
    {
      label: "Total Followers",
      value: formatCompact(data.stats.totalFollowers),
      change: c.totalFollowers,
      id: "kpi-followers",
    },
  ];
  const accounts = Object.values(data.accounts);
  const top = data.topPerformingPost;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {kpis.map((k) => (
          <StatCard
            key={k.id}
            label={k.label}
            value={k.value}
            change={k.change}
            testId={k.id}
            info={"info" in k ? k.info : undefined}
            note={"note" in k ? k.note : undefined}
          />
        ))}
      </div>
      <Section title="Accounts">
        {accounts.length === 0 ? (
          <Empty>No accounts match this filter.</Empty>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {accounts.map((a) => (
              <li
                key={a.accountId}
                className="rounded-md border border-slate-200 p-3"
                aria-label={`${PLATFORM_META[a.platform]?.name ?? a.platform} ${accountName(a)}`}
              >
                <p className="font-medium">
                  {PLATFORM_META[a.platform]?.name ?? a.platform} · {accountName(a)}
                </p>
                <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                  {(
                    [
                      ["Posts", a.posts, null],
                      ["Likes", a.likes, null],
                      ["Comments", a.comments, null],
                      ["Shares", a.shares, null],
                      ["Reach", a.reach, "reach"],
                      ["Impressions", a.impressions, "impressions"],
                    ] as const
                  ).map(([label, n, metric]) => (
                    <div key={label}>
                      <dt className="text-xs text-slate-500">{label}</dt>
                      <dd className="font-semibold">
                        {metric && unreported(a.platform).includes(metric) ? "Not reported" : formatCompact(n)}
                      </dd>
                    </div>
                  ))}
                </dl>
                {unreported(a.platform).length ? (
                  <p className="mt-2 text-xs text-slate-500">
                    {unreportedNote(PLATFORM_META[a.platform]?.name ?? a.platform, unreported(a.platform))}
                  </p>
                ) : null}
                {a.platform === "google_business" ? (
                  <p className="mt-2 text-xs text-slate-500">{LOCATION_METRICS_NOTE}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Top Performing Post">
        {top ? (
          <div>
            <p className="text-sm">{truncate(top.content, TOP_POST_CHARS)}</p>
            <p className="mt-2 text-xs text-slate-500">
              {top.platforms.map((p) => PLATFORM_META[p]?.name ?? p).join(", ")} ·{" "}
              {formatDateTime(top.publishedAt, timezone)} · {formatCompact(top.totalEngagement)} engagements ·{" "}
              {formatRate(top.avgEngagementRate)} engagement rate
            </p>
            {top.rateLeavesOut.length ? (
              <p className="mt-1 text-xs text-slate-500">{leavesOutNote(top.rateLeavesOut)}</p>
            ) : null}
          </div>
        ) : (
          <Empty>No published posts in this period.</Empty>
        )}
      </Section>
    </div>
  );
}

import { hourLabel } from "./hours";
import { Empty, Section } from "./parts";
import type { BestTimesData, PatternsData } from "./types";

export function TimingTab({ patterns, best }: { patterns: PatternsData; best: BestTimesData }) {
  const active = patterns.weekdays.filter((d) => d.posts > 0);
  return (
    <div className="space-y-6">
      <Section title={`Best hour per weekday (${patterns.timezone})`}>
        {active.length === 0 ? (
          <Empty>No published posts in this period.</Empty>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {patterns.weekdays.map((d) => (
              <li key={d.weekday} className="rounded-md border border-slate-200 p-3 text-sm">
                <p className="font-medium">{d.day}</p>
                <p className="text-slate-600">
                  {d.bestHour === null ? "No posts" : `Best at ${hourLabel(d.bestHour)}`}
                </p>
                <p className="text-xs text-slate-500">{d.engagementPercent}% of engagement</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={best.source === "suggested" ? "Suggested times" : "Recommended times"}>
        <p className="mb-3 text-xs text-slate-500">{best.label}</p>
        {best.source === "suggested" && (
          <ul className="flex flex-wrap gap-2" aria-label="Suggested hours">
            {best.hours.map((h) => (
              <li key={h} className="rounded-md border border-slate-200 px-3 py-2 text-sm font-medium">
                {hourLabel(h)}
              </li>
            ))}
          </ul>
        )}
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {best.times.map((t) => (
            <li key={`${t.weekday}-${t.hour}`} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-medium">
                {t.day} at {hourLabel(t.hour)}
              </p>
              {best.source === "computed" && (
                <p className="text-xs text-slate-500">
                  {t.posts} posts, {t.avgEngagement} avg engagement
                </p>
              )}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

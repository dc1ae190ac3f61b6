import { PLATFORM_META } from "~/components/platforms/platform-options";
import { heatLevels, hourLabel } from "./hours";
import { Empty, Section } from "./parts";
import type { AudienceData } from "./types";

function Bars({ rows }: { rows: Array<{ label: string; percentage: number }> }) {
  if (!rows.length) return <Empty>Not reported by this platform.</Empty>;
  return (
    <ul className="space-y-1">
      {rows.map((r) => (
        <li key={r.label} className="grid grid-cols-[5rem_1fr_3.5rem] items-center gap-2 text-sm">
          <span className="truncate">{r.label}</span>
          <span className="h-2 rounded bg-slate-100" aria-hidden>
            <span className="block h-2 rounded bg-brand-500" style={{ width: `${Math.min(100, r.percentage)}%` }} />
          </span>
          <span className="text-right tabular-nums">{r.percentage}%</span>
        </li>
      ))}
    </ul>
  );
}

export function AudienceTab({ data }: { data: AudienceData }) {
  if (!data.accounts.length)
    return <Empty>No audience data yet. Press Sync Data to fetch it from your platforms.</Empty>;
  return (
    <div className="space-y-6">
      {data.accounts.map(({ accountId, platform, username, displayName, audience }) => {
        const levels = heatLevels(audience.activeHours);
        const handle = `@${username.replace(/^@+/, "")}`;
        // Each account by name: two Facebook Pages are two audiences.
        const name = displayName && displayName !== username ? `${displayName} (${handle})` : handle;
        return (
          <Section key={accountId} title={`${name} on ${PLATFORM_META[platform]?.name ?? platform}: audience`}>
            <div className="grid gap-6 md:grid-cols-3">
              <div>
                <h4 className="mb-2 text-xs font-semibold uppercase text-slate-500">Age</h4>
                <Bars rows={audience.age.map((a) => ({ label: a.range, percentage: a.percentage }))} />
              </div>
              <div>
                <h4 className="mb-2 text-xs font-semibold uppercase text-slate-500">Gender</h4>
                <Bars rows={audience.gender.map((g) => ({ label: g.type, percentage: g.percentage }))} />
              </div>
              <div>
                <h4 className="mb-2 text-xs font-semibold uppercase text-slate-500">Top locations</h4>
                <Bars
                  rows={audience.locations.slice(0, 5).map((l) => ({ label: l.country, percentage: l.percentage }))}
                />
              </div>
            </div>
            {audience.activeHours.length > 0 && (
              <div className="mt-4">
                <h4 className="mb-2 text-xs font-semibold uppercase text-slate-500">Active hours (UTC)</h4>
                <ol className="grid grid-cols-12 gap-1 md:grid-cols-24">
                  {levels.map((level, hour) => (
                    <li
                      key={hour}
                      title={`${hourLabel(hour)}: ${Math.round(level * 100)}% of peak`}
                      aria-label={`${hourLabel(hour)}: ${Math.round(level * 100)}% of peak`}
                      className="h-6 rounded bg-brand-600"
                      style={{ opacity: 0.1 + 0.9 * level }}
                    />
                  ))}
                </ol>
              </div>
            )}
          </Section>
        );
      })}
    </div>
  );
}

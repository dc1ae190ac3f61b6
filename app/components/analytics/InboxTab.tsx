import { Link } from "react-router";
import type { InboxService } from "../../../workers/inbox/index";
import { Empty, Section, StatCard } from "./parts";

type Stats = Awaited<ReturnType<InboxService["team"]["stats"]>>;

/** "1 h 5 min", "4 min", "30 s": a wait as people say it. */
export function formatWait(ms: number | null): string {
  if (ms === null) return "—";
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
}

/** Analytics → Inbox: how fast the team answers, and who handled how many items in the period. */
export function InboxTab({ data }: { data: Stats }) {
  if (data.members.length === 0)
    return (
      <Empty>
        No inbox items were answered or marked done in this period. <Link to="/inbox">Open the inbox</Link>.
      </Empty>
    );
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Answered" value={String(data.answered)} testId="inbox-answered" />
        <StatCard label="First response (median)" value={formatWait(data.firstResponseMedianMs)} testId="inbox-frt" />
        <StatCard label="First response (90%)" value={formatWait(data.firstResponseP90Ms)} testId="inbox-frt-p90" />
      </div>
      <Section title="Items handled per member">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-2 font-medium">Member</th>
              <th className="py-2 text-right font-medium">Handled</th>
              <th className="py-2 text-right font-medium">Answered</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.members.map((m) => (
              <tr key={m.userId}>
                <th scope="row" className="py-2 text-left font-medium">
                  {m.name}
                </th>
                <td className="py-2 text-right">{m.handled}</td>
                <td className="py-2 text-right">{m.replied}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { formatCompact } from "~/lib/format";

/** recharts lives only in this module, which the tabs load lazily (never in the first-load bundle). */
const SIZE = { width: 600, height: 240 };

export function TrendChart({
  trends,
}: {
  trends: Array<{ date: string; likes: number; comments: number; shares: number }>;
}) {
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={SIZE}>
      <BarChart data={trends} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tick={{ fontSize: 11 }} />
        <YAxis tickFormatter={formatCompact} tick={{ fontSize: 11 }} width={40} />
        <Tooltip />
        <Legend />
        <Bar dataKey="likes" name="Likes" stackId="e" fill="#6366f1" />
        <Bar dataKey="comments" name="Comments" stackId="e" fill="#22c55e" />
        <Bar dataKey="shares" name="Shares" stackId="e" fill="#f59e0b" />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Days before we first measured a platform are null: no line there rather than a flat zero; dots show single measurements. */
export function FollowersChart({
  rows,
  platforms,
}: {
  rows: Array<Record<string, number | string | null>>;
  platforms: string[];
}) {
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={SIZE}>
      <LineChart data={rows} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tick={{ fontSize: 11 }} />
        <YAxis tickFormatter={formatCompact} tick={{ fontSize: 11 }} width={48} />
        <Tooltip />
        <Legend />
        {platforms.map((p) => (
          <Line
            key={p}
            type="monotone"
            dataKey={p}
            name={PLATFORM_META[p]?.name ?? p}
            stroke={PLATFORM_META[p]?.color ?? "#64748b"}
            dot={{ r: 2 }}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

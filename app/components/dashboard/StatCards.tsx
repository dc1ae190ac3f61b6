import { Link } from "react-router";
import { type AppIcon, CalendarClock, CheckCircle2, FileText, Heart, Image, Users } from "~/components/ui/icons";
import { formatCompact, formatPercent } from "~/lib/format";
import { RATE_NOT_REPORTED } from "../../../workers/analytics/public";

export interface DashboardStats {
  totalFollowers: number | null;
  totalPosts: number | null;
  scheduledPosts: number | null;
  /** Scheduled posts with a held channel (not in scheduledPosts): they wait for a reconnect or a fix. */
  heldPosts: number | null;
  publishedPosts: number | null;
  mediaFiles: number | null;
  engagementRate: number | null;
}

const CARDS: Array<{
  key: Exclude<keyof DashboardStats, "heldPosts">;
  label: string;
  to: string;
  icon: AppIcon;
  percent?: boolean;
}> = [
  { key: "totalFollowers", label: "Total Followers", to: "/settings?tab=accounts", icon: Users },
  { key: "totalPosts", label: "Total Posts", to: "/content", icon: FileText },
  { key: "scheduledPosts", label: "Scheduled Posts", to: "/planner", icon: CalendarClock },
  { key: "publishedPosts", label: "Published Posts", to: "/planner", icon: CheckCircle2 },
  { key: "mediaFiles", label: "Media Files", to: "/content?tab=media", icon: Image },
  { key: "engagementRate", label: "Engagement Rate", to: "/analytics", icon: Heart, percent: true },
];

/**
 * SPEC §2 Dashboard: six clickable stat cards. A part that failed to load shows a dash; an engagement rate the
 * networks do not measure (`rateNotReported`: the overview loaded with a null rate) says so.
 */
export function StatCards({ stats, rateNotReported = false }: { stats: DashboardStats; rateNotReported?: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-6">
      {CARDS.map(({ key, label, to, icon: Icon, percent }) => {
        const value = stats[key];
        const shown =
          key === "engagementRate" && rateNotReported
            ? RATE_NOT_REPORTED
            : value === null
              ? "–"
              : percent
                ? formatPercent(value)
                : formatCompact(value);
        return (
          <li key={key}>
            <Link
              to={to}
              className="flex h-full flex-col rounded-lg border border-slate-200 bg-surface p-4 shadow-sm hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="flex items-center justify-between text-sm text-slate-500">
                {label}
                <Icon className="size-4 text-brand-600" aria-hidden />
              </span>
              <span className="mt-2 text-2xl font-semibold" data-stat={key}>
                {shown}
              </span>
              {key === "scheduledPosts" && stats.heldPosts ? (
                <span className="mt-1 text-xs font-medium text-amber-700">
                  + {stats.heldPosts} held, not sent until fixed
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

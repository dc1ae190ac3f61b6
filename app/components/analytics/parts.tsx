import { InfoTip } from "~/components/ui/InfoTip";
import { Loader2 } from "~/components/ui/icons";
import { secondaryButton } from "~/components/ui/styles";
import { formatDateTime, formatPercent } from "~/lib/format";
import { RATE_NOT_REPORTED, rateLeavesOutNote } from "../../../workers/analytics/public";
import { PLATFORM_NAMES, type Platform } from "../../../workers/platform-profile";

/** An engagement rate: "Not reported" when no post in the figure has its denominator (null), never an invented 0%. */
export const formatRate = (n: number | null) => (n === null ? RATE_NOT_REPORTED : formatPercent(n));

/** Which networks' posts an engagement rate leaves out (the API's rateLeavesOut), as a sentence; undefined when none. */
export const leavesOutNote = (platforms: readonly Platform[]) =>
  rateLeavesOutNote(platforms.map((p) => PLATFORM_NAMES[p] ?? p)) ?? undefined;

/** A figure with its label, what it means when `info` says, and the change vs the previous period when the API gives one. */
export function StatCard({
  label,
  value,
  change,
  testId,
  info,
  note,
}: {
  label: string;
  value: string;
  change?: number | null;
  testId?: string;
  info?: string;
  note?: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-surface p-4 shadow-sm">
      <p className="flex items-center gap-1 text-sm text-slate-500">
        {label}
        {info && <InfoTip label={label} text={info} />}
      </p>
      <p className="mt-1 text-2xl font-semibold" data-testid={testId}>
        {value}
      </p>
      {change != null && (
        <p className={`mt-1 text-xs font-medium ${change >= 0 ? "text-green-700" : "text-red-700"}`}>
          {change >= 0 ? "+" : ""}
          {change}% vs previous period
        </p>
      )}
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-500">
      <Loader2 className="size-4 animate-spin" aria-hidden /> {label}
    </p>
  );
}

const LOAD_FAILED = "Failed to load analytics data";

/** The loader's refusal of the chosen filters, with Try Again. */
export function ErrorBox({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
      <p className="font-medium text-red-800">{LOAD_FAILED}</p>
      {message !== LOAD_FAILED && <p className="mt-1 text-sm text-red-700">{message}</p>}
      <button type="button" className={`${secondaryButton} mt-3`} onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-surface p-4 shadow-sm">
      <h3 className="mb-3 text-sm font-semibold text-slate-700">{title}</h3>
      {children}
    </section>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-slate-500">{children}</p>;
}

/** When the figures shown were last fetched from the platforms. */
export function SyncedNote({
  at,
  timezone,
  testId,
  what = "Last synced",
  never = "Not synced yet",
}: {
  at: string | null;
  timezone: string;
  testId?: string;
  what?: string;
  never?: string;
}) {
  return (
    <span className="text-xs text-slate-500" data-testid={testId}>
      {at ? `${what} ${formatDateTime(at, timezone)}` : never}
    </span>
  );
}

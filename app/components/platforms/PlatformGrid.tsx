import { Link } from "react-router";
import { PlatformMark } from "./PlatformMark";
import { type PlatformOption, toggleSelection } from "./platform-options";

export interface PlatformGridProps {
  platforms: PlatformOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
  mode?: "single" | "multi";
  loading?: boolean;
  error?: boolean;
  /** Only connected platforms are listed, so the empty text says "No connected platforms found". */
  connectedOnly?: boolean;
}

/** SPEC §2 Platform grid: a reusable platform selector. */
export function PlatformGrid({
  platforms,
  selected,
  onChange,
  mode = "multi",
  loading,
  error,
  connectedOnly,
}: PlatformGridProps) {
  if (loading) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-lg bg-gray-200" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
        Failed to load platforms{" "}
        <button type="button" className="ml-2 underline" onClick={() => window.location.reload()}>
          Retry
        </button>
      </div>
    );
  }
  const shown = connectedOnly ? platforms.filter((p) => p.connected) : platforms;
  if (shown.length === 0) {
    return (
      <p className="text-sm text-gray-500">
        {connectedOnly ? "No connected platforms found" : "No platforms available"}
      </p>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" role="group" aria-label="Platforms">
      {shown.map((p) => {
        const active = selected.includes(p.id);
        return (
          <div key={p.id} className="relative">
            <button
              type="button"
              aria-pressed={active}
              disabled={!p.connected}
              onClick={() => onChange(toggleSelection(selected, p, mode))}
              className={`flex w-full items-center gap-2 rounded-lg border p-3 text-left text-sm transition ${
                active
                  ? "border-blue-600 bg-blue-50 ring-2 ring-blue-600"
                  : "border-gray-200 bg-surface hover:border-gray-400"
              } disabled:cursor-not-allowed disabled:opacity-60`}
            >
              <PlatformMark platform={p.id} decorative />
              <span className="font-medium">{p.name}</span>
              {p.connected && p.accountLabel ? (
                <span className="truncate text-xs text-gray-500">{p.accountLabel}</span>
              ) : null}
            </button>
            {!p.connected ? (
              <Link
                to="/settings?tab=accounts"
                className="mt-1 block text-xs font-medium text-blue-600 hover:underline"
              >
                Connect Now
              </Link>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

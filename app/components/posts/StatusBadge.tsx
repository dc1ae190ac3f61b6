import { PLATFORM_META } from "~/components/platforms/platform-options";
import { statusLabel, statusTone } from "./post-view";

/** A status pill in the spec's colours, naming the channel when there is one. */
export function StatusBadge({ status, platform, label }: { status: string; platform?: string | null; label?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${statusTone(status)}`}>
      {platform ? `${PLATFORM_META[platform]?.name ?? platform}: ` : ""}
      {label ?? statusLabel(status)}
    </span>
  );
}

/** A platform's coloured dot with its name for screen readers and a tooltip. */
export function PlatformDot({ platform }: { platform: string }) {
  const meta = PLATFORM_META[platform];
  return (
    <span title={meta?.name ?? platform} className="inline-flex size-6 items-center justify-center rounded-full text-[10px] font-bold text-white" style={{ backgroundColor: meta?.color ?? "#64748b" }}>
      <span aria-hidden>{(meta?.name ?? platform).slice(0, 1)}</span>
      <span className="sr-only">{meta?.name ?? platform}</span>
    </span>
  );
}

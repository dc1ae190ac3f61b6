import { PlatformMark } from "~/components/platforms/PlatformMark";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { statusLabel, statusTone } from "./post-view";

/** A status pill in the spec's colours, naming the channel when there is one. */
export function StatusBadge({ status, platform, label }: { status: string; platform?: string | null; label?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${statusTone(status)}`}
    >
      {platform ? `${PLATFORM_META[platform]?.name ?? platform}: ` : ""}
      {label ?? statusLabel(status)}
    </span>
  );
}

/** A platform's mark with its name for screen readers and a tooltip. */
export function PlatformDot({ platform }: { platform: string }) {
  return <PlatformMark platform={platform} badge className="size-3.5" />;
}

import { useState } from "react";
import { Info } from "~/components/ui/icons";
import { onDemand } from "~/lib/on-demand";

export interface InfoTipProps {
  text: string;
  label: string;
}

export const infoButtonClass = "inline-flex rounded-full align-middle text-slate-400 hover:text-slate-600";

/** The tooltip (Radix and its positioning code) loads when the (i) is first hovered or focused (ADR 045). */
const tooltip = onDemand(() => import("./InfoTipTooltip").then((m) => m.InfoTipTooltip));

/**
 * An (i) button whose text shows on hover or focus, and which screen readers read as its name. Until it is
 * first reached for it is a lookalike button; then the tooltip replaces it, open if the pointer or focus is
 * still there when its code arrives.
 */
export function InfoTip({ text, label }: InfoTipProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reached, setReached] = useState(false);
  const Tooltip = tooltip.useOnDemand(reached);
  if (Tooltip) return <Tooltip text={text} label={label} open={hovered || focused} focus={focused} />;
  return (
    <button
      type="button"
      aria-label={`${label}: ${text}`}
      className={infoButtonClass}
      onPointerEnter={() => {
        setHovered(true);
        setReached(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        setReached(true);
      }}
      onBlur={() => setFocused(false)}
    >
      <Info className="size-3.5" aria-hidden />
    </button>
  );
}

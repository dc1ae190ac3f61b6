import { Tooltip } from "radix-ui";
import { Info } from "~/components/ui/icons";
import { type InfoTipProps, infoButtonClass } from "./InfoTip";

/** InfoTip's Radix tooltip, mounted in the state the lookalike was in (hovered or focused: open, and focused). */
export function InfoTipTooltip({ text, label, open, focus }: InfoTipProps & { open: boolean; focus: boolean }) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root defaultOpen={open}>
        <Tooltip.Trigger
          type="button"
          aria-label={`${label}: ${text}`}
          className={infoButtonClass}
          autoFocus={focus} // the focus the lookalike it replaces had
        >
          <Info className="size-3.5" aria-hidden />
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={4}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-xs text-on-accent shadow-lg"
          >
            {text}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

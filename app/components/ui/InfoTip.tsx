import { Info } from "lucide-react";
import { Tooltip } from "radix-ui";

/** An (i) button whose text shows on hover or focus, and which screen readers read as its name. */
export function InfoTip({ text, label }: { text: string; label: string }) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger
          type="button"
          aria-label={`${label}: ${text}`}
          className="inline-flex rounded-full align-middle text-slate-400 hover:text-slate-600"
        >
          <Info className="size-3.5" aria-hidden />
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={4}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-xs text-white shadow-lg"
          >
            {text}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

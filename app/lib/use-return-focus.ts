import { useRef } from "react";

/**
 * Radix dialogs opened without a Dialog.Trigger (ours open from state) send focus to the trigger on close,
 * which they do not have, so focus fell to <body>. This remembers what had focus when the dialog opened and
 * returns focus there: pass the result as Dialog.Content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean) {
  const from = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read during the render that opens the dialog, before Radix moves focus inside it.
  if (open && !wasOpen.current && typeof document !== "undefined")
    from.current = document.activeElement as HTMLElement | null;
  wasOpen.current = open;
  return (event: Event) => {
    const el = from.current;
    if (el?.isConnected && el !== document.body) {
      event.preventDefault();
      el.focus();
    }
  };
}

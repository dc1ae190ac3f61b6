import { useSyncExternalStore } from "react";
import { toasts } from "~/lib/notify";
import { onDemand } from "~/lib/on-demand";
import { THEMES } from "~/lib/theme";

const toaster = onDemand(() => import("sonner").then((m) => m.Toaster));

/**
 * sonner's Toaster, mounted once the first toast has fetched its code (app/lib/notify.ts). It takes the page's
 * theme (`<html data-theme>`, ADR 074): a light toast on a dark page was a white glare with the page's tokens.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(toasts.subscribe, toasts.wanted, () => false);
  const Toaster = toaster.useOnDemand(wanted);
  return Toaster ? (
    <Toaster
      position="top-right"
      offset={{ top: 72, right: 16 }}
      visibleToasts={20}
      richColors
      theme={THEMES.find((t) => t === document.documentElement.dataset.theme) ?? "system"}
      closeButton
      toastOptions={{ style: { maxWidth: 350 } }}
    />
  ) : null;
}

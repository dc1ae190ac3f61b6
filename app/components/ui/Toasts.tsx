import { useSyncExternalStore } from "react";
import { toasts } from "~/lib/notify";
import { onDemand } from "~/lib/on-demand";
import { pageTheme } from "~/lib/theme";

const toaster = onDemand(() => import("sonner").then((m) => m.Toaster));

/**
 * sonner's Toaster, mounted once the first toast has fetched its code (app/lib/notify.ts). It takes the page's
 * theme (`<html data-theme>`, ADR 074) and follows a change made in Settings: a light toast on a dark page was a
 * white glare with the page's tokens. Toasts sit above dialogs (z-50) but below the menus a person opens (z-[70]):
 * sonner's own z-index put a toast over the user menu's items, and hovering it there paused it for good.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(toasts.subscribe, toasts.wanted, () => false);
  const theme = useSyncExternalStore(pageTheme.subscribe, pageTheme.current, () => "system" as const);
  const Toaster = toaster.useOnDemand(wanted);
  return Toaster ? (
    <Toaster
      position="top-right"
      offset={{ top: 72, right: 16 }}
      visibleToasts={20}
      richColors
      theme={theme}
      closeButton
      toastOptions={{ style: { maxWidth: 350 } }}
      style={{ zIndex: 60 }}
    />
  ) : null;
}

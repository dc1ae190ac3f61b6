import { useSyncExternalStore } from "react";
import { toasts } from "~/lib/notify";
import { onDemand } from "~/lib/on-demand";

const toaster = onDemand(() => import("sonner").then((m) => m.Toaster));

/** sonner's Toaster, mounted once the first toast has fetched its code (app/lib/notify.ts). */
export function Toasts() {
  const wanted = useSyncExternalStore(toasts.subscribe, toasts.wanted, () => false);
  const Toaster = toaster.useOnDemand(wanted);
  return Toaster ? (
    <Toaster
      position="top-right"
      offset={{ top: 72, right: 16 }}
      visibleToasts={20}
      richColors
      closeButton
      toastOptions={{ style: { maxWidth: 350 } }}
    />
  ) : null;
}

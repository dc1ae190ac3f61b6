import type { ExternalToast } from "sonner";

/**
 * sonner's code (toasts and their Toaster), fetched at the first toast rather than with every page: the
 * first-load budget (bench/run.ts). The Toaster mounts when it arrives and shows the toasts made before it.
 */
let sonner: Promise<typeof import("sonner")> | null = null;
const waiting = new Set<() => void>();

function loadSonner() {
  if (!sonner) {
    sonner = import("sonner");
    for (const wake of waiting) wake();
  }
  return sonner;
}

/** For the Toaster's host (app/components/ui/Toasts.tsx): whether a toast has asked for sonner yet. */
export const toasts = {
  wanted: () => sonner !== null,
  subscribe(wake: () => void) {
    waiting.add(wake);
    return () => void waiting.delete(wake);
  },
};

const show = (kind: "success" | "error" | "info", message: string, options: ExternalToast) => {
  loadSonner().then(
    ({ toast }) => toast[kind](message, options),
    (err: unknown) => console.error("loading the toasts failed", err),
  );
};

/**
 * The one way the app shows a toast, with the spec's durations (success 2 s, error 4 s, info 3 s).
 * `options` passes through to sonner for the few toasts that need more (a description, an action, 5 s).
 */
export const notify = {
  success: (message: string, options?: ExternalToast) => show("success", message, { duration: 2000, ...options }),
  error: (message: string, options?: ExternalToast) => show("error", message, { duration: 4000, ...options }),
  info: (message: string, options?: ExternalToast) => show("info", message, { duration: 3000, ...options }),
};

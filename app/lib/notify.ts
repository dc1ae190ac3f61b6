import { type ExternalToast, toast } from "sonner";

/**
 * The one way the app shows a toast, with the spec's durations (success 2 s, error 4 s, info 3 s).
 * `options` passes through to sonner for the few toasts that need more (a description, an action, 5 s).
 */
export const notify = {
  success: (message: string, options?: ExternalToast) => toast.success(message, { duration: 2000, ...options }),
  error: (message: string, options?: ExternalToast) => toast.error(message, { duration: 4000, ...options }),
  info: (message: string, options?: ExternalToast) => toast.info(message, { duration: 3000, ...options }),
};

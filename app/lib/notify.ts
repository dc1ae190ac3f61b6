import { toast } from "sonner";

/** Toasts with the spec's durations: success 2 s, error 4 s. */
export const notify = {
  success: (message: string) => toast.success(message, { duration: 2000 }),
  error: (message: string) => toast.error(message, { duration: 4000 }),
};

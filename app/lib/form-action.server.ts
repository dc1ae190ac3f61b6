import { data } from "react-router";
import { failureOf } from "../../workers/http/failure";
import { ENHANCED, type FormReply } from "./use-form-action";

/**
 * Runs one form submission the way the API runs a request: a service's refusal becomes the form's message
 * with the API's status and headers (Retry-After included), through the API's own mapping (ADR 037). Anything else is a real failure and reaches the
 * error boundary. (A cross-site write on the cookie never gets here: the Worker refuses it, workers/app.ts.)
 */
export async function runForm<R>(
  intent: string,
  run: () => Promise<R>,
  /** The row the form acted on (FormReply's `id`), so a plain post's refusal shows in that row. */
  id?: string,
): Promise<R | ReturnType<typeof data<FormReply>>> {
  try {
    return await run();
  } catch (err) {
    const failure = failureOf(err);
    if (!failure) throw err;
    return data<FormReply>(
      { ok: false, intent, id, message: failure.message },
      { status: failure.status, headers: failure.headers },
    );
  }
}

/** A loader's read: a service's refusal (404 for another workspace's post) becomes the page's error status. */
export async function loadOrThrow<R>(read: () => Promise<R>): Promise<R> {
  try {
    return await read();
  } catch (err) {
    const failure = failureOf(err);
    if (failure) throw data(failure.message, { status: failure.status });
    throw err;
  }
}

/** True when the form came through a fetcher (JavaScript on): it wants data, where a plain post wants a redirect. */
export const isEnhanced = (form: FormData) => form.get(ENHANCED) === "1";

/** The form's fields as strings (files are not expected here). */
export function fields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}

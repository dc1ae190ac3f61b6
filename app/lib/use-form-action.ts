import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { notify } from "./notify";

/** What a form action answers; `intent` says which of a page's forms it belongs to. */
export type FormReply<T = object> =
  | ({ ok: true; intent: string; message: string } & T)
  | { ok: false; intent: string; message: string };

/** The field a fetcher submission carries, so the action answers with data rather than a redirect. */
export const ENHANCED = "enhanced";

/** What a form checks in the browser first: a message, null when fine, or false to drop the submit quietly. */
type Check = (form: FormData) => string | null | false | Promise<string | null | false>;

/**
 * One form posting to its route's action (progressive enhancement). With JavaScript the submit goes through
 * a fetcher: the browser check runs first, pending state comes from the fetcher, and the reply shows as a
 * toast (then `onSuccess`). Without JavaScript the form posts as plain HTML and the page renders the reply:
 * `error` and `done` are its messages.
 */
export function useFormAction<T extends object = object>(
  intent: string,
  { check, onSuccess }: { check?: Check; onSuccess?: (reply: FormReply<T> & { ok: true }) => void } = {},
) {
  const fetcher = useFetcher();
  const posted = useActionData() as FormReply<T> | undefined;
  const page = posted?.intent === intent ? posted : undefined;
  const [invalid, setInvalid] = useState<string | null>(null);
  const success = useRef(onSuccess);
  success.current = onSuccess;

  const reply = fetcher.data as FormReply<T> | undefined;
  useEffect(() => {
    if (!reply) return;
    if (!reply.ok) notify.error(reply.message);
    else {
      notify.success(reply.message);
      success.current?.(reply);
    }
  }, [reply]);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const problem = check ? await check(form) : null;
    if (problem === false) return;
    setInvalid(problem);
    if (problem) return;
    form.set("intent", intent);
    form.set(ENHANCED, "1");
    await fetcher.submit(form, { method: "post" });
  }

  return {
    /** Props for the <form>: posts to the route's action without JavaScript, through the fetcher with it. */
    form: { method: "post" as const, onSubmit, noValidate: true },
    busy: fetcher.state !== "idle",
    /** The browser check's message, else (without JavaScript) the action's. */
    error: invalid ?? (page && !page.ok ? page.message : null),
    /** The action's success reply of a plain post (without JavaScript). */
    done: page?.ok ? page : undefined,
  };
}

import { useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { notify } from "./notify";
import { useEachReply } from "./use-each-reply";

/** What a form action answers; `intent` says which of a page's forms it belongs to, `id` which row's (a list's). */
export type FormReply<T = object> =
  | ({ ok: true; intent: string; id?: string; message: string } & T)
  | { ok: false; intent: string; id?: string; message: string };

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
  {
    action,
    key,
    id,
    check,
    onSuccess,
    announce = (kind, message) => notify[kind](message),
  }: {
    /** The route whose action answers, when it is not this page's (e.g. `/posts/:id/delete`). */
    action?: string;
    /** Shares the fetcher, so a button outside the form (a dialog's footer) reads its pending state. */
    key?: string;
    /** The row this form acts on, when a page lists many: a plain post's reply shows only in its own row. */
    id?: string;
    check?: Check;
    onSuccess?: (reply: FormReply<T> & { ok: true }) => unknown;
    /** How the reply is shown with JavaScript: a toast unless the page has its own banner (Settings). */
    announce?: (kind: "success" | "error", message: string) => void;
  } = {},
) {
  const fetcher = useFetcher({ key });
  const posted = useActionData() as FormReply<T> | undefined;
  const page = posted?.intent === intent && posted.id === id ? posted : undefined;
  const [invalid, setInvalid] = useState<string | null>(null);
  const success = useRef(onSuccess);
  success.current = onSuccess;
  const say = useRef(announce);
  say.current = announce;

  const reply = fetcher.data as FormReply<T> | undefined;
  useEachReply(reply, (reply) => {
    if (!reply.ok) say.current("error", reply.message);
    // After what success does (often a navigation), so the toast shows on the page it leads to.
    else void Promise.resolve(success.current?.(reply)).then(() => say.current("success", reply.message));
  });

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // With the button that submitted it, as a plain post sends it (a form with two choices, e.g. a decision).
    const form = new FormData(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter);
    const problem = check ? await check(form) : null;
    if (problem === false) return;
    setInvalid(problem);
    if (problem) return;
    await submit(form);
  }

  function submit(form: FormData) {
    form.set("intent", intent);
    form.set(ENHANCED, "1");
    return fetcher.submit(form, { method: "post", action });
  }

  return {
    /** Props for the <form>: posts to the route's action without JavaScript, through the fetcher with it. */
    form: { method: "post" as const, action, onSubmit, noValidate: true },
    /** Posts these fields (a list repeats its name) through the fetcher: a JavaScript-only step (Verify, a drop). */
    submit: (fields: Record<string, string | string[]>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields))
        for (const one of typeof value === "string" ? [value] : value) form.append(name, one);
      return submit(form);
    },
    busy: fetcher.state !== "idle",
    /** The browser check's message, else (without JavaScript) the action's. */
    error: invalid ?? (page && !page.ok ? page.message : null),
    /** The action's success reply of a plain post (without JavaScript). */
    done: page?.ok ? page : undefined,
  };
}

import { useRef } from "react";
import { RowAction } from "~/components/settings/RowAction";
import { FormError } from "~/components/ui/FormError";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { inputClass, labelClass, primaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import { useMay } from "~/lib/may";
import { useFormAction } from "~/lib/use-form-action";
import type { FeedView } from "../../../workers/feeds/index";
import { DEFAULT_TEMPLATE } from "../../../workers/feeds/public";
import { PlainReply, toast } from "./plain-reply";

export interface Channel {
  id: string;
  platform: string;
  name: string;
}

/**
 * Content → Feeds (ADR 068): the workspace's RSS, Atom and JSON feeds, each card saying when it was last read
 * and, when something went wrong, why; and the form to follow one. Every form posts to the page's action, so all
 * of it works without JavaScript. Feeds are changed with `posts.publish` (as the API checks): below it a card has no
 * Check now or Remove, and the form is disabled with the server's reason (ADR 127).
 */
export function FeedsTab({ feeds, channels, timeZone }: { feeds: FeedView[]; channels: Channel[]; timeZone: string }) {
  const refused = useMay().why("posts.publish");
  const when = (at: string) => formatDateTime(at, timeZone);
  const formRef = useRef<HTMLFormElement>(null);
  const add = useFormAction("feed-add", { onSuccess: () => formRef.current?.reset() });
  const channelName = (id: string) => channels.find((c) => c.id === id)?.name ?? "a disconnected channel";
  return (
    <div className="space-y-6">
      <PlainReply />
      {feeds.length === 0 ? (
        <p className="text-sm text-slate-600">
          No feeds yet. Follow your blog's feed and its new articles become posts.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Feeds">
          {feeds.map((f) => (
            <li
              key={f.id}
              className="rounded-lg border border-slate-200 bg-surface p-4 shadow-sm"
              aria-label={f.title ?? f.url}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">{f.title ?? "Not read yet"}</p>
                  <p className="truncate text-sm text-slate-500">{f.url}</p>
                  <p className="mt-1 text-sm text-slate-600">
                    {f.mode === "queue" ? "New items go to the queue of " : "New items become drafts for "}
                    {f.accountIds.length ? f.accountIds.map(channelName).join(", ") : "no channel yet"} · {f.posted}{" "}
                    {f.posted === 1 ? "post" : "posts"} so far
                  </p>
                  <p className="text-xs text-slate-500">
                    {f.lastCheckedAt ? `Last read ${when(f.lastCheckedAt)}` : "Not read yet"} · next check{" "}
                    {when(f.nextCheckAt)}
                  </p>
                  {f.lastError && (
                    <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                      {f.lastError}
                    </p>
                  )}
                </div>
                {!refused && (
                  <div className="flex gap-2">
                    <RowAction intent="feed-check" id={f.id} busyLabel="Checking..." notify={toast}>
                      Check now
                    </RowAction>
                    <RowAction
                      intent="feed-remove"
                      id={f.id}
                      busyLabel="Removing..."
                      notify={toast}
                      label={`Remove ${f.url}`}
                    >
                      Remove
                    </RowAction>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <form {...add.form} ref={formRef} className="max-w-xl space-y-3" aria-label="Add a feed">
        <h2 className="font-semibold">Add a feed</h2>
        <RefusedNote id="feed-add-refused" why={refused} />
        <fieldset disabled={!!refused} className="space-y-3">
          <input type="hidden" name="intent" value="feed-add" />
          <label className={labelClass}>
            Feed URL (RSS, Atom or JSON Feed, https)
            <input name="url" type="url" required placeholder="https://yourblog.com/feed.xml" className={inputClass} />
          </label>
          <label className={labelClass}>
            New items
            <select name="mode" defaultValue="draft" className={inputClass}>
              <option value="draft">become drafts</option>
              <option value="queue">go to the queue</option>
            </select>
          </label>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-700">Channels</legend>
            {channels.length === 0 && <p className="text-sm text-slate-500">Connect a social account first.</p>}
            {channels.map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="accountIds" value={c.id} /> {c.name} ({c.platform})
              </label>
            ))}
          </fieldset>
          <label className={labelClass}>
            Template ({"{title}"}, {"{link}"}, {"{summary}"})
            <textarea name="template" defaultValue={DEFAULT_TEMPLATE} rows={3} className={inputClass} />
          </label>
          <FormError message={add.error} />
          <button
            type="submit"
            className={primaryButton}
            disabled={add.busy}
            aria-describedby={refused && "feed-add-refused"}
          >
            {add.busy ? "Adding..." : "Add feed"}
          </button>
        </fieldset>
      </form>
    </div>
  );
}

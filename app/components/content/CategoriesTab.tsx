import { useRef } from "react";
import { RowAction } from "~/components/settings/RowAction";
import { FormError } from "~/components/ui/FormError";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { inputClass, labelClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import { useMay } from "~/lib/may";
import { useFormAction } from "~/lib/use-form-action";
import type { CategoryService } from "../../../workers/categories/index";
import { WEEKDAY_NAMES } from "../../../workers/queue/public";
import { PlainReply, toast } from "./plain-reply";

type CategoryView = Awaited<ReturnType<CategoryService["list"]>>[number];

const slotsText = (slots: CategoryView["slots"]) =>
  slots.map((s) => `${WEEKDAY_NAMES[s.day - 1]} ${s.time}`).join(", ");

/**
 * Content → Categories (ADR 076): evergreen categories, each card with its slots, its next slot, what happened at
 * the last one and its posts in turn; forms to make one and to put posts in. Every form posts to the page's
 * action, so all of it works without JavaScript. Categories are changed with `posts.publish` (as the API checks):
 * below it a card has no Remove, Take out or Add post, and the new category's form is disabled with the server's
 * reason (ADR 127).
 */
export function CategoriesTab({
  categories,
  posts,
  slotZone,
  timeZone,
}: {
  categories: CategoryView[];
  posts: Array<{ id: string; excerpt: string }>;
  /** The workspace's zone, which the slots' wall times are in. */
  slotZone: string;
  /** The user's, which the next slot is shown in. */
  timeZone: string;
}) {
  const refused = useMay().why("posts.publish");
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : "none");
  const formRef = useRef<HTMLFormElement>(null);
  const add = useFormAction("category-add", { onSuccess: () => formRef.current?.reset() });
  return (
    <div className="space-y-6">
      <PlainReply />
      {categories.length === 0 ? (
        <p className="text-sm text-slate-600">
          No categories yet. Put your evergreen posts (tips, menus, offers) in one and they come back by themselves.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Categories">
          {categories.map((c) => (
            <li key={c.id} className="rounded-lg border border-slate-200 bg-surface p-4 shadow-sm" aria-label={c.name}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">{c.name}</p>
                  <p className="text-sm text-slate-600">
                    {slotsText(c.slots)} ({slotZone}) · a post repeats after {c.minGapDays}{" "}
                    {c.minGapDays === 1 ? "day" : "days"}
                    {c.endsOn ? ` · until ${c.endsOn}` : ""}
                  </p>
                  <p className="text-xs text-slate-500">
                    Next slot: {when(c.nextSlotAt)}
                    {c.nextSlotAt && slotZone !== timeZone ? ` your time (${timeZone})` : ""}
                  </p>
                  {c.lastNote && <p className="mt-1 text-sm text-slate-700">{c.lastNote}</p>}
                </div>
                {!refused && (
                  <RowAction
                    intent="category-remove"
                    id={c.id}
                    busyLabel="Removing..."
                    notify={toast}
                    label={`Remove ${c.name}`}
                  >
                    Remove
                  </RowAction>
                )}
              </div>
              <ol className="mt-3 space-y-2" aria-label={`Posts in ${c.name}`}>
                {c.posts.map((p) => (
                  <li key={p.postId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="min-w-0">
                      {p.excerpt}{" "}
                      <span className="text-slate-500">
                        · queued {p.timesQueued} {p.timesQueued === 1 ? "time" : "times"}
                      </span>
                      {p.lastSkip && <span className="block text-amber-800">{p.lastSkip}</span>}
                    </span>
                    {!refused && (
                      <RowAction
                        intent="category-post-remove"
                        id={c.id}
                        fields={{ postId: p.postId }}
                        busyLabel="Taking out..."
                        notify={toast}
                        label={`Take "${p.excerpt}" out of ${c.name}`}
                      >
                        Take out
                      </RowAction>
                    )}
                  </li>
                ))}
              </ol>
              {!refused && posts.length > 0 && <AddPost categoryId={c.id} name={c.name} posts={posts} />}
            </li>
          ))}
        </ul>
      )}
      <form {...add.form} ref={formRef} className="max-w-xl space-y-3" aria-label="Add a category">
        <h2 className="font-semibold">Add a category</h2>
        <RefusedNote id="category-add-refused" why={refused} />
        <fieldset disabled={!!refused} className="space-y-3">
          <input type="hidden" name="intent" value="category-add" />
          <label className={labelClass}>
            Name
            <input name="name" required maxLength={60} placeholder="Tips" className={inputClass} />
          </label>
          <fieldset className="flex flex-wrap gap-3">
            <legend className="text-sm font-medium text-slate-700">Days</legend>
            {WEEKDAY_NAMES.map((day, i) => (
              <label key={day} className="flex items-center gap-1 text-sm">
                <input type="checkbox" name="days" value={i + 1} /> {day}
              </label>
            ))}
          </fieldset>
          <label className={labelClass}>
            Times (24-hour, in the workspace's time zone, {slotZone}; several separated by commas)
            <input name="times" required placeholder="09:00, 17:30" className={inputClass} />
          </label>
          <label className={labelClass}>
            Days before a post may repeat
            <input name="minGapDays" type="number" min={1} max={365} defaultValue={30} className={inputClass} />
          </label>
          <label className={labelClass}>
            Last day (optional)
            <input name="endsOn" type="date" className={inputClass} />
          </label>
          <FormError message={add.error} />
          <button
            type="submit"
            className={primaryButton}
            disabled={add.busy}
            aria-describedby={refused && "category-add-refused"}
          >
            {add.busy ? "Adding..." : "Add category"}
          </button>
        </fieldset>
      </form>
    </div>
  );
}

function AddPost({
  categoryId,
  name,
  posts,
}: {
  categoryId: string;
  name: string;
  posts: Array<{ id: string; excerpt: string }>;
}) {
  const put = useFormAction("category-post-add", { id: categoryId, announce: toast });
  return (
    <form {...put.form} className="mt-3 flex flex-wrap items-end gap-2" aria-label={`Add a post to ${name}`}>
      <input type="hidden" name="intent" value="category-post-add" />
      <input type="hidden" name="id" value={categoryId} />
      <label className={labelClass}>
        Post
        <select name="postId" className={inputClass}>
          {posts.map((p) => (
            <option key={p.id} value={p.id}>
              {p.excerpt}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={secondaryButton} disabled={put.busy}>
        {put.busy ? "Adding..." : "Add post"}
      </button>
      <FormError message={put.error} />
    </form>
  );
}

import { Form } from "react-router";
import { controlClass, inputClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { TEMPLATE_VARIABLES } from "../../../workers/inbox/public";

/** The bar that acts on the checked items: done, open, assign or label them at once. */
export function InboxBulkBar({ members }: { members: Array<{ id: string; name: string }> }) {
  return (
    <Form method="post" id="bulk" aria-label="Bulk actions" className="mb-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="bulk" />
      <label className="text-sm font-medium text-slate-700">
        With the selected
        <select name="action" defaultValue="done" className={`${controlClass} mt-1 block`}>
          <option value="done">Mark done</option>
          <option value="open">Open again</option>
          <option value="assign">Assign to</option>
          <option value="label">Add label</option>
          <option value="unlabel">Remove label</option>
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Member
        <select name="assigneeId" defaultValue="" className={`${controlClass} mt-1 block`}>
          <option value="">Nobody</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Label
        <input name="label" maxLength={40} className={`${inputClass} mt-1 block w-32`} />
      </label>
      <button type="submit" className={secondaryButton}>
        Apply to selected
      </button>
    </Form>
  );
}

/** The team's saved replies, and (editors) a form to save another. */
export function SavedReplies({
  saved,
  mayAdd,
}: {
  saved: Array<{ id: string; title: string; body: string }>;
  mayAdd: boolean;
}) {
  return (
    <details className="mb-4 rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">Saved replies ({saved.length})</summary>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {saved.map((s) => (
          <li key={s.id}>
            <span className="font-medium">{s.title}:</span> {s.body}
          </li>
        ))}
      </ul>
      {mayAdd ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="saved" />
          <label className="text-sm font-medium text-slate-700">
            Title
            <input name="title" maxLength={80} className={`${inputClass} mt-1 block`} />
          </label>
          <label className="min-w-64 flex-1 text-sm font-medium text-slate-700">
            Reply ({TEMPLATE_VARIABLES.map((v) => `{${v}}`).join(", ")})
            <input name="body" maxLength={2000} className={`${inputClass} mt-1 block w-full`} />
          </label>
          <button type="submit" className={primaryButton}>
            Save reply
          </button>
        </Form>
      ) : null}
    </details>
  );
}

import { useState } from "react";
import { FormError } from "~/components/ui/FormError";
import { inputClass, labelClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { preloadable } from "~/lib/preloadable";
import type { Label } from "../../../workers/labels/public";
import type { Notify } from "./NotificationBanner";

// Only a delete opens it: its code (Radix's alert dialog) loads then, not with the tab (the first-load budget).
const ConfirmDialog = preloadable(() => import("~/components/ui/ConfirmDialog").then((m) => m.ConfirmDialog));

/**
 * Settings → Workspace → Labels (ADR 094): the workspace's labels, which are its campaigns. Whoever writes posts
 * renames, recolours and deletes them through /api/labels (the API decides who may); others see the list.
 */
export function LabelsSection({ labels, canEdit, notify }: { labels: Label[]; canEdit: boolean; notify: Notify }) {
  const [list, setList] = useState(labels);
  const [doomed, setDoomed] = useState<Label | null>(null);
  const replace = (label: Label) => setList((all) => all.map((l) => (l.id === label.id ? label : l)));

  const remove = async (label: Label) => {
    const res = await api(`/api/labels/${label.id}`, { method: "DELETE" });
    notify(res.ok ? "success" : "error", res.message);
    if (res.ok) setList((all) => all.filter((l) => l.id !== label.id));
  };

  return (
    <section aria-label="Labels" className="max-w-lg">
      <h2 className="mb-1 font-semibold">Labels</h2>
      <p className="mb-2 text-sm text-slate-600">
        Campaigns to sort posts by: put them on posts in the composer, filter the planner by them, and compare them in
        the campaign report.
      </p>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">No labels yet: add one from the composer's Labels field.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {list.map((label) =>
            canEdit ? (
              <LabelRow
                key={label.id}
                label={label}
                notify={notify}
                onSaved={replace}
                onDelete={() => setDoomed(label)}
              />
            ) : (
              <li key={label.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <Swatch color={label.color} />
                {label.name}
              </li>
            ),
          )}
        </ul>
      )}
      {doomed && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDoomed(null)}
          title={`Delete the label "${doomed.name}"?`}
          description="It comes off every post that carries it, and its campaign report row goes. The posts stay."
          confirmLabel="Delete label"
          onConfirm={() => void remove(doomed)}
        />
      )}
    </section>
  );
}

const Swatch = ({ color }: { color: string }) => (
  <span aria-hidden className="size-4 shrink-0 rounded-full border border-slate-300" style={{ background: color }} />
);

/** One label's name and colour, saved together (PATCH /api/labels/:id); its refusal shows beside it. */
function LabelRow({
  label,
  notify,
  onSaved,
  onDelete,
}: {
  label: Label;
  notify: Notify;
  onSaved: (label: Label) => void;
  onDelete: () => void;
}) {
  const [name, setName] = useState(label.name);
  const [color, setColor] = useState(label.color);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = name !== label.name || color !== label.color;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await api<Label>(`/api/labels/${label.id}`, { method: "PATCH", json: { name, color } });
    setBusy(false);
    setError(res.ok ? null : res.message);
    if (!res.ok) return;
    notify("success", res.message);
    onSaved(res.data);
    setName(res.data.name);
    setColor(res.data.color);
  };

  return (
    <li className="px-3 py-2 text-sm">
      <form onSubmit={save} aria-label={`Label ${label.name}`} className="flex flex-wrap items-end gap-2">
        <Swatch color={color} />
        <label className={`${labelClass} flex-1`}>
          Name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={40}
            className={inputClass}
          />
        </label>
        <label className={labelClass}>
          Colour
          <input
            type="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            className="block h-9 w-14 cursor-pointer rounded border border-slate-300 bg-surface"
          />
        </label>
        <button type="submit" className={primaryButton} disabled={!changed || busy}>
          {busy ? "Saving..." : "Save"}
        </button>
        <button
          type="button"
          className={secondaryButton}
          aria-label={`Delete ${label.name}`}
          onPointerEnter={() => void ConfirmDialog.preload().catch(() => {})}
          onFocus={() => void ConfirmDialog.preload().catch(() => {})}
          onClick={onDelete}
        >
          Delete
        </button>
      </form>
      <FormError message={error} />
    </li>
  );
}

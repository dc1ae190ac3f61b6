import { useRef } from "react";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { RowAction } from "~/components/settings/RowAction";
import { FormError } from "~/components/ui/FormError";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { inputClass, labelClass, primaryButton } from "~/components/ui/styles";
import { useMay } from "~/lib/may";
import { useFormAction } from "~/lib/use-form-action";
import { type Piece, TEMPLATE_VARIABLES } from "../../../workers/pieces/public";
import { PLATFORMS } from "../../../workers/platform-profile";
import { PlainReply, toast } from "./plain-reply";

const KIND_LABELS: Record<Piece["kind"], string> = {
  hashtags: "Hashtag groups",
  template: "Caption templates",
  signature: "Signatures",
};

/**
 * Content → Saved pieces (ADR 087): hashtag groups, caption templates and each channel's signature, inserted from
 * the composer's Saved pieces menu. Every form posts to the page's action, so all of it works without JavaScript.
 * Pieces are written with `posts.write` (as the API checks): below it a piece has no Remove, and the form is
 * disabled with the server's reason (ADR 127).
 */
export function PiecesTab({ pieces }: { pieces: Piece[] }) {
  const refused = useMay().why("posts.write");
  const formRef = useRef<HTMLFormElement>(null);
  const add = useFormAction("piece-add", { onSuccess: () => formRef.current?.reset() });
  return (
    <div className="space-y-6">
      <PlainReply />
      {pieces.length === 0 && (
        <p className="text-sm text-slate-600">
          No saved pieces yet. Save the hashtags, captions and sign-offs you use again and again, and insert them from
          the composer.
        </p>
      )}
      {(Object.keys(KIND_LABELS) as Piece["kind"][]).map((kind) => {
        const mine = pieces.filter((p) => p.kind === kind);
        if (mine.length === 0) return null;
        return (
          <section key={kind} aria-label={KIND_LABELS[kind]}>
            <h2 className="mb-2 font-semibold">{KIND_LABELS[kind]}</h2>
            <ul className="space-y-2">
              {mine.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-surface p-3 shadow-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium">
                      {p.name}
                      {p.platform && <span className="text-slate-500"> · {PLATFORM_META[p.platform]?.name}</span>}
                    </p>
                    <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{p.body}</p>
                  </div>
                  {!refused && (
                    <RowAction
                      intent="piece-remove"
                      id={p.id}
                      busyLabel="Removing..."
                      notify={toast}
                      label={`Remove ${p.name}`}
                    >
                      Remove
                    </RowAction>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <form {...add.form} ref={formRef} className="max-w-xl space-y-3" aria-label="Save a piece">
        <h2 className="font-semibold">Save a piece</h2>
        <RefusedNote id="piece-add-refused" why={refused} />
        <fieldset disabled={!!refused} className="space-y-3">
          <input type="hidden" name="intent" value="piece-add" />
          <label className={labelClass}>
            Kind
            <select name="kind" className={inputClass} defaultValue="hashtags">
              <option value="hashtags">Hashtag group</option>
              <option value="template">Caption template</option>
              <option value="signature">Signature (one per channel)</option>
            </select>
          </label>
          <label className={labelClass}>
            Name
            <input name="name" required maxLength={60} placeholder="Bakery tags" className={inputClass} />
          </label>
          <label className={labelClass}>
            Text
            <textarea name="body" required maxLength={2000} rows={3} className={inputClass} />
          </label>
          <p className="text-xs text-slate-500">
            Templates may use {TEMPLATE_VARIABLES.map((v) => `{${v}}`).join(", ")}: filled from the post's time when
            inserted. Any other {"{word}"} stays for you to fill in.
          </p>
          <label className={labelClass}>
            Channel (signatures only)
            <select name="platform" className={inputClass} defaultValue="">
              <option value="">None</option>
              {PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {PLATFORM_META[p]?.name ?? p}
                </option>
              ))}
            </select>
          </label>
          <FormError message={add.error} />
          <button
            type="submit"
            className={primaryButton}
            disabled={add.busy}
            aria-describedby={refused && "piece-add-refused"}
          >
            {add.busy ? "Saving..." : "Save piece"}
          </button>
        </fieldset>
      </form>
    </div>
  );
}

import { useId, useState } from "react";
import { FormError } from "~/components/ui/FormError";
import { Paperclip } from "~/components/ui/icons";
import { Modal } from "~/components/ui/Modal";
import { inputClass, labelClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { TextField } from "~/components/ui/TextField";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { firstError } from "../../../workers/auth/public";
import {
  FEEDBACK_MAX_BYTES,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_TYPES,
  FeedbackMessages,
  feedbackSchema,
  needsAttachment,
} from "../../../workers/feedback/public";

const TYPE_LABELS: Record<(typeof FEEDBACK_TYPES)[number], string> = {
  general: "General Feedback",
  bug: "Bug Report",
  feature: "Feature Request",
  improvement: "Improvement Suggestion",
  other: "Other",
};

const ACCEPT =
  "image/*,.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain";

const EMPTY = {
  type: "general" as (typeof FEEDBACK_TYPES)[number],
  message: "",
  satisfied: "" as "" | "true" | "false",
  email: "",
};

export function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const ids = { type: useId(), message: useId(), file: useId() };
  const [form, setForm] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attachmentRequired = needsAttachment(form.type);

  function close(next: boolean) {
    if (!next) {
      setForm(EMPTY);
      setFile(null);
      setError(null);
    }
    onOpenChange(next);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const invalid =
      firstError(feedbackSchema.safeParse({ ...form, hasAttachment: file !== null })) ??
      (file && file.size > FEEDBACK_MAX_BYTES ? FeedbackMessages.attachmentSize : null);
    setError(invalid);
    if (invalid) return;
    const body = new FormData();
    body.set("type", form.type);
    body.set("message", form.message);
    body.set("satisfied", form.satisfied);
    body.set("email", form.email);
    if (file) body.set("attachment", file);
    setBusy(true);
    const res = await api("/api/feedback", { form: body });
    setBusy(false);
    if (!res.ok) {
      notify.error(res.message || "Failed to submit feedback. Please try again.");
      return;
    }
    notify.success(res.message);
    close(false);
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Send Feedback"
      description="Tell us what works, what doesn't, and what you'd like to see."
    >
      <form id="feedback-form" onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={ids.type} className={labelClass}>
            Feedback Type
          </label>
          <select
            id={ids.type}
            className={inputClass}
            value={form.type}
            onChange={(e) => setForm({ ...form, type: e.target.value as typeof form.type })}
          >
            {FEEDBACK_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.message} className={labelClass}>
            Message
          </label>
          <textarea
            id={ids.message}
            className={`${inputClass} min-h-32`}
            maxLength={FEEDBACK_MAX_CHARS}
            value={form.message}
            onChange={(e) => setForm({ ...form, message: e.target.value })}
            aria-describedby={`${ids.message}-count`}
          />
          <p id={`${ids.message}-count`} className="mt-1 text-right text-xs text-slate-500">
            {form.message.length}/{FEEDBACK_MAX_CHARS}
          </p>
        </div>
        <fieldset>
          <legend className={labelClass}>Are you satisfied with Postline?</legend>
          <div className="flex gap-4 text-sm">
            {(["true", "false"] as const).map((v) => (
              <label key={v} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="satisfied"
                  value={v}
                  checked={form.satisfied === v}
                  onChange={() => setForm({ ...form, satisfied: v })}
                  className="accent-brand-600"
                />
                {v === "true" ? "Yes" : "No"}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Contact Email (optional)"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(email) => setForm({ ...form, email })}
        />
        <div>
          <label htmlFor={ids.file} className={labelClass}>
            Attachment {attachmentRequired ? "(required)" : "(optional)"}
          </label>
          <input
            id={ids.file}
            type="file"
            accept={ACCEPT}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700"
            aria-describedby={`${ids.file}-hint`}
          />
          <p id={`${ids.file}-hint`} className="mt-1 flex items-center gap-1 text-xs text-slate-500">
            <Paperclip className="size-3" aria-hidden />
            Images, PDF, DOC, DOCX or TXT, up to 10MB.
            {attachmentRequired ? " Bug reports and improvement suggestions need one." : ""}
          </p>
        </div>
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => close(false)}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? "Submitting..." : "Submit Feedback"}
          </button>
        </div>
      </form>
    </Modal>
  );
}

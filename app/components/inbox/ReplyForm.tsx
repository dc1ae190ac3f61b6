import { useRef } from "react";
import { Form } from "react-router";
import { controlClass, inputClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import type { InboxItemView } from "../../../workers/inbox/index";
import { fillTemplate } from "../../../workers/inbox/public";
import type { RowContext } from "./InboxRow";

/**
 * The answer to an item: typed, a saved reply or the suggestion; a draft for approval where the member may not
 * send. `closed` names why it cannot be sent now (a message's reply window): the form stays, disabled, beside it.
 */
export function ReplyForm({
  item,
  ctx,
  network,
  busy,
  closed,
}: {
  item: InboxItemView;
  ctx: RowContext;
  network: string;
  busy: boolean;
  closed?: { id: string } | null;
}) {
  const text = useRef<HTMLTextAreaElement>(null);
  const me = ctx.members.find((m) => m.id === ctx.me)?.name ?? "a teammate";
  const fill = (value: string) => {
    if (!text.current) return;
    text.current.value = value;
    text.current.focus();
  };
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={ctx.may.reply ? "reply" : "draft"} />
      <input type="hidden" name="id" value={item.id} />
      <fieldset disabled={Boolean(closed)} aria-describedby={closed?.id} className="contents">
        <label className="min-w-64 flex-1 text-sm font-medium text-slate-700">
          Reply
          <textarea
            ref={text}
            name="text"
            maxLength={2000}
            defaultValue={item.draft?.text ?? (item.reply?.state === "failed" ? (item.reply.text ?? "") : "")}
            onFocus={() => ctx.announce(item.id)}
            onBlur={(e) => e.currentTarget.value.trim() === "" && ctx.announce(null)}
            className={`${inputClass} mt-1 h-16`}
          />
        </label>
        {ctx.saved.length > 0 ? (
          <label className="text-sm font-medium text-slate-700">
            Saved reply
            <select
              name="savedReplyId"
              defaultValue=""
              className={`${controlClass} mt-1 block`}
              onChange={(e) => {
                const saved = ctx.saved.find((s) => s.id === e.target.value);
                if (saved) fill(fillTemplate(saved.body, { author: item.author, network, me }));
              }}
            >
              <option value="">Choose…</option>
              {ctx.saved.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {item.suggestedReply ? (
          <button type="button" className={secondaryButton} onClick={() => fill(item.suggestedReply ?? "")}>
            Use suggestion
          </button>
        ) : null}
        <button type="submit" className={primaryButton} disabled={busy}>
          {ctx.may.reply ? (item.draft ? "Approve and send" : "Send reply") : "Send for approval"}
        </button>
      </fieldset>
    </Form>
  );
}

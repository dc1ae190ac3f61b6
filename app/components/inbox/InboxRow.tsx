import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PlatformMark } from "~/components/platforms/PlatformMark";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { controlClass, inputClass, secondaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import type { FormReply } from "~/lib/use-form-action";
import { useTimeZone } from "~/lib/use-time-zone";
import type { InboxItemView } from "../../../workers/inbox/index";
import type { Replying } from "../../../workers/inbox/public";
import { InboxThread, type ThreadView } from "./InboxThread";
import { ModerationForm } from "./ModerationForm";
import { ReplyForm } from "./ReplyForm";

export interface RowContext {
  members: Array<{ id: string; name: string }>;
  me: string;
  may: { triage: boolean; reply: boolean };
  saved: Array<{ id: string; title: string; body: string }>;
  notes: Record<string, Array<{ id: string; text: string; name: string; createdAt: string }>>;
  replying: Replying[];
  announce: (itemId: string | null) => void;
  onRead: (itemId: string) => void;
  /** The conversation opened on the page, and the page's address with one opened (null: none). */
  thread: ThreadView | null;
  threadHref: (itemId: string | null) => string;
  /** Per network, the hide, like and delete its API offers. */
  actions: Record<string, string[]>;
}

const SENTIMENT: Record<string, string> = { positive: "Positive", neutral: "Neutral", negative: "Negative" };
/** What the item is on its network: a comment under our post, a post naming the account, a direct message, a review. */
const KIND: Record<string, string> = { comment: "Comment", mention: "Mention", message: "Message", review: "Review" };

/** One inbox item: who wrote what where, its labels and notes, who is replying, and what the member may do. */
export function InboxRow({ item, ctx, refusal }: { item: InboxItemView; ctx: RowContext; refusal: FormReply | null }) {
  const timeZone = useTimeZone();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === item.id;
  const network = PLATFORM_META[item.platform]?.name ?? item.platform;
  const nameOf = (id: string | null | undefined) => ctx.members.find((m) => m.id === id)?.name ?? "a teammate";
  const others = ctx.replying.filter((r) => r.itemId === item.id && r.userId !== ctx.me);
  const notes = ctx.notes[item.id] ?? [];
  // A direct message is read and answered in its conversation (ADR 092); a comment right here.
  const thread = ctx.thread?.id === item.id ? ctx.thread : null;
  const canAnswer = ctx.may.triage && item.reply?.state !== "sent";
  const form = { item, ctx, network, busy };
  const opener = useReturnFocus(Boolean(thread));
  return (
    <li
      aria-label={`${item.author} on ${network}`}
      data-inbox-item={item.id}
      tabIndex={-1}
      onFocus={() => !item.read && ctx.onRead(item.id)}
      className="rounded-lg border border-slate-200 bg-surface p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {ctx.may.triage ? (
          <input type="checkbox" form="bulk" name="ids" value={item.id} aria-label={`Select ${item.author}`} />
        ) : null}
        <PlatformMark platform={item.platform} />
        <span className={item.read ? "text-slate-900" : "font-semibold text-slate-900"}>{item.author}</span>
        {item.read ? null : <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-800">New</span>}
        <span>{formatDateTime(item.createdAt, timeZone)}</span>
        {item.editedAt ? <span>edited {formatDateTime(item.editedAt, timeZone)}</span> : null}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{KIND[item.kind] ?? item.kind}</span>
        {item.rating ? (
          <span className="text-amber-600" role="img" aria-label={`${item.rating} of 5 stars`}>
            {"★".repeat(item.rating)}
            <span className="text-slate-300">{"★".repeat(5 - item.rating)}</span>
          </span>
        ) : null}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">
          {item.hiddenByRule
            ? item.hidden
              ? "Hidden by a rule, on the network too"
              : "Hidden by a rule"
            : item.status === "done"
              ? "Done"
              : "Open"}
        </span>
        {item.hideError ? (
          <span className="text-xs text-amber-800">The network would not hide it: {item.hideError}</span>
        ) : null}
        {item.sentiment ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{SENTIMENT[item.sentiment]}</span>
        ) : null}
        {item.labels.map((l) => (
          <span key={l} className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
            {l}
          </span>
        ))}
        {item.assigneeId ? <span className="text-xs">Assigned to {nameOf(item.assigneeId)}</span> : null}
      </div>
      {thread ? null : <p className="mt-2 whitespace-pre-wrap text-slate-900">{item.text}</p>}
      {item.post?.preview ? <p className="mt-1 text-xs text-slate-500">On your post: {item.post.preview}</p> : null}
      {item.reply?.state === "sent" ? (
        <p className="mt-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          Answered by {nameOf(item.reply.by)}: {item.reply.text}
        </p>
      ) : item.reply?.state === "sending" ? (
        <p className="mt-3 text-sm text-slate-600">{nameOf(item.reply.by)} is replying…</p>
      ) : null}
      {others.length > 0 && item.reply?.state !== "sent" ? (
        <p className="mt-3 text-sm text-amber-800" role="status">
          {others.map((o) => o.name).join(", ")} {others.length === 1 ? "is" : "are"} writing a reply…
        </p>
      ) : null}
      {item.draft && item.reply?.state !== "sent" ? (
        <p className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Draft by {nameOf(item.draft.by)}, waiting for approval: {item.draft.text}
        </p>
      ) : null}
      {refusal && !refusal.ok ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {refusal.message}
        </p>
      ) : null}
      {thread ? (
        <InboxThread thread={thread} author={item.author} timeZone={timeZone} closeTo={ctx.threadHref(null)}>
          {(closed) => (canAnswer ? <ReplyForm {...form} closed={closed} /> : null)}
        </InboxThread>
      ) : item.kind === "message" ? (
        <Link
          ref={opener}
          to={ctx.threadHref(item.id)}
          preventScrollReset
          className={`${secondaryButton} mt-3`}
          data-key-open
        >
          Open conversation
        </Link>
      ) : canAnswer ? (
        <ReplyForm {...form} />
      ) : null}
      {notes.length > 0 ? (
        <ul className="mt-3 space-y-1 border-l-2 border-slate-200 pl-3 text-sm text-slate-700" aria-label="Notes">
          {notes.map((n) => (
            <li key={n.id}>
              <span className="font-medium">{n.name}:</span> {n.text}
            </li>
          ))}
        </ul>
      ) : null}
      {ctx.may.triage ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="intent" value="note" />
            <input type="hidden" name="id" value={item.id} />
            <label className="text-sm font-medium text-slate-700">
              Internal note
              <input name="note" maxLength={2000} className={`${inputClass} mt-1 block`} />
            </label>
            <button type="submit" className={secondaryButton} disabled={busy}>
              Add note
            </button>
          </Form>
          <Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="id" value={item.id} />
            <label className="text-sm font-medium text-slate-700">
              Assigned to
              <select name="assigneeId" defaultValue={item.assigneeId ?? ""} className={`${controlClass} mt-1 block`}>
                <option value="">Nobody</option>
                {ctx.members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.id === ctx.me ? `${m.name} (you)` : m.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={secondaryButton} disabled={busy}>
              Assign
            </button>
          </Form>
          {ctx.may.reply ? <ModerationForm item={item} offered={ctx.actions[item.platform] ?? []} busy={busy} /> : null}
          <Form method="post">
            <input type="hidden" name="intent" value={item.status === "done" ? "reopen" : "done"} />
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" className={secondaryButton} disabled={busy} data-key-done>
              {item.status === "done" ? "Reopen" : "Mark done"}
            </button>
          </Form>
        </div>
      ) : null}
    </li>
  );
}

/** Focus back on the "Open conversation" link when its conversation is closed, where the member left off. */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLAnchorElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return opener;
}

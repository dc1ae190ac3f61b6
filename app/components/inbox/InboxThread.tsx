import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { secondaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import type { ReplyWindow } from "../../../workers/inbox/public";

export interface ThreadView {
  id: string;
  messages: Array<{ id: string; from: string | null; text: string; at: string; ours: boolean }>;
  window: ReplyWindow | null;
  /** The person as the network's profile read gave them (name, picture), when it was read (ADR 101). */
  person?: { name: string; pictureUrl: string | null } | null;
}

/**
 * A direct message's conversation (ADR 092): its messages oldest first, the person's and ours told apart, then
 * the reply window from the person's latest message and the reply box (`children`, told whether it is closed).
 * Opening it moves focus here, so a screen reader lands on the conversation it asked for.
 */
export function InboxThread({
  thread,
  author,
  timeZone,
  closeTo,
  children,
}: {
  thread: ThreadView;
  author: string;
  timeZone: string;
  closeTo: string;
  children: (closed: { id: string } | null) => React.ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const reason = useId();
  const headingId = useId();
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const replyBy = thread.window;
  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <div className="flex items-center justify-between gap-2">
        <h3
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-sm font-semibold text-slate-900"
        >
          {thread.person?.pictureUrl ? (
            <img src={thread.person.pictureUrl} alt="" className="h-6 w-6 rounded-full" width={24} height={24} />
          ) : null}
          Conversation with {thread.person?.name ?? author}
        </h3>
        <Link to={closeTo} preventScrollReset className={secondaryButton}>
          Close conversation
        </Link>
      </div>
      <ol aria-label="Messages" className="mt-2 space-y-2">
        {thread.messages.map((m) => (
          <li
            key={m.id}
            className={`max-w-prose rounded-md px-3 py-2 text-sm ${m.ours ? "ml-auto bg-blue-50 text-blue-950" : "bg-surface text-slate-900"}`}
          >
            <p className="text-xs text-slate-600">
              <span className="font-medium">{m.ours ? "Your team" : (m.from ?? author)}</span>
              {" · "}
              <time dateTime={m.at}>{formatDateTime(m.at, timeZone)}</time>
            </p>
            <p className="whitespace-pre-wrap">{m.text}</p>
          </li>
        ))}
      </ol>
      {replyBy ? (
        <p id={reason} className={`mt-3 text-sm ${replyBy.open ? "text-slate-600" : "text-amber-800"}`}>
          {replyBy.text}
        </p>
      ) : null}
      {children(replyBy && !replyBy.open ? { id: reason } : null)}
    </section>
  );
}

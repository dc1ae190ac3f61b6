import { useCallback, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { primaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { notify } from "~/lib/notify";
import type { loader as appLoader } from "~/routes/app-layout";
import { can } from "../../../workers/tenancy/roles";
import type { Mentionable, WorkspaceService } from "../../../workers/workspaces/index";
import { commentParts, discussionThread, type TeamComment } from "./comment-thread";
import { MentionTextarea } from "./MentionTextarea";
import type { PostJson } from "./types";

type Member = Awaited<ReturnType<WorkspaceService["members"]>>[number];

/**
 * The team's discussion of a post: members' comments (with their @mentions marked) and what clients said
 * through share links, in one thread. Members who may comment get a box that suggests names after an @;
 * viewers only read (the server refuses their comments anyway).
 */
export function TeamDiscussion({ post, timeZone }: { post: PostJson; timeZone: string }) {
  const current = useRouteLoaderData<typeof appLoader>("app")?.workspace.current;
  const mayComment = current !== undefined && can(current.role, "posts.comment");
  const [comments, setComments] = useState<TeamComment[] | null>(null);
  const [members, setMembers] = useState<Mentionable[]>([]);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);

  const load = useCallback(
    () =>
      void api<{ comments: TeamComment[] }>(`/api/posts/${encodeURIComponent(post.id)}/comments`).then((res) =>
        res.ok ? setComments(res.data.comments) : notify.error(res.message),
      ),
    [post.id],
  );
  useEffect(load, [load]);
  useEffect(() => {
    if (!current) return;
    void api<{ members: Member[] }>(`/api/workspaces/${encodeURIComponent(current.id)}/members`).then(
      (res) =>
        res.ok &&
        setMembers(res.data.members.map((m) => ({ id: m.userId, displayName: m.displayName, email: m.email }))),
    );
  }, [current]);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setSending(true);
    const res = await api<TeamComment>(`/api/posts/${encodeURIComponent(post.id)}/comments`, {
      json: { body: draft },
    });
    setSending(false);
    if (!res.ok) return void notify.error(res.message);
    setDraft("");
    setComments((list) => [...(list ?? []), res.data]);
  }

  const thread = discussionThread(comments ?? [], post.clientReviews);
  return (
    <section aria-labelledby="team-discussion" className="space-y-3">
      <h3 id="team-discussion" className="text-sm font-medium">
        Team discussion
      </h3>
      {comments === null ? (
        <p className="text-sm text-slate-500">Loading comments…</p>
      ) : thread.length === 0 ? (
        <p className="text-sm text-slate-500">Nobody on the team has commented yet.</p>
      ) : (
        <ol aria-label="Team discussion" className="space-y-2">
          {thread.map((entry) =>
            entry.kind === "comment" ? (
              <li
                key={entry.id}
                aria-label={`Comment by ${entry.comment.author.displayName}`}
                className="rounded-md border border-slate-200 p-2 text-sm"
              >
                <p className="text-xs text-slate-500">
                  <span className="font-medium text-slate-800">{entry.comment.author.displayName}</span> ·{" "}
                  <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">
                  {commentParts(entry.comment, members).map((part, i) =>
                    part.mention ? (
                      <mark key={i} className="rounded bg-brand-50 px-0.5 font-medium text-brand-700">
                        {part.text}
                      </mark>
                    ) : (
                      part.text
                    ),
                  )}
                </p>
              </li>
            ) : (
              <li
                key={entry.id}
                aria-label="From the client"
                className="rounded-md border border-amber-200 bg-amber-50 p-2 text-sm"
              >
                <p className="text-xs text-slate-600">
                  <span className="rounded bg-amber-200 px-1.5 py-0.5 font-medium text-amber-900">Client</span> via
                  approval link
                  {entry.at ? (
                    <>
                      {" "}
                      · <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time>
                    </>
                  ) : null}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">
                  {entry.review.decision === "approved" ? "Approved" : "Changes requested"}
                  {entry.review.comment ? `: ${entry.review.comment}` : ""}
                </p>
              </li>
            ),
          )}
        </ol>
      )}
      {mayComment && (
        <form onSubmit={send} className="space-y-2" aria-label="Add a comment">
          <MentionTextarea label="Comment" value={draft} onChange={setDraft} members={members} disabled={sending} />
          <button type="submit" className={primaryButton} disabled={sending || draft.trim() === ""}>
            {sending ? "Sending…" : "Add comment"}
          </button>
        </form>
      )}
    </section>
  );
}

import { Link } from "react-router";
import { heldLabel, statusLabel, statusTone } from "~/components/posts/post-view";
import { formatDateTime } from "~/lib/format";

export interface PostSummary {
  id: string;
  content: string;
  status: string;
  /** Why a `held` post waits (its first held channel's reason). */
  holdReason: string | null;
  scheduledDate: string | null;
  publishedAt: string | null;
  createdAt: string;
}

/** What a dashboard row's badge says: a held post says what it waits for, a post for approval says so. */
export const summaryLabel = (p: Pick<PostSummary, "status" | "holdReason">) =>
  p.status === "held" ? heldLabel(p.holdReason) : statusLabel(p.status);

/** Posts as rows linking to the Content Hub; `when` picks the date shown. */
export function PostList({
  posts,
  timezone,
  empty,
  when,
}: {
  posts: PostSummary[];
  timezone: string;
  empty: string;
  when: (p: PostSummary) => string;
}) {
  if (!posts.length) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {posts.map((p) => (
        <li key={p.id}>
          <Link
            to="/content"
            className="flex items-start justify-between gap-3 rounded px-1 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="min-w-0">
              <span className="block truncate text-sm">{p.content || "(no text)"}</span>
              <span className="text-xs text-slate-500">{formatDateTime(when(p), timezone)}</span>
            </span>
            <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${statusTone(p.status)}`}>
              {summaryLabel(p)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

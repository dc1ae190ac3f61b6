import { Link } from "react-router";
import { formatDateTime } from "~/lib/format";

export interface PostSummary {
  id: string;
  content: string;
  status: string;
  scheduledDate: string | null;
  publishedAt: string | null;
  createdAt: string;
}

const STATUS_CLASS: Record<string, string> = {
  scheduled: "bg-amber-100 text-amber-800",
  published: "bg-green-100 text-green-800",
  partially_published: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
};

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
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium capitalize ${STATUS_CLASS[p.status] ?? "bg-slate-100 text-slate-700"}`}
            >
              {p.status.replace("_", " ")}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { cardDate, excerpt } from "~/components/posts/post-view";
import type { PostJson } from "~/components/posts/types";

/** The planner's drafts (GET /api/posts?status=draft&limit=50); a click opens the post. */
export function DraftsList({
  drafts,
  timeZone,
  onPost,
}: {
  drafts: PostJson[] | null;
  timeZone: string;
  onPost: (post: PostJson) => void;
}) {
  return (
    <section aria-labelledby="drafts-heading" className="rounded-lg border border-slate-200 bg-surface p-4">
      <h2 id="drafts-heading" className="mb-3 text-sm font-semibold">
        Drafts {drafts ? `(${drafts.length})` : ""}
      </h2>
      {drafts?.length === 0 ? <p className="text-sm text-slate-500">No drafts.</p> : null}
      <ul className="space-y-2">
        {drafts?.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              onClick={() => onPost(d)}
              className="w-full rounded border border-slate-200 p-2 text-left text-sm hover:bg-slate-50"
            >
              <span className="block">{excerpt(d.content, 60) || "(no text)"}</span>
              <span className="text-xs text-slate-500">{cardDate(d, timeZone)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

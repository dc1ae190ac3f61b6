import { useState } from "react";
import { ChannelCopyPreview } from "~/components/composer/ChannelCopyPreview";
import { CheckCircle2, MessageSquareWarning } from "~/components/ui/icons";
import { inputClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import { useFormAction } from "~/lib/use-form-action";
import type { ShareLinkService } from "../../../workers/workspaces/index";

export type SharedPost = Awaited<ReturnType<ShareLinkService["open"]>>["posts"][number];

/** What is true of the post's time, by the server's clock (`timing`), in the post's own zone. */
function timingLine({ timing, scheduledDate, publishedAt, timezone }: SharedPost): string {
  const at = (iso: string | null) => (iso ? ` ${formatDateTime(iso, timezone)} (${timezone})` : "");
  switch (timing) {
    case "planned":
      return `Planned for${at(scheduledDate)}`;
    case "was_planned":
      return `Was planned for${at(scheduledDate)}`;
    case "held":
      return "On hold until it is changed as requested";
    case "published":
      return `Published${at(publishedAt ?? scheduledDate)}`;
    default:
      return "Not scheduled yet";
  }
}

/**
 * One post on a client's review page (/review/:token): its time, each channel as it publishes, the decisions made
 * through the link, and Approve or Request changes with a comment (posted to the page's action).
 */
export function SharedPostReview({ post }: { post: SharedPost }) {
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  // Both answers show under the post, with JavaScript as without.
  const review = useFormAction("review", {
    id: post.id,
    check: () => {
      setError(null);
      return null;
    },
    onSuccess: () => setComment(""),
    announce: (kind, message) => (kind === "error" ? setError(message) : setThanks(message)),
  });
  const shown = { error: error ?? review.error, thanks: thanks ?? review.done?.message ?? null };

  return (
    <section aria-label="Post for review" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-600">{timingLine(post)}</p>
      {/* Each channel as it publishes, so the client approves what goes out. */}
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {post.channels.map((c, i) => (
          <ChannelCopyPreview key={`${c.platform}-${i}`} channel={c} account={c} />
        ))}
      </div>
      {post.reviews.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Decisions so far">
          {post.reviews.map((r) => (
            <li key={r.createdAt} className="flex items-start gap-2">
              {r.decision === "approved" ? (
                <CheckCircle2 className="mt-0.5 size-4 text-green-600" aria-hidden />
              ) : (
                <MessageSquareWarning className="mt-0.5 size-4 text-amber-600" aria-hidden />
              )}
              <span>
                {r.decision === "approved" ? "Approved" : "Changes requested"}
                {r.comment ? `: ${r.comment}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form {...review.form}>
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="id" value={post.id} />
        <label className="mt-4 block text-sm font-medium text-slate-700">
          Comment
          <textarea
            name="comment"
            className={`${inputClass} mt-1 h-20`}
            value={comment}
            maxLength={2000}
            onChange={(e) => setComment(e.target.value)}
          />
        </label>
        {shown.error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {shown.error}
          </p>
        )}
        {shown.thanks && (
          <p role="status" className="mt-2 text-sm text-green-700">
            {shown.thanks}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="submit" name="decision" value="approved" className={primaryButton} disabled={review.busy}>
            Approve
          </button>
          <button
            type="submit"
            name="decision"
            value="changes_requested"
            className={secondaryButton}
            disabled={review.busy}
          >
            Request changes
          </button>
        </div>
      </form>
    </section>
  );
}

import { CheckCircle2, MessageSquareWarning } from "lucide-react";
import { useState } from "react";
import { data } from "react-router";
import { ChannelCopyPreview } from "~/components/composer/ChannelCopyPreview";
import { inputClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { useFormAction } from "~/lib/use-form-action";
import { appContext } from "../../workers/context";
import { Gone, NotFound } from "../../workers/errors";
import { failureOf } from "../../workers/http/failure";
import type { ShareLinkService } from "../../workers/workspaces/index";
import type { Route } from "./+types/review";
import { clientReviewAction, reviewBrand } from "./review.server";

type SharedPost = Awaited<ReturnType<ShareLinkService["open"]>>["posts"][number];

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Review posts" }),
  { name: "robots", content: "noindex" },
];

/** A client's approval page: no session; the token in the URL reaches only the link's posts (ADR 016). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  try {
    // The link's token names its workspace, and so the shard its posts and brand are on (ADR 081).
    const services = await ctx.services.servicesForToken(params.token);
    const review = await services.shareLinks.open(params.token);
    return { review, brand: await reviewBrand(ctx, services, review.workspaceId), problem: null };
  } catch (err) {
    if (err instanceof NotFound || err instanceof Gone) {
      const { status, message } = failureOf(err)!;
      return data({ review: null, brand: null, problem: message }, { status });
    }
    throw err;
  }
}

/** A decision posts here: through a fetcher with JavaScript, as a plain post without. */
export function action({ request, context, params }: Route.ActionArgs) {
  return clientReviewAction(request, context.get(appContext), params.token);
}

export default function Review({ loaderData }: Route.ComponentProps) {
  const { review, brand, problem } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      {!review ? (
        <div className="rounded-lg border border-slate-200 bg-surface p-6">
          <h1 className="text-xl font-semibold">This link cannot be opened</h1>
          <p role="alert" className="mt-2 text-sm text-slate-600">
            {problem}
          </p>
        </div>
      ) : (
        <>
          {brand && (
            // The agency's brand (ADR 085): its colour as a band, its logo when it has one.
            <div className="mb-6 flex h-14 items-center rounded-lg px-4" style={{ background: brand.effectiveColor }}>
              {brand.logoUrl && (
                <img src={brand.logoUrl} alt="" className="h-10 max-w-40 rounded bg-white object-contain p-1" />
              )}
            </div>
          )}
          <h1 className="text-2xl font-semibold">{review.label}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Please review {review.posts.length === 1 ? "this post" : `these ${review.posts.length} posts`}: approve, or
            say what should change. This link works until {formatDateTime(review.expiresAt, "UTC")} UTC.
          </p>
          <div className="mt-6 space-y-8">
            {review.posts.map((post) => (
              <SharedPostReview key={post.id} post={post} />
            ))}
          </div>
        </>
      )}
    </main>
  );
}

function SharedPostReview({ post }: { post: SharedPost }) {
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
      <p className="text-sm text-slate-600">
        {post.scheduledDate
          ? `Planned for ${formatDateTime(post.scheduledDate, post.timezone)} (${post.timezone})`
          : "Not scheduled yet"}
      </p>
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

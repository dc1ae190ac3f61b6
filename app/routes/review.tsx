import { data } from "react-router";
import { SharedPostReview } from "~/components/posts/SharedPostReview";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { appContext } from "../../workers/context";
import { Gone, NotFound } from "../../workers/errors";
import { failureOf } from "../../workers/http/failure";
import type { Route } from "./+types/review";
import { clientReviewAction, reviewBrand } from "./review.server";

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

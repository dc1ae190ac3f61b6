import { Link, type ShouldRevalidateFunction } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { ShareLinks } from "~/components/posts/ReviewPanel";
import { pageMeta } from "~/lib/meta";
import { useTimeZone } from "~/lib/use-time-zone";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/post-share";
import { postShareAction, postShareData } from "./post-share.server";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Share for approval" });

export function loader({ context, url, params }: Route.LoaderArgs) {
  return postShareData(context.get(appContext), url, params.id);
}

/** The post dialog's share panel posts here (through fetchers); without JavaScript this page is the panel. */
export function action({ request, context, url, params }: Route.ActionArgs) {
  return postShareAction(request, context.get(appContext), url, params.id);
}

/**
 * The post dialog's panel loads this route through a fetcher: only a share page's writes change its links, and
 * read again after another write (the post's deletion) it would answer 404 into the page's error boundary.
 * (A fetcher's revalidation sees the page's URLs, not its own, so the write is told by its action's path.)
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction ? formAction.endsWith("/share") : defaultShouldRevalidate;

export default function PostSharePage({ loaderData: { post, links } }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  return (
    <>
      <PageHeader
        title="Share for approval"
        description="A link your client opens without an account, to approve this post or ask for changes."
      />
      <div className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-surface p-6">
        <p className="line-clamp-3 text-sm text-slate-700">{post.content}</p>
        <ShareLinks post={post} links={links} timeZone={timeZone} />
        <Link to="/content" className="text-sm text-brand-700 underline">
          Back to Content
        </Link>
      </div>
    </>
  );
}

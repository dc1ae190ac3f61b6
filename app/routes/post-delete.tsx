import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { DeletePostForm } from "~/components/posts/DeletePostForm";
import { pageMeta } from "~/lib/meta";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/post-delete";
import { deletePostAction, postToDelete } from "./post-delete.server";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Delete Post" });

export function loader({ context, url, params }: Route.LoaderArgs) {
  return postToDelete(context.get(appContext), url, params.id);
}

/** The delete dialog posts here (through a fetcher); without JavaScript this page is the confirmation. */
export function action({ request, context, url, params }: Route.ActionArgs) {
  return deletePostAction(request, context.get(appContext), url, params.id);
}

export default function DeletePostPage({ loaderData: post }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Delete Post"
        description="Are you sure you want to delete this post? This action cannot be undone."
      />
      <div className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-surface p-6">
        <p className="line-clamp-3 text-sm text-slate-700">{post.content}</p>
        <DeletePostForm post={post} />
        <Link to="/content" className="text-sm text-brand-700 underline">
          Cancel
        </Link>
      </div>
    </>
  );
}

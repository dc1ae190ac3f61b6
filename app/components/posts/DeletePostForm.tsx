import { dangerButton } from "~/components/ui/styles";
import { useFormAction } from "~/lib/use-form-action";
import type { PostJson } from "./types";

// Apart from the dialog: /posts/:id/delete, the page without JavaScript, shows the form without the dialog's
// code (Radix Dialog; ADR 104).

/** The delete fetcher's key: the dialog's footer button reads its pending state. */
export const deleteKey = (id: string) => `delete-post:${id}`;

/**
 * The delete form: posts to /posts/:id/delete (its route runs DELETE /api/posts/:id's rules). The checkbox asks
 * to remove the published copies too. `submit` is the Delete button's place: in the form, or a dialog's footer.
 */
export function DeletePostForm({
  post,
  formId,
  onDeleted,
}: {
  post: Pick<PostJson, "id" | "platformPosts">;
  formId?: string;
  onDeleted?: (id: string) => void;
}) {
  const del = useFormAction("delete", {
    action: `/posts/${encodeURIComponent(post.id)}/delete`,
    key: deleteKey(post.id),
    onSuccess: () => onDeleted?.(post.id),
  });
  const published = post.platformPosts.some((t) => t.status === "published");
  return (
    <form id={formId} {...del.form}>
      {published ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="deleteRemote" />
          Also delete from the platforms
        </label>
      ) : (
        <p className="text-sm text-slate-500">This post has not been published anywhere yet.</p>
      )}
      {del.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {del.error}
        </p>
      )}
      {!formId && (
        <button type="submit" disabled={del.busy} className={`${dangerButton} mt-4`}>
          {del.busy ? "Deleting..." : "Delete"}
        </button>
      )}
    </form>
  );
}

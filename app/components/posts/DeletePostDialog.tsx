import { useId } from "react";
import { useFetcher } from "react-router";
import { Modal } from "~/components/ui/Modal";
import { dangerButton, secondaryButton } from "~/components/ui/styles";
import { useFormAction } from "~/lib/use-form-action";
import type { PostJson } from "./types";

/** The delete fetcher's key: the dialog's footer button reads its pending state. */
const deleteKey = (id: string) => `delete-post:${id}`;

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

/** Delete confirmation. */
export function DeletePostDialog({
  post,
  onOpenChange,
  onDeleted,
}: {
  post: PostJson | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: (id: string) => void;
}) {
  const formId = useId();
  const busy = useFetcher({ key: deleteKey(post?.id ?? "") }).state !== "idle";
  return (
    <Modal
      open={post !== null}
      onOpenChange={onOpenChange}
      title="Delete Post"
      description="Are you sure you want to delete this post? This action cannot be undone."
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form={formId} disabled={busy} className={dangerButton}>
            {busy ? "Deleting..." : "Delete"}
          </button>
        </>
      }
    >
      {post && (
        <DeletePostForm
          key={post.id}
          post={post}
          formId={formId}
          onDeleted={(id) => {
            onDeleted(id);
            onOpenChange(false);
          }}
        />
      )}
    </Modal>
  );
}

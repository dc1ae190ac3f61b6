import { useId } from "react";
import { useFetcher } from "react-router";
import { Modal } from "~/components/ui/Modal";
import { dangerButton, secondaryButton } from "~/components/ui/styles";
import { DeletePostForm, deleteKey } from "./DeletePostForm";
import type { PostJson } from "./types";

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

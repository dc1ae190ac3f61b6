import { useState } from "react";
import { Modal } from "~/components/ui/Modal";
import { secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import type { PostJson } from "./types";

/** Delete confirmation; the checkbox asks to remove the published copies too (`?deleteRemote=true`). */
export function DeletePostDialog({
  post,
  onOpenChange,
  onDeleted,
}: {
  post: PostJson | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: (id: string) => void;
}) {
  const [remote, setRemote] = useState(false);
  const [busy, setBusy] = useState(false);
  const published = post?.platformPosts.some((t) => t.status === "published") ?? false;
  const remove = async () => {
    if (!post) return;
    setBusy(true);
    const res = await api(`/api/posts/${post.id}${remote ? "?deleteRemote=true" : ""}`, { method: "DELETE" });
    setBusy(false);
    if (!res.ok) return void notify.error(res.message || "Failed to delete post");
    notify.success(res.message);
    onDeleted(post.id);
    onOpenChange(false);
  };
  return (
    <Modal
      open={post !== null}
      onOpenChange={(open) => (setRemote(false), onOpenChange(open))}
      title="Delete Post"
      description="Are you sure you want to delete this post? This action cannot be undone."
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={remove}
            className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-50"
          >
            Delete
          </button>
        </>
      }
    >
      {published ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={remote} onChange={(e) => setRemote(e.target.checked)} />
          Also delete from the platforms
        </label>
      ) : (
        <p className="text-sm text-slate-500">This post has not been published anywhere yet.</p>
      )}
    </Modal>
  );
}

import { useCallback, useState } from "react";
import { onDemand } from "~/lib/on-demand";
import { useComposer } from "../composer/use-composer";
import type { DetailView } from "./PostDetailDialog";
import type { PostJson } from "./types";

// Loaded at first open, not with the page (ADR 045): a closed dialog renders nothing.
const detailDialog = onDemand(() => import("./PostDetailDialog").then((m) => m.PostDetailDialog));
const deleteDialog = onDemand(() => import("./DeletePostDialog").then((m) => m.DeletePostDialog));

/**
 * The dialogs a page of posts needs: composer (create, edit, planner day), post detail and delete
 * confirmation. `onChange` runs after anything was saved, reposted, retried, confirmed or deleted.
 */
export function usePostDialogs(timeZone: string, onChange: () => void) {
  const composer = useComposer(timeZone, onChange);
  const [detail, setDetail] = useState<{ post: PostJson; view?: DetailView } | null>(null);
  const showDetail = useCallback((post: PostJson, view?: DetailView) => setDetail({ post, view }), []);
  const [deleting, setDeleting] = useState<PostJson | null>(null);
  const PostDetailDialog = detailDialog.useOnDemand(detail !== null);
  const DeletePostDialog = deleteDialog.useOnDemand(deleting !== null);
  const elements = (
    <>
      {composer.element}
      {PostDetailDialog && (
        <PostDetailDialog
          post={detail?.post ?? null}
          view={detail?.view}
          timeZone={timeZone}
          onOpenChange={(open) => !open && setDetail(null)}
          onEdit={(post) => {
            setDetail(null);
            composer.open({ post });
          }}
          onDuplicate={(post) => {
            setDetail(null);
            composer.open({ copyOf: post });
          }}
          onDelete={(post) => {
            setDetail(null);
            setDeleting(post);
          }}
          onChanged={onChange}
        />
      )}
      {DeletePostDialog && (
        <DeletePostDialog post={deleting} onOpenChange={(open) => !open && setDeleting(null)} onDeleted={onChange} />
      )}
    </>
  );
  return { compose: composer.open, showDetail, confirmDelete: setDeleting, elements };
}

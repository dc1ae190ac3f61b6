import { useCallback, useState } from "react";
import { useComposer } from "../composer/use-composer";
import { DeletePostDialog } from "./DeletePostDialog";
import { type DetailView, PostDetailDialog } from "./PostDetailDialog";
import type { PostJson } from "./types";

/**
 * The dialogs a page of posts needs: composer (create, edit, planner day), post detail and delete
 * confirmation. `onChange` runs after anything was saved, reposted, retried, confirmed or deleted.
 */
export function usePostDialogs(timeZone: string, onChange: () => void) {
  const composer = useComposer(timeZone, onChange);
  const [detail, setDetail] = useState<{ post: PostJson; view?: DetailView } | null>(null);
  const showDetail = useCallback((post: PostJson, view?: DetailView) => setDetail({ post, view }), []);
  const [deleting, setDeleting] = useState<PostJson | null>(null);
  const elements = (
    <>
      {composer.element}
      <PostDetailDialog
        post={detail?.post ?? null}
        view={detail?.view}
        timeZone={timeZone}
        onOpenChange={(open) => !open && setDetail(null)}
        onEdit={(post) => {
          setDetail(null);
          composer.open({ post });
        }}
        onDelete={(post) => {
          setDetail(null);
          setDeleting(post);
        }}
        onChanged={onChange}
      />
      <DeletePostDialog post={deleting} onOpenChange={(open) => !open && setDeleting(null)} onDeleted={onChange} />
    </>
  );
  return { compose: composer.open, showDetail, confirmDelete: setDeleting, elements };
}

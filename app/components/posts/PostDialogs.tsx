import { lazy, Suspense } from "react";
import { onDemand } from "~/lib/on-demand";
import type { ComposerInitial } from "../composer/composer-form";
import type { DetailView } from "./PostDetailDialog";
import type { PostJson } from "./types";

// Each dialog loads at its first open (ADR 045): opening a post's details does not fetch the composer.
const ComposerDialog = lazy(() => import("../composer/ComposerDialog"));
const detailDialog = onDemand(() => import("./PostDetailDialog").then((m) => m.PostDetailDialog));
const deleteDialog = onDemand(() => import("./DeletePostDialog").then((m) => m.DeletePostDialog));

export interface PostDialogsState {
  composer: { initial: ComposerInitial; key: number } | null;
  detail: { post: PostJson; view?: DetailView } | null;
  deleting: PostJson | null;
}

/**
 * The composer, post detail and delete confirmation as `usePostDialogs` has them open; loaded with the first one
 * opened, not with the page (first-load budget, ADR 104). `set` changes what is open.
 */
export function PostDialogs({
  state: { composer, detail, deleting },
  set,
  timeZone,
  onChange,
}: {
  state: PostDialogsState;
  set: (patch: Partial<PostDialogsState>) => void;
  timeZone: string;
  onChange: () => void;
}) {
  const PostDetailDialog = detailDialog.useOnDemand(detail !== null);
  const DeletePostDialog = deleteDialog.useOnDemand(deleting !== null);
  const compose = (initial: ComposerInitial) =>
    set({ detail: null, composer: { initial, key: (composer?.key ?? 0) + 1 } });
  return (
    <>
      {composer && (
        <Suspense fallback={null}>
          <ComposerDialog
            key={composer.key}
            initial={composer.initial}
            timeZone={timeZone}
            onSaved={onChange}
            onClose={() => set({ composer: null })}
          />
        </Suspense>
      )}
      {PostDetailDialog && (
        <PostDetailDialog
          post={detail?.post ?? null}
          view={detail?.view}
          timeZone={timeZone}
          onOpenChange={(open) => !open && set({ detail: null })}
          onEdit={(post) => compose({ post })}
          onDuplicate={(post) => compose({ copyOf: post })}
          onDelete={(post) => set({ detail: null, deleting: post })}
          onChanged={onChange}
        />
      )}
      {DeletePostDialog && (
        <DeletePostDialog
          post={deleting}
          onOpenChange={(open) => !open && set({ deleting: null })}
          onDeleted={onChange}
        />
      )}
    </>
  );
}

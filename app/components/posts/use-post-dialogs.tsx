import { useCallback, useState } from "react";
import { onDemand } from "~/lib/on-demand";
import type { ComposerInitial } from "../composer/composer-form";
import type { DetailView } from "./PostDetailDialog";
import type { PostDialogsState } from "./PostDialogs";
import type { PostJson } from "./types";

const dialogs = onDemand(() => import("./PostDialogs").then((m) => m.PostDialogs));

const CLOSED: PostDialogsState = { composer: null, detail: null, deleting: null };

/**
 * The dialogs a page of posts needs: composer (`compose({})` to create, `{ day }` from the planner, `{ text }`
 * from a link, `{ post }` to edit, `{ copyOf }` to duplicate), post detail and delete confirmation. Only what is
 * open is kept here; their code (PostDialogs) loads when the first one opens. `onChange` runs after anything was
 * saved, reposted, retried, confirmed or deleted. Render `elements` once in the page.
 */
export function usePostDialogs(timeZone: string, onChange: () => void) {
  const [state, setState] = useState(CLOSED);
  const set = useCallback((patch: Partial<PostDialogsState>) => setState((s) => ({ ...s, ...patch })), []);
  const compose = useCallback(
    (initial: ComposerInitial = {}) =>
      setState((s) => ({ ...s, composer: { initial, key: (s.composer?.key ?? 0) + 1 } })),
    [],
  );
  const showDetail = useCallback((post: PostJson, view?: DetailView) => set({ detail: { post, view } }), [set]);
  const confirmDelete = useCallback((post: PostJson | null) => set({ deleting: post }), [set]);
  const Dialogs = dialogs.useOnDemand(state !== CLOSED);
  const elements = Dialogs && <Dialogs state={state} set={set} timeZone={timeZone} onChange={onChange} />;
  return { compose, showDetail, confirmDelete, elements };
}

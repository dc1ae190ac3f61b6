import { lazy, Suspense, useCallback, useState } from "react";
import type { PostJson } from "../posts/types";
import type { ComposerInitial } from "./composer-form";

const ComposerDialog = lazy(() => import("./ComposerDialog"));

/**
 * Opens the composer, loading its code on first use: `open({})` to create, `open({ day })` from the
 * planner, `open({ text })` from a link, `open({ post })` to edit, `open({ copyOf })` to start a new post as a copy. Render `element` once in the page.
 */
export function useComposer(timeZone: string, onSaved?: (post: PostJson) => void) {
  const [state, setState] = useState<{ initial: ComposerInitial; key: number } | null>(null);
  const open = useCallback(
    (initial: ComposerInitial = {}) => setState((s) => ({ initial, key: (s?.key ?? 0) + 1 })),
    [],
  );
  const element = state ? (
    <Suspense fallback={null}>
      <ComposerDialog
        key={state.key}
        initial={state.initial}
        timeZone={timeZone}
        onSaved={onSaved}
        onClose={() => setState(null)}
      />
    </Suspense>
  ) : null;
  return { open, element };
}

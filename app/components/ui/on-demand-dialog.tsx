import type { Dialog as RadixDialog } from "radix-ui";
import { useEffect, useState } from "react";

/**
 * Radix's Dialog with its code fetched when a dialog first opens, not with the page: a closed dialog renders
 * nothing, so the first-load budget (bench/run.ts) need not carry it. Only controlled dialogs (`open`) have
 * no trigger to draw before then, so that is the one shape offered: the parts below, used as Radix's are.
 */
type Parts = typeof RadixDialog;
let parts: Parts | null = null;
let pending: Promise<Parts> | null = null;
const load = () =>
  (pending ??= import("./radix-dialog").then(
    (m) => (parts = m.Dialog),
    (err: unknown) => {
      pending = null; // tried again at the next open
      throw err;
    },
  ));

function Root(props: Omit<React.ComponentProps<Parts["Root"]>, "open" | "defaultOpen"> & { open: boolean }) {
  const [ready, setReady] = useState(parts !== null);
  useEffect(() => {
    if (!props.open || ready) return;
    let live = true;
    load().then(
      () => live && setReady(true),
      (err: unknown) => console.error("loading a dialog failed", err),
    );
    return () => {
      live = false;
    };
  }, [props.open, ready]);
  return ready && parts ? <parts.Root {...props} /> : null;
}

/** A part of a dialog: rendered only inside an open Root, so the code is there by then. */
function part<P extends object>(pick: (loaded: Parts) => React.ComponentType<P>) {
  return function Part(props: P) {
    const Loaded = pick(parts!);
    return <Loaded {...props} />;
  };
}

export const Dialog = {
  Root,
  Portal: part((d) => d.Portal),
  Overlay: part((d) => d.Overlay),
  Content: part((d) => d.Content),
  Title: part((d) => d.Title),
  Description: part((d) => d.Description),
  Close: part((d) => d.Close),
};

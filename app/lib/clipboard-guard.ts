import type { ClipboardEvent, MouseEvent } from "react";

/** Handlers that stop copy, cut and paste (and optionally the context menu) on a field. */
export function blockClipboard(onBlocked?: () => void, withContextMenu = false) {
  const block = (e: ClipboardEvent | MouseEvent) => {
    e.preventDefault();
    onBlocked?.();
  };
  return { onCopy: block, onCut: block, onPaste: block, ...(withContextMenu ? { onContextMenu: block } : {}) };
}

/** A plain click without modifier keys: it opens a tab link in place (with one, the browser opens a new tab or window). */
export const plainClick = (e: React.MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

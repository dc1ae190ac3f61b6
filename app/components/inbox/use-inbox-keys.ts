import { useEffect } from "react";

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/**
 * The inbox by keyboard: j / k the next / previous item, e marks the focused item done, r starts its reply (a
 * direct message's: opens its conversation, where the reply box is).
 * Keys typed into a field are the field's.
 */
export function useInboxKeys(onFocusItem: (id: string) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.metaKey || e.ctrlKey || e.altKey || typing(e.target)) return;
      const rows = [...document.querySelectorAll<HTMLElement>("[data-inbox-item]")];
      if (rows.length === 0) return;
      const at = rows.findIndex((r) => r.contains(document.activeElement));
      const current = at >= 0 ? rows[at]! : null;
      if (e.key === "j" || e.key === "k") {
        const next = rows[at < 0 ? 0 : Math.max(0, Math.min(rows.length - 1, at + (e.key === "j" ? 1 : -1)))]!;
        next.focus();
        onFocusItem(next.dataset.inboxItem!);
      } else if (e.key === "e" && current) current.querySelector<HTMLButtonElement>("[data-key-done]")?.click();
      else if (e.key === "r" && current) {
        const box = current.querySelector<HTMLTextAreaElement>("textarea[name=text]");
        if (box) box.focus();
        else current.querySelector<HTMLAnchorElement>("[data-key-open]")?.click();
      } else return;
      e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onFocusItem]);
}

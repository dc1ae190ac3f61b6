import { useState } from "react";
import { onDemand } from "~/lib/on-demand";
import { initials } from "~/lib/user";
import type { UserMenuProps } from "./UserMenuContent";

export const avatarButtonClass =
  "flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** The dropdown (Radix menu and its positioning code) loads on first use, not with every page. */
const menu = onDemand(() => import("./UserMenuContent").then((m) => m.UserMenuContent));

/**
 * The avatar button. Until the menu's code is needed it is a plain button with the same look and name;
 * pressing it (mouse, touch or keyboard) loads the menu, which then replaces it already open.
 */
export function UserMenu(props: UserMenuProps) {
  const [wanted, setWanted] = useState(false);
  const Menu = menu.useOnDemand(wanted);
  if (Menu) return <Menu {...props} defaultOpen={wanted} />;
  const want = () => setWanted(true);
  return (
    <button
      type="button"
      aria-label="Open user menu"
      aria-haspopup="menu"
      aria-expanded={false}
      className={avatarButtonClass}
      onPointerEnter={() => void menu.preload().catch(() => {})}
      onFocus={() => void menu.preload().catch(() => {})}
      onPointerDown={(e) => e.button === 0 && !e.ctrlKey && want()}
      onKeyDown={(e) => ["Enter", " ", "ArrowDown"].includes(e.key) && (e.preventDefault(), want())}
      onClick={want}
    >
      {initials(props.user)}
    </button>
  );
}

import { useState } from "react";
import type { onDemand } from "~/lib/on-demand";

type Loader<P extends object> = ReturnType<typeof onDemand<P & { defaultOpen: boolean }>>;

/**
 * A menu (or popover: `popup="dialog"`) whose Radix code loads on first use. Until then it is a plain button with the same look and
 * name; pressing it (mouse, touch or keyboard) loads the menu, which then replaces it already open.
 */
export function OnDemandMenu<P extends object>({
  menu,
  props,
  label,
  className,
  popup = "menu",
  children,
}: {
  menu: Loader<P>;
  props: P;
  label: string;
  className: string;
  popup?: "menu" | "dialog";
  children: React.ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const Menu = menu.useOnDemand(wanted);
  if (Menu) return <Menu {...props} defaultOpen={wanted} />;
  const want = () => setWanted(true);
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup={popup}
      aria-expanded={false}
      className={className}
      onPointerEnter={() => void menu.preload().catch(() => {})}
      onFocus={() => void menu.preload().catch(() => {})}
      onPointerDown={(e) => e.button === 0 && !e.ctrlKey && want()}
      onKeyDown={(e) => {
        if (!["Enter", " ", "ArrowDown"].includes(e.key)) return;
        e.preventDefault();
        want();
      }}
      onClick={want}
    >
      {children}
    </button>
  );
}

import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { onDemand } from "~/lib/on-demand";

export interface ShellWorkspace {
  id: string;
  name: string;
  role: string;
}

export interface WorkspaceSwitcherProps {
  current: ShellWorkspace;
  workspaces: ShellWorkspace[];
}

export const switcherButtonClass =
  "flex max-w-56 items-center gap-1 rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600";

/** The dropdown's code loads on first use, like the user menu's. */
const menu = onDemand(() => import("./WorkspaceSwitcherContent").then((m) => m.WorkspaceSwitcherContent));

/** The current workspace in the header; pressing it opens the list of the user's workspaces. */
export function WorkspaceSwitcher(props: WorkspaceSwitcherProps) {
  const [wanted, setWanted] = useState(false);
  const Menu = menu.useOnDemand(wanted);
  if (Menu) return <Menu {...props} defaultOpen={wanted} />;
  const want = () => setWanted(true);
  return (
    <button
      type="button"
      aria-label="Switch workspace"
      aria-haspopup="menu"
      aria-expanded={false}
      className={switcherButtonClass}
      onPointerEnter={() => void menu.preload().catch(() => {})}
      onFocus={() => void menu.preload().catch(() => {})}
      onPointerDown={(e) => e.button === 0 && !e.ctrlKey && want()}
      onKeyDown={(e) => ["Enter", " ", "ArrowDown"].includes(e.key) && (e.preventDefault(), want())}
      onClick={want}
    >
      <span className="truncate">{props.current.name}</span>
      <ChevronDown className="size-4 shrink-0" aria-hidden />
    </button>
  );
}

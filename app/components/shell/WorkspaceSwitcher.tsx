import { ChevronDown } from "~/components/ui/icons";
import { OnDemandMenu } from "~/components/ui/OnDemandMenu";
import { onDemand } from "~/lib/on-demand";
import type { Role } from "../../../workers/tenancy/roles";

export interface ShellWorkspace {
  id: string;
  name: string;
  role: Role;
}

export interface WorkspaceSwitcherProps {
  current: ShellWorkspace;
  workspaces: ShellWorkspace[];
}

export const switcherButtonClass =
  "flex min-w-0 max-w-56 items-center gap-1 rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600";

/** Names the button by what it shows (the workspace) as well as what it does, so speech and sight agree. */
export const switcherLabel = (current: ShellWorkspace) => `Switch workspace: ${current.name}`;

/** The dropdown's code loads on first use, like the user menu's. */
const menu = onDemand(() => import("./WorkspaceSwitcherContent").then((m) => m.WorkspaceSwitcherContent));

/** The current workspace in the header; pressing it opens the list of the user's workspaces. */
export function WorkspaceSwitcher(props: WorkspaceSwitcherProps) {
  return (
    <OnDemandMenu menu={menu} props={props} label={switcherLabel(props.current)} className={switcherButtonClass}>
      <span className="truncate">{props.current.name}</span>
      <ChevronDown className="size-4 shrink-0" aria-hidden />
    </OnDemandMenu>
  );
}

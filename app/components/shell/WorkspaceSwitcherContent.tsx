import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { Check, ChevronDown, Plus } from "~/components/ui/icons";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { switcherButtonClass, switcherLabel, type WorkspaceSwitcherProps } from "./WorkspaceSwitcher";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

/** Switching sets the workspace cookie on the server, then reloads so every part of the page shows the new workspace. */
async function switchTo(id: string) {
  const res = await api(`/api/workspaces/${encodeURIComponent(id)}/switch`, { method: "POST" });
  if (!res.ok) return notify.error(res.message);
  window.location.reload();
}

/** The Radix menu behind the switcher button; `WorkspaceSwitcher` loads it on first use. */
export function WorkspaceSwitcherContent({
  current,
  workspaces,
  defaultOpen,
}: WorkspaceSwitcherProps & { defaultOpen: boolean }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={switcherLabel(current)} className={switcherButtonClass}>
        <span className="truncate">{current.name}</span>
        <ChevronDown className="size-4 shrink-0" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-[70] min-w-56 rounded-md border border-slate-200 bg-surface p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-1 text-xs font-medium text-slate-500">Workspaces</DropdownMenu.Label>
          {workspaces.map((w) => (
            <DropdownMenu.Item
              key={w.id}
              className={itemClass}
              onSelect={() => w.id !== current.id && void switchTo(w.id)}
            >
              <Check className={w.id === current.id ? "size-4" : "invisible size-4"} aria-hidden />
              <span className="flex-1 truncate">{w.name}</span>
              <span className="text-xs text-slate-500">{w.role}</span>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings?tab=workspace#new-workspace">
              <Plus className="size-4" aria-hidden />
              New workspace…
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

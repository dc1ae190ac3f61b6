import { DropdownMenu } from "radix-ui";
import { useNavigate } from "react-router";
import { LogOut, MessageSquare, Settings } from "~/components/ui/icons";
import { initials, type ShellUser } from "~/lib/user";
import { avatarButtonClass, userMenuLabel } from "./UserMenu";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

export interface UserMenuProps {
  user: ShellUser;
  onFeedback: () => void;
  onLogout: () => void;
}

/** The Radix menu behind the avatar; `UserMenu` loads it on first use. */
export function UserMenuContent({ user, onFeedback, onLogout, defaultOpen }: UserMenuProps & { defaultOpen: boolean }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={userMenuLabel(user)} className={avatarButtonClass}>
        {initials(user)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-[70] min-w-44 rounded-md border border-slate-200 bg-surface p-1 shadow-lg"
        >
          <DropdownMenu.Item className={itemClass} onSelect={onFeedback}>
            <MessageSquare className="size-4" aria-hidden /> Feedback
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/settings")}>
            <Settings className="size-4" aria-hidden /> Settings
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={onLogout}>
            <LogOut className="size-4" aria-hidden /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

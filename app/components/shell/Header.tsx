import clsx from "clsx";
import { Menu } from "~/components/ui/icons";
import { type ShellUser, welcomeName } from "~/lib/user";
import { NotificationBell } from "./NotificationBell";
import { UserMenu } from "./UserMenu";
import { WorkspaceSwitcher, type WorkspaceSwitcherProps } from "./WorkspaceSwitcher";

interface HeaderProps {
  user: ShellUser;
  workspace: WorkspaceSwitcherProps;
  hidden: boolean;
  sidebarOpen: boolean;
  onOpenSidebar: () => void;
  onFeedback: () => void;
  onLogout: () => void;
}

export function Header({ user, workspace, hidden, sidebarOpen, onOpenSidebar, onFeedback, onLogout }: HeaderProps) {
  return (
    <header
      className={clsx(
        "sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-surface/95 px-4 backdrop-blur transition-transform duration-200 desktop:px-8",
        hidden && "-translate-y-full",
      )}
    >
      <button
        type="button"
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 desktop:hidden"
        aria-label="Open menu"
        aria-controls="app-sidebar"
        aria-expanded={sidebarOpen}
        onClick={onOpenSidebar}
      >
        <Menu className="size-5" aria-hidden />
      </button>
      <WorkspaceSwitcher {...workspace} />
      <p className="min-w-0 flex-1 truncate text-sm text-slate-600 desktop:text-base">
        Welcome, <span className="font-semibold text-slate-900">{welcomeName(user)}</span>
      </p>
      <NotificationBell />
      <UserMenu user={user} onFeedback={onFeedback} onLogout={onLogout} />
    </header>
  );
}

import clsx from "clsx";
import { useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { LogOut } from "~/components/ui/icons";
import { Logo } from "~/components/ui/Logo";
import { isNavActive, navItemsFor } from "~/lib/nav";
import { footerIdentity, initials, type ShellUser } from "~/lib/user";
import type { Role } from "../../../workers/tenancy/roles";

interface SidebarProps {
  user: ShellUser;
  /** The caller's role in the current workspace: entries it cannot use are not shown. */
  role: Role;
  /** How many workspaces the user can switch between: the agency view's entry shows past one. */
  workspaceCount: number;
  /** Numbers beside entries, by route: the inbox's open items. */
  counts?: Record<string, number>;
  mobile: boolean;
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
}

/**
 * Mobile: a slide-in drawer (closed = off-screen and inert). Desktop: an icon rail that expands
 * on hover or keyboard focus to show the labels. Layout is CSS-driven so the server render is right too.
 * It expands on hover only once the pointer has moved in it: a page that loads under a pointer left resting on the
 * rail (a link followed without JavaScript, a reload) opens with the rail collapsed, not covering the page's left
 * side. After a click it rests (collapses) until the pointer leaves it, so it never covers the page just opened.
 */
export function Sidebar({ user, role, workspaceCount, counts = {}, mobile, open, onClose, onLogout }: SidebarProps) {
  const { pathname } = useLocation();
  const { name, email } = footerIdentity(user);
  // Without JavaScript the rail expands on keyboard focus only (ADR 112).
  const [hoverable, setHoverable] = useState(false);
  const resting = useRef(false);
  const label = clsx(
    "truncate whitespace-nowrap transition-opacity desktop:opacity-0 desktop:group-has-[:focus-visible]:opacity-100",
    hoverable && "desktop:group-hover:opacity-100",
  );
  const close = () => {
    resting.current = true;
    setHoverable(false);
    onClose();
  };

  return (
    <aside
      id="app-sidebar"
      aria-label="Sidebar"
      inert={mobile && !open}
      onPointerMove={() => setHoverable(!resting.current)}
      onPointerLeave={() => {
        resting.current = false;
      }}
      className={clsx(
        "group fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-surface transition-all duration-200",
        "desktop:w-16 desktop:has-[:focus-visible]:w-64 desktop:has-[:focus-visible]:shadow-xl",
        hoverable && "desktop:hover:w-64 desktop:hover:shadow-xl",
        open ? "max-desktop:translate-x-0 max-desktop:shadow-xl" : "max-desktop:-translate-x-full",
      )}
    >
      <div className="flex h-16 items-center border-b border-slate-200 px-4">
        <Link to="/dashboard" onClick={close} aria-label="Postline home" className="overflow-hidden">
          <Logo textClassName={label} />
        </Link>
      </div>
      <nav aria-label="Main navigation" className="flex-1 overflow-y-auto overflow-x-hidden p-2">
        <ul className="space-y-1">
          {navItemsFor(role, workspaceCount).map(({ to, label: text, icon: Icon }) => {
            const active = isNavActive(pathname, to);
            const count = counts[to] ?? 0;
            return (
              <li key={to}>
                <Link
                  to={to}
                  onClick={close}
                  aria-current={active ? "page" : undefined}
                  className={clsx(
                    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
                    active ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                  )}
                >
                  <span className="relative shrink-0">
                    <Icon className="size-5" aria-hidden />
                    {count > 0 && (
                      <span
                        aria-hidden
                        className="absolute -top-2 -right-2 min-w-4 rounded-full bg-brand-600 px-1 text-center text-[10px] font-semibold leading-4 text-on-accent"
                      >
                        {count > 99 ? "99+" : count}
                      </span>
                    )}
                  </span>
                  <span className={label}>{text}</span>
                  {count > 0 && <span className="sr-only">({count} open)</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-slate-200 p-2">
        <div className="flex items-center gap-3 px-2 py-2">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
            aria-hidden
          >
            {initials(user)}
          </span>
          <div className={clsx("min-w-0", label)}>
            <p className="truncate text-sm font-medium">{name}</p>
            <p className="truncate text-xs text-slate-500">{email}</p>
          </div>
        </div>
        {/* A plain form, so signing out works without JavaScript too; with it, onLogout does it in place. */}
        <form method="post" action="/auth">
          <input type="hidden" name="intent" value="logout" />
          <button
            type="submit"
            onClick={(e) => {
              e.preventDefault();
              onLogout();
            }}
            className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700"
          >
            <LogOut className="size-5 shrink-0" aria-hidden />
            <span className={label}>Logout</span>
          </button>
        </form>
      </div>
    </aside>
  );
}

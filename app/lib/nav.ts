import {
  type AppIcon,
  BarChart3,
  Building2,
  CalendarDays,
  ClipboardCheck,
  FolderOpen,
  Inbox,
  LayoutDashboard,
  ListOrdered,
  Settings,
  Sparkles,
} from "~/components/ui/icons";
import { type Action, can, type Role } from "../../workers/tenancy/roles";

export interface NavItem {
  to: string;
  label: string;
  icon: AppIcon;
  /** Shown only to roles that can do this. */
  action?: Action;
  /** Shown only to a user with more than one workspace (the agency view looks across them). */
  multi?: true;
}

/** The sidebar's entries, in the order SPEC §2 lists them. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/planner", label: "Content Planner", icon: CalendarDays },
  // Not in SPEC §2's list: the queue's slots were reachable only from the planner, and Buffer users look here first.
  { to: "/queue", label: "Queue", icon: ListOrdered },
  { to: "/content", label: "Content Hub", icon: FolderOpen },
  { to: "/approvals", label: "Approvals", icon: ClipboardCheck, action: "posts.approve" },
  // Not in SPEC §2's list: an agency's one view across its clients' workspaces (issue 41, ADR 086).
  { to: "/agency", label: "All workspaces", icon: Building2, multi: true },
  { to: "/inbox", label: "Inbox", icon: Inbox },
  { to: "/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/ai-assistant", label: "AI Assistant", icon: Sparkles },
  { to: "/settings", label: "Settings", icon: Settings },
];

/** The entries a role sees (the server refuses the rest anyway); the agency view once there is more than one workspace. */
export function navItemsFor(role: Role, workspaceCount = 1): NavItem[] {
  return NAV_ITEMS.filter((item) => (!item.action || can(role, item.action)) && (!item.multi || workspaceCount > 1));
}

/** An entry is active when the path is its route or lies under it (`/content` for `/content/42`, not `/contents`). */
export function isNavActive(pathname: string, route: string): boolean {
  return pathname === route || pathname.startsWith(`${route}/`);
}

import {
  BarChart3,
  CalendarDays,
  FolderOpen,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  Sparkles,
} from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The sidebar's entries, in the order SPEC §2 lists them. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/planner", label: "Content Planner", icon: CalendarDays },
  { to: "/content", label: "Content Hub", icon: FolderOpen },
  { to: "/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/ai-assistant", label: "AI Assistant", icon: Sparkles },
  { to: "/settings", label: "Settings", icon: Settings },
];

/** An entry is active when the path is its route or lies under it (`/content` for `/content/42`, not `/contents`). */
export function isNavActive(pathname: string, route: string): boolean {
  return pathname === route || pathname.startsWith(`${route}/`);
}

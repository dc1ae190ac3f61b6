import { type Action, can, ROLES, type Role } from "../../../workers/tenancy/roles";

/**
 * Settings' tabs in order. `needs` is the action the server requires for a tab's data (GET /api/setup/check,
 * the activity log); a tab without it is every member's (what inside it a role may change, the tab decides).
 */
const TABS = [
  { value: "profile", label: "Profile" },
  { value: "workspace", label: "Workspace" },
  { value: "accounts", label: "Social Accounts" },
  { value: "links", label: "Links" },
  { value: "api", label: "API" },
  { value: "billing", label: "Billing" },
  { value: "developer", label: "Developer", needs: "workspace.settings" },
  { value: "activity", label: "Activity", needs: "activity.read" },
] as const satisfies ReadonlyArray<{ value: string; label: string; needs?: Action }>;

export type SettingsTab = (typeof TABS)[number]["value"];

export interface SettingsView {
  /** The tabs this role sees. */
  tabs: Array<{ value: SettingsTab; label: string }>;
  /** The tab the URL asks for (`?tab=`), Profile when it names none. */
  tab: SettingsTab;
  /** Why the role cannot open the requested tab; null when it can. */
  refused: string | null;
}

/** The tab `?tab=` opens: the one it names, Profile when it names none. */
export const openTab = (requested: string | null): SettingsTab =>
  TABS.find((t) => t.value === requested)?.value ?? "profile";

/** Which tabs a role sees and what `?tab=` opens: decided on the server, from the same table as the API's checks. */
export function settingsView(role: Role, requested: string | null): SettingsView {
  const tabs = TABS.filter((t) => !("needs" in t) || can(role, t.needs)).map(({ value, label }) => ({ value, label }));
  const asked = TABS.find((t) => t.value === requested);
  if (!asked) return { tabs, tab: "profile", refused: null };
  if (!("needs" in asked) || can(role, asked.needs)) return { tabs, tab: asked.value, refused: null };
  const roles = ROLES.filter((r) => can(r, asked.needs)).join(" or ");
  return {
    tabs,
    tab: asked.value,
    refused: `Settings → ${asked.label} is for a workspace ${roles}; your role here is ${role}.`,
  };
}

import { preloadable } from "~/lib/preloadable";
import { preloadConnectPanels } from "../accounts/connect-panels";
import { preloadNoticeView } from "./NotificationBanner";
import { openTab, type SettingsTab } from "./settings-tabs";

/**
 * Settings' tab panels, each in its own chunk: a first visit loads the open tab's code only (the first-load
 * budget, bench/run.ts), and hovering or focusing a tab fetches the next one before it is clicked.
 */
export const ProfileTab = preloadable(() => import("./ProfileTab").then((m) => m.ProfileTab));
export const WorkspaceTab = preloadable(() => import("./WorkspaceTab").then((m) => m.WorkspaceTab));
export const AccountsTab = preloadable(() => import("../accounts/AccountsTab").then((m) => m.AccountsTab));
export const LinksTab = preloadable(() => import("./LinksTab").then((m) => m.LinksTab));
export const ApiTab = preloadable(() => import("./ApiTab").then((m) => m.ApiTab));
export const BillingTab = preloadable(() => import("./BillingTab").then((m) => m.BillingTab));
export const DeveloperTab = preloadable(() => import("./DeveloperTab").then((m) => m.DeveloperTab));
export const ActivityTab = preloadable(() => import("./ActivityTab").then((m) => m.ActivityTab));

const PANELS: Record<SettingsTab, { preload: () => Promise<unknown> }> = {
  profile: ProfileTab,
  workspace: WorkspaceTab,
  accounts: AccountsTab,
  links: LinksTab,
  api: ApiTab,
  billing: BillingTab,
  developer: DeveloperTab,
  activity: ActivityTab,
};

/** Fetches a tab's code ahead of a click; a failed fetch is tried again when the panel renders. */
export function preloadPanel(tab: SettingsTab) {
  PANELS[tab].preload().catch(() => {});
}

/** The code of the tab a URL's `?tab=` opens, awaited before the page hydrates (app/entry.client.tsx). */
export const preloadOpenPanel = (requested: string | null) => PANELS[openTab(requested)].preload();

/** Every panel's code (and the connect dialogs'), for the server: the open tab renders without suspending. */
export const preloadPanels = () =>
  Promise.all([...Object.values(PANELS).map((p) => p.preload()), preloadConnectPanels(), preloadNoticeView()]);

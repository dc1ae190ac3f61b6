import { preloadable } from "~/lib/preloadable";

/**
 * The connect dialogs' bodies, fetched when one first opens rather than with the tab (first-load budget, ADR 104).
 * The server awaits them (Settings' loader), so a dialog opened by URL renders without JavaScript too.
 */
export const ConnectTerms = preloadable(() => import("./ConnectTerms").then((m) => m.ConnectTerms));
export const LocationPicker = preloadable(() => import("./LocationPicker").then((m) => m.LocationPicker));

export const preloadConnectPanels = (): Promise<unknown> =>
  Promise.all([ConnectTerms.preload(), LocationPicker.preload()]);

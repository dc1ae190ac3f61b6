import { preloadable } from "~/lib/preloadable";

/**
 * The planner's week grid and agenda list, each in its own chunk: a first visit to the month view (the default)
 * does not download them (first-load budget, ADR 104). The server awaits both before rendering a week or a list.
 */
export const WeekGrid = preloadable(() => import("./WeekGrid").then((m) => m.WeekGrid));
export const AgendaList = preloadable(() => import("./AgendaList").then((m) => m.AgendaList));

export const preloadViews = () => Promise.all([WeekGrid.preload(), AgendaList.preload()]);

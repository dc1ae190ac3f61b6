import { preloadable } from "~/lib/preloadable";

/**
 * The 404 panel of the root error boundary: its code loads when a page fails, not with every page (ADR 045).
 * The server preloads it (entry.server.tsx), so a 404 renders in one pass, also without JavaScript.
 */
export const LazyNotFound = preloadable(() => import("./NotFound").then((m) => m.NotFound));

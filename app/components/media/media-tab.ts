import { preloadable } from "~/lib/preloadable";

/**
 * Content Hub's Media Library tab in a chunk of its own (ADR 045): /content opens on Posts, so the library's
 * code loads when its tab is shown or reached for. The page's loader and entry.client.tsx await it when the
 * URL opens on it (`?tab=media`), so the server renders it in one pass and it hydrates without a gap.
 */
export const MediaTab = preloadable(() => import("./MediaLibraryTab").then((m) => m.MediaLibraryTab));

export const opensOnMedia = (search: URLSearchParams) => search.get("tab") === "media";

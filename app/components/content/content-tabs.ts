import { preloadable } from "~/lib/preloadable";

/**
 * Content Hub's tabs, each in a chunk of its own (ADR 045), so a first visit loads only the open one. The
 * page's loader and entry.client.tsx await the open tab's code (`?tab=`), so the server renders it in one
 * pass and it hydrates without a gap; hovering or focusing the other tab fetches its code ahead.
 */
export const CONTENT_TABS = {
  posts: preloadable(() => import("./PostsTab").then((m) => m.PostsTab)),
  media: preloadable(() => import("../media/MediaLibraryTab").then((m) => m.MediaLibraryTab)),
  feeds: preloadable(() => import("./FeedsTab").then((m) => m.FeedsTab)),
  categories: preloadable(() => import("./CategoriesTab").then((m) => m.CategoriesTab)),
  pieces: preloadable(() => import("./PiecesTab").then((m) => m.PiecesTab)),
};

export type ContentTab = keyof typeof CONTENT_TABS;

export const openTab = (search: URLSearchParams): ContentTab => {
  const tab = search.get("tab");
  return tab === "media" || tab === "feeds" || tab === "categories" || tab === "pieces" ? tab : "posts";
};

export const preloadOpenTab = (search: URLSearchParams): Promise<unknown> => CONTENT_TABS[openTab(search)].preload();

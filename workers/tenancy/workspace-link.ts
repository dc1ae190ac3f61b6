/** The query parameter a mailed link names its workspace with (`workspaceLink`, read by `switchByLink`). */
export const WORKSPACE_PARAM = "workspace";

/**
 * A page path that opens in this workspace: what a mail links to, since its reader may be looking at another of
 * their workspaces (an agency's member is in many) and the page would otherwise open there.
 */
export function workspaceLink(path: string, workspaceId: string): string {
  const [pathname, query] = path.split("?");
  const q = new URLSearchParams(query);
  q.set(WORKSPACE_PARAM, workspaceId);
  return `${pathname}?${q}`;
}

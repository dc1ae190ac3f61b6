/**
 * The first path segment of every page inside the app layout (app/routes.ts, layout "app"): the pages whose
 * layout loader reads the sidebar's inbox count. app/app-layout-paths.test.ts holds this list to the routes.
 */
export const APP_LAYOUT_SEGMENTS: ReadonlySet<string> = new Set([
  "dashboard",
  "planner",
  "queue",
  "import",
  "content",
  "posts",
  "approvals",
  "agency",
  "inbox",
  "analytics",
  "ai-assistant",
  "settings",
]);

/** Whether `pathname` (a document or its `.data` request) is a page inside the app layout. */
export function inAppLayout(pathname: string): boolean {
  const segment = pathname.split("/")[1] ?? "";
  return APP_LAYOUT_SEGMENTS.has(segment.endsWith(".data") ? segment.slice(0, -".data".length) : segment);
}

import { Outlet, redirect, useNavigation } from "react-router";
import { AppShell } from "~/components/shell/AppShell";
import { PublishFailureNotices } from "~/components/shell/PublishFailureNotices";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { skipDialogRevalidation } from "~/lib/dialog-params";
import { useMay } from "~/lib/may";
import { signInPath } from "~/lib/redirect";
import { appContext } from "../../workers/context";
import { refusals } from "../../workers/tenancy/roles";
import { needsApproval } from "../../workers/workspaces/public";
import type { Route } from "./+types/app-layout";

/** Every page inside the app needs a session; signed-out visitors go to /auth and come back after. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { auth, workspace, workspaces, services, early } = context.get(appContext);
  // `url`, not `request.url`: on client navigations the request is for `/path.data`.
  if (!auth || !workspace) throw redirect(signInPath(url));
  const { displayName, email, timezone } = auth.user;
  // Read with the page's own workspace, before any loader ran (workers/app.ts).
  // An archived workspace leaves the switcher (Settings → Workspace lists it), unless it is the one open.
  const switcher = workspaces
    .filter((w) => !w.archived || w.id === workspace.id)
    .map(({ id, name, role }) => ({ id, name, role }));
  // Sandbox mode: permalinks lead to the emulator's viewer, since the real platforms are out of reach.
  return {
    user: { id: auth.user.id, displayName, email, timezone },
    workspace: {
      current: {
        id: workspace.id,
        name: workspace.name,
        role: workspace.role,
        mediaRequired: workspace.mediaRequired,
        archived: workspace.archived,
      },
      /** What the member may not do here (role or archive), each with why: the pages hide or disable those controls. */
      refused: refusals(workspace),
      /** Schedule, Publish Now and Add to queue by this member submit the post for approval instead (ADR 016, 128). */
      submits: needsApproval(workspace),
      workspaces: switcher,
    },
    platformsMode: services.config.PLATFORMS_MODE,
    /** Open engagement inbox items: the sidebar's count beside Inbox (read with the session when it could be). */
    inboxOpen: early.inboxOpen?.get(workspace.id) ?? (await services.inbox.openCount(workspace.id)),
  };
}

export const shouldRevalidate = skipDialogRevalidation;

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { why } = useMay();
  return (
    <AppShell user={loaderData.user} workspace={loaderData.workspace} counts={{ "/inbox": loaderData.inboxOpen }}>
      {navigation.state === "loading" && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-500"
        />
      )}
      <PublishFailureNotices />
      {/* Archived: every page is read-only; one line above each says so, and the controls beside it are disabled. */}
      {loaderData.workspace.current.archived && (
        <div className="mb-4 rounded-md bg-amber-50 px-3 py-2">
          <RefusedNote id="workspace-archived" why={why("posts.write")} />
        </div>
      )}
      <Outlet />
    </AppShell>
  );
}

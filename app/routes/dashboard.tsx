import { useEffect, useState } from "react";
import { Link, redirect, useRevalidator } from "react-router";
import { FirstRunChecklist } from "~/components/dashboard/FirstRunChecklist";
import { type FirstRunStep, firstRunComplete, firstRunSteps } from "~/components/dashboard/first-run";
import { Panel } from "~/components/dashboard/Panel";
import { PostList } from "~/components/dashboard/PostList";
import { StatCards } from "~/components/dashboard/StatCards";
import { PageHeader } from "~/components/PageHeader";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { CalendarDays, PenSquare, RefreshCw, Sparkles } from "~/components/ui/icons";
import { linkButton, primaryButton, secondaryButton } from "~/components/ui/styles";
import { accountName } from "~/lib/account-name";
import { formatCompact } from "~/lib/format";
import { useMay } from "~/lib/may";
import { pageMeta } from "~/lib/meta";
import { signInPath } from "~/lib/redirect";
import { appContext } from "../../workers/context";
import type { Dashboard } from "../../workers/dashboard/index";
import { can } from "../../workers/tenancy/roles";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Dashboard",
    description: "Your overview: posts, schedule, media and connected accounts at a glance.",
    keywords: "dashboard, social media overview, quick stats",
  });

/** The dashboard straight from the service (cached 30 s per workspace); a failure becomes the error state. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { services, auth, workspace, early } = context.get(appContext);
  if (!auth || !workspace) throw redirect(signInPath(url));
  try {
    // Read with the session in the workspace the page named (one database, ADR 133): there, a null is a known miss.
    const kept = early.keptDashboards?.has(workspace.id) ? early.keptDashboards.get(workspace.id) : undefined;
    const viewer = {
      workspaceId: workspace.id,
      userId: auth.user.id,
      timezone: workspace.timezone,
      moving: workspace.moving,
    };
    const { data } = await services.dashboard.read(viewer, kept);
    return { dashboard: data, timezone: auth.user.timezone, firstRun: await firstRun(data, context, workspace) };
  } catch (err) {
    console.error("dashboard failed", err);
    return { dashboard: null, timezone: auth.user.timezone, firstRun: null };
  }
}

/**
 * The first-run steps while any required one is left (null once done). Teammates count only for those who may
 * invite; the session's batch read them (workers/app.ts), else they are read now.
 */
async function firstRun(
  data: Dashboard,
  context: Route.LoaderArgs["context"],
  workspace: { id: string; role: Parameters<typeof can>[0] },
): Promise<FirstRunStep[] | null> {
  const { stats } = data;
  const facts = {
    connectedPlatforms: stats.connectedPlatforms,
    mediaFiles: stats.mediaFiles,
    postsSent: (stats.scheduledPosts ?? 0) + (stats.heldPosts ?? 0) + (stats.publishedPosts ?? 0),
    teammates: null,
  };
  if (firstRunComplete(firstRunSteps(facts))) return null;
  if (!can(workspace.role, "members.manage")) return firstRunSteps(facts);
  const { early, services } = context.get(appContext);
  const teammates = early.teammates?.get(workspace.id) ?? (await services.workspaces.teammates(workspace.id));
  return firstRunSteps({ ...facts, teammates });
}

/** Refresh Now spins for 3 s (SPEC) while the data reloads. */
function useSpin(ms: number) {
  const [spinning, setSpinning] = useState(false);
  useEffect(() => {
    if (!spinning) return;
    const t = setTimeout(() => setSpinning(false), ms);
    return () => clearTimeout(t);
  }, [spinning, ms]);
  return [spinning, () => setSpinning(true)] as const;
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { dashboard, timezone, firstRun } = loaderData;
  const revalidator = useRevalidator();
  const [spinning, spin] = useSpin(3000);
  const loading = revalidator.state === "loading";
  const { may } = useMay();

  if (!dashboard) {
    return (
      <>
        <PageHeader
          title="Dashboard"
          description="Your overview: posts, schedule, media and connected accounts at a glance."
        />
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-medium text-red-800">Unable to load dashboard</p>
          <button
            type="button"
            className={`${secondaryButton} mt-4`}
            onClick={() => revalidator.revalidate()}
            disabled={loading}
          >
            {loading ? "Loading..." : "Try Again"}
          </button>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your overview: posts, schedule, media and connected accounts at a glance."
      />
      {loading && (
        <p role="status" className="sr-only">
          Loading dashboard...
        </p>
      )}
      {firstRun ? (
        <div className="mb-6">
          <FirstRunChecklist steps={firstRun} />
        </div>
      ) : null}
      <StatCards
        stats={dashboard.stats}
        rateNotReported={dashboard.analyticsOverview !== null && dashboard.analyticsOverview.avgEngagementRate === null}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Panel
            title="Upcoming Posts"
            actions={
              <>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => {
                    spin();
                    revalidator.revalidate();
                  }}
                >
                  <RefreshCw className={`size-4 ${spinning ? "animate-spin" : ""}`} aria-hidden />
                  Refresh Now
                </button>
                <Link to="/content" className={linkButton}>
                  View All
                </Link>
              </>
            }
          >
            <PostList
              posts={dashboard.upcomingPosts}
              timezone={timezone}
              empty="No upcoming posts scheduled."
              when={(p) => p.scheduledDate ?? p.createdAt}
            />
          </Panel>
          <Panel title="Recent Activity">
            <PostList
              posts={dashboard.recentPosts}
              timezone={timezone}
              empty="No posts yet."
              when={(p) => p.publishedAt ?? p.scheduledDate ?? p.createdAt}
            />
          </Panel>
        </div>
        <div className="min-w-0 space-y-6">
          <Panel title="Quick Actions">
            <div className="grid gap-2">
              {may("posts.write") && (
                <Link to="/content?compose=1" className={primaryButton}>
                  <PenSquare className="size-4" aria-hidden /> Create Post
                </Link>
              )}
              <Link to="/planner" className={secondaryButton}>
                <CalendarDays className="size-4" aria-hidden /> Plan Content
              </Link>
              {may("ai.use") && (
                <Link to="/ai-assistant" className={secondaryButton}>
                  <Sparkles className="size-4" aria-hidden /> AI Assistant
                </Link>
              )}
            </div>
          </Panel>
          <Panel
            title="Connected Accounts"
            actions={
              <Link to="/settings?tab=accounts" className={linkButton}>
                Manage Accounts
              </Link>
            }
          >
            {dashboard.connectedAccounts.length === 0 ? (
              <p className="text-sm text-slate-500">No accounts connected</p>
            ) : (
              <ul className="space-y-2">
                {dashboard.connectedAccounts.map((a) => (
                  <li key={a.id} className="flex items-center justify-between gap-2 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{a.displayName || a.username}</span>
                      <span className="text-xs text-slate-500">
                        {PLATFORM_META[a.platform]?.name ?? a.platform}
                        {accountName(a) !== a.displayName ? ` · ${accountName(a)}` : ""}
                      </span>
                    </span>
                    <span className="shrink-0 text-xs text-slate-600">
                      {a.followerCount === null ? "-" : `${formatCompact(a.followerCount)} followers`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </>
  );
}

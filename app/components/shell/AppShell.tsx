import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { onDemand } from "~/lib/on-demand";
import { useHideOnScroll } from "~/lib/use-hide-on-scroll";
import { useLogout } from "~/lib/use-logout";
import { MOBILE_QUERY, useMediaQuery } from "~/lib/use-media-query";
import type { ShellUser } from "~/lib/user";
import { Header } from "./Header";
import { Sidebar } from "./Sidebar";
import type { WorkspaceSwitcherProps } from "./WorkspaceSwitcher";

/** The feedback form (and zod with it) loads when it is first opened, not with every page. */
const feedback = onDemand(() => import("~/components/feedback/FeedbackDialog").then((m) => m.FeedbackDialog));

export function AppShell({
  user,
  workspace,
  counts,
  children,
}: {
  user: ShellUser;
  workspace: WorkspaceSwitcherProps;
  /** Numbers shown beside sidebar entries, by route (open inbox items). */
  counts?: Record<string, number>;
  children: React.ReactNode;
}) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const FeedbackDialog = feedback.useOnDemand(feedbackOpen);
  const headerHidden = useHideOnScroll(mobile && !sidebarOpen);
  const logout = useLogout();
  const { pathname } = useLocation();

  useEffect(() => setSidebarOpen(false), [pathname, mobile]);
  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setSidebarOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [sidebarOpen]);

  return (
    <div className="min-h-screen">
      {/* First in the tab order; shown when focused, so keyboard users can jump past the navigation. */}
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg"
      >
        Skip to content
      </a>
      <Sidebar
        user={user}
        role={workspace.current.role}
        workspaceCount={workspace.workspaces.length}
        counts={counts}
        mobile={mobile}
        open={sidebarOpen}
        onClose={() => setSidebarOpen(false)}
        onLogout={logout}
      />
      {mobile && sidebarOpen && (
        <button
          type="button"
          aria-label="Close menu"
          data-testid="sidebar-overlay"
          className="fixed inset-0 z-30 bg-black/40"
          onClick={() => setSidebarOpen(false)}
        />
      )}
      <div className="desktop:pl-16">
        <Header
          user={user}
          workspace={workspace}
          hidden={headerHidden}
          sidebarOpen={sidebarOpen}
          onOpenSidebar={() => setSidebarOpen(true)}
          onFeedback={() => setFeedbackOpen(true)}
          onLogout={logout}
        />
        <main id="main-content" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none desktop:px-8">
          {children}
        </main>
      </div>
      {FeedbackDialog && <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />}
    </div>
  );
}

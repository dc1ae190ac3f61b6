import { LayoutDashboard } from "lucide-react";
import { PageHeader } from "~/components/PageHeader";
import { EmptyState } from "~/components/ui/EmptyState";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Dashboard", description: "Your overview: posts, schedule, media and connected accounts at a glance.", keywords: "dashboard, social media overview, quick stats" });

export default function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" description="Your overview: posts, schedule, media and connected accounts at a glance." />
      <EmptyState icon={LayoutDashboard} title="Nothing here yet">
        Your stats, upcoming posts and recent activity will appear here once you connect accounts and create posts.
      </EmptyState>
    </>
  );
}

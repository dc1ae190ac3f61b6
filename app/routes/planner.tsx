import { CalendarDays } from "lucide-react";
import { PageHeader } from "~/components/PageHeader";
import { EmptyState } from "~/components/ui/EmptyState";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/planner";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Content Planner", description: "Plan and schedule your posts on a calendar.", keywords: "content calendar, post scheduling, planner" });

export default function PlannerPage() {
  return (
    <>
      <PageHeader title="Content Planner" description="Plan and schedule your posts on a calendar." />
      <EmptyState icon={CalendarDays} title="No posts planned">
        The calendar for planning and scheduling posts is on its way. Nothing is scheduled yet.
      </EmptyState>
    </>
  );
}

import { BarChart3 } from "lucide-react";
import { PageHeader } from "~/components/PageHeader";
import { EmptyState } from "~/components/ui/EmptyState";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Analytics", description: "Performance insights across your connected accounts.", keywords: "social media analytics, engagement, reach, growth" });

export default function AnalyticsPage() {
  return (
    <>
      <PageHeader title="Analytics" description="Performance insights across your connected accounts." />
      <EmptyState icon={BarChart3} title="No analytics yet">
        Insights appear once you connect accounts and publish posts. There is no data to show yet.
      </EmptyState>
    </>
  );
}

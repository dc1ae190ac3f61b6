import { Sparkles } from "lucide-react";
import { PageHeader } from "~/components/PageHeader";
import { EmptyState } from "~/components/ui/EmptyState";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/ai-assistant";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "AI Assistant", description: "Generate captions, suggest hashtags and optimise content with AI.", keywords: "AI captions, hashtag suggestions, content optimizer" });

export default function AiAssistantPage() {
  return (
    <>
      <PageHeader title="AI Assistant" description="Generate captions, suggest hashtags and optimise content with AI." />
      <EmptyState icon={Sparkles} title="AI tools coming soon">
        The content generator, hashtag suggester and content optimizer will be available here.
      </EmptyState>
    </>
  );
}

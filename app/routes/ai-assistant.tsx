import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { redirect } from "react-router";
import { callAi } from "~/components/ai/ai-client";
import { ContentGenerator } from "~/components/ai/ContentGenerator";
import { preloadable } from "~/lib/preloadable";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/ai-assistant";

export const meta: Route.MetaFunction = () => [
  { title: "AI Assistant · Postline" },
  { name: "description", content: "Generate captions, suggest hashtags and optimise content with AI." },
  { name: "keywords", content: "AI captions, hashtag suggestions, content optimizer" },
];

export function loader({ context }: Route.LoaderArgs) {
  const { auth, workspace, services } = context.get(appContext);
  if (!auth || !workspace) throw redirect("/auth");
  return services.ai({ workspaceId: workspace.id, userId: auth.user.id }).info;
}

// The tabs behind the first one load when first shown (fetched ahead on hover or focus of their tab): the slider
// (Radix Slider) and their own code stay out of the page's first load (ADR 104).
const HashtagSuggester = preloadable(() => import("~/components/ai/HashtagSuggester").then((m) => m.HashtagSuggester));
const ContentOptimizer = preloadable(() => import("~/components/ai/ContentOptimizer").then((m) => m.ContentOptimizer));
const preloadTab = (tab: { preload: () => Promise<unknown> }) => () => void tab.preload().catch(() => {});

const HEALTH_BANNER = "Unable to connect to AI services. Please check your connection.";
const tabClass =
  "shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm sm:px-4 font-medium text-slate-500 hover:text-slate-700 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

export default function AiAssistant({ loaderData }: Route.ComponentProps) {
  const [busy, setBusy] = useState(false);
  const [healthy, setHealthy] = useState(true);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    let live = true;
    void callAi("health").then((res) => live && setHealthy(res.ok));
    return () => {
      live = false;
    };
  }, []);

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">AI Assistant</h1>
          <p className="mt-1 text-sm text-slate-500">
            Generate captions, suggest hashtags and optimise content for each platform.
          </p>
        </div>
        {loaderData.provider === "builtin" ? (
          <span
            className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600"
            title="Offline heuristics: no AI model is used"
          >
            Built-in assistant
          </span>
        ) : (
          <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700">
            Model: {loaderData.model}
          </span>
        )}
      </div>

      {!healthy && !dismissed && (
        <div
          role="alert"
          className="mb-4 flex items-center justify-between gap-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-800"
        >
          <span>{HEALTH_BANNER}</span>
          <button
            type="button"
            aria-label="Dismiss"
            className="font-medium hover:underline"
            onClick={() => setDismissed(true)}
          >
            Dismiss
          </button>
        </div>
      )}

      <Tabs.Root defaultValue="generator">
        <Tabs.List aria-label="AI tools" className="mb-6 flex overflow-x-auto border-b border-slate-200">
          <Tabs.Trigger value="generator" className={tabClass}>
            Content Generator
          </Tabs.Trigger>
          <Tabs.Trigger
            value="hashtags"
            className={tabClass}
            onPointerEnter={preloadTab(HashtagSuggester)}
            onFocus={preloadTab(HashtagSuggester)}
          >
            Hashtag Suggester
          </Tabs.Trigger>
          <Tabs.Trigger
            value="optimizer"
            className={tabClass}
            onPointerEnter={preloadTab(ContentOptimizer)}
            onFocus={preloadTab(ContentOptimizer)}
          >
            Content Optimizer
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="generator">
          <ContentGenerator busy={busy} setBusy={setBusy} />
        </Tabs.Content>
        <Tabs.Content value="hashtags">
          <HashtagSuggester busy={busy} setBusy={setBusy} />
        </Tabs.Content>
        <Tabs.Content value="optimizer">
          <ContentOptimizer busy={busy} setBusy={setBusy} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

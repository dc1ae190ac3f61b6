import { useEffect, useState } from "react";
import { redirect, useSearchParams } from "react-router";
import { callAi } from "~/components/ai/ai-client";
import { ContentGenerator } from "~/components/ai/ContentGenerator";
import { UrlTabList, UrlTabPanel } from "~/components/ui/UrlTabs";
import { pageMeta } from "~/lib/meta";
import { preloadable } from "~/lib/preloadable";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/ai-assistant";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "AI Assistant",
    description: "Generate captions, suggest hashtags and optimise content with AI.",
    keywords: "AI captions, hashtag suggestions, content optimizer",
  });

export async function loader({ context, url }: Route.LoaderArgs) {
  const { auth, workspace, services } = context.get(appContext);
  if (!auth || !workspace) throw redirect("/auth");
  // The open tab's code, so the server renders it in one pass (a deep link such as ?tab=hashtags).
  await LAZY_TABS[openTab(url.searchParams)]?.preload();
  return services.ai({ workspaceId: workspace.id, userId: auth.user.id }).info;
}

// The tabs behind the first one load when first shown (fetched ahead on hover or focus of their tab): the slider
// (Radix Slider) and their own code stay out of the page's first load (ADR 104).
const HashtagSuggester = preloadable(() => import("~/components/ai/HashtagSuggester").then((m) => m.HashtagSuggester));
const ContentOptimizer = preloadable(() => import("~/components/ai/ContentOptimizer").then((m) => m.ContentOptimizer));
const LAZY_TABS: Partial<Record<AiTab, { preload: () => Promise<unknown> }>> = {
  hashtags: HashtagSuggester,
  optimizer: ContentOptimizer,
};

// The open tool is the URL's (`?tab=`, UrlTabs): Radix Tabs kept it for ~9.5 kB of first-load JS (ADR 104).
const AI_TABS = [
  ["generator", "Content Generator"],
  ["hashtags", "Hashtag Suggester"],
  ["optimizer", "Content Optimizer"],
] as const;
type AiTab = (typeof AI_TABS)[number][0];
const openTab = (params: URLSearchParams): AiTab =>
  AI_TABS.find(([value]) => value === params.get("tab"))?.[0] ?? "generator";

const HEALTH_BANNER = "Unable to connect to AI services. Please check your connection.";
const tabClass =
  "shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm sm:px-4 font-medium text-slate-500 hover:text-slate-700 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

export default function AiAssistant({ loaderData }: Route.ComponentProps) {
  const [busy, setBusy] = useState(false);
  const [healthy, setHealthy] = useState(true);
  const [dismissed, setDismissed] = useState(false);
  const [params, setParams] = useSearchParams();
  const tab = openTab(params);

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

      <UrlTabList
        id="ai"
        label="AI tools"
        className="mb-6 flex overflow-x-auto border-b border-slate-200"
        tabClassName={tabClass}
        value={tab}
        onSelect={(next) => setParams({ tab: next }, { replace: true, preventScrollReset: true })}
        tabs={AI_TABS.map(([value, label]) => ({
          value,
          label,
          href: `?tab=${value}`,
          onIntent: () => void LAZY_TABS[value]?.preload().catch(() => {}),
        }))}
      />
      <UrlTabPanel id="ai" value={tab}>
        {tab === "generator" && <ContentGenerator busy={busy} setBusy={setBusy} />}
        {tab === "hashtags" && <HashtagSuggester busy={busy} setBusy={setBusy} />}
        {tab === "optimizer" && <ContentOptimizer busy={busy} setBusy={setBusy} />}
      </UrlTabPanel>
    </div>
  );
}

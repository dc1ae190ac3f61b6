import { useState } from "react";
import { useNavigate } from "react-router";
import { copyText } from "~/lib/copy-text";
import { notify } from "~/lib/notify";
import type { Platform } from "../../../workers/platform-profile";
import { callAi, composeHref, type OptimizeData } from "./ai-client";
import { RichText } from "./ContentGenerator";
import { PlatformToggles } from "./PlatformToggles";
import { card, input, label, primary, secondary } from "./styles";

export function ContentOptimizer({ busy, setBusy }: { busy: boolean; setBusy: (b: boolean) => void }) {
  const navigate = useNavigate();
  const [content, setContent] = useState("");
  const [platform, setPlatform] = useState<Platform[]>(["instagram"]);
  const [result, setResult] = useState<OptimizeData | null>(null);

  const optimize = async () => {
    if (platform.length === 0) return void notify.error("Please select at least one social media platform first");
    setBusy(true);
    const res = await callAi<OptimizeData>(
      "optimize-content",
      { content, targetPlatform: platform[0] },
      "optimizedContent",
    );
    setBusy(false);
    if (!res.ok) return void notify.error(res.message || "Failed to optimize content. Please try again.");
    setResult(res.data);
  };

  return (
    <div className="space-y-6">
      <div className={`${card} space-y-4`}>
        <div>
          <label htmlFor="optimize-content" className={label}>
            Original content
          </label>
          <textarea
            id="optimize-content"
            className={input}
            rows={5}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </div>
        <div>
          <span className={label}>Platform</span>
          <PlatformToggles value={platform} onChange={setPlatform} multiple={false} label="Target platform" />
        </div>
        <button type="button" className={primary} disabled={busy || content.trim() === ""} onClick={optimize}>
          Optimize Content
        </button>
      </div>
      {result && (
        <section aria-label="Optimization result" className="grid gap-4 lg:grid-cols-2">
          <div className={card}>
            <h3 className="mb-2 text-sm font-semibold text-slate-500">Original</h3>
            <RichText text={result.original} />
          </div>
          <div className={card}>
            <h3 className="mb-2 text-sm font-semibold text-slate-500">
              Optimized ({result.characterCount} characters)
            </h3>
            <RichText text={result.optimizedContent} />
            <div className="mt-3 flex gap-2">
              <button
                type="button"
                className={secondary}
                onClick={async () =>
                  (await copyText(result.optimizedContent))
                    ? notify.success("Copied to clipboard!")
                    : notify.error("Failed to copy content")
                }
              >
                Copy Optimized Text
              </button>
              <button
                type="button"
                className={secondary}
                onClick={() => navigate(composeHref(result.optimizedContent))}
              >
                Use in New Post
              </button>
            </div>
          </div>
          <div className={card}>
            <h3 className="mb-2 text-sm font-semibold text-slate-700">Improvements</h3>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              {result.improvements.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </div>
          {result.suggestions.length > 0 && (
            <div className={card}>
              <h3 className="mb-2 text-sm font-semibold text-slate-700">Suggestions</h3>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                {result.suggestions.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

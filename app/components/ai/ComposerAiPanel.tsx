import { useState } from "react";
import { notify } from "~/lib/notify";
import { AI_DEFAULTS } from "../../../workers/ai/public";
import { PLATFORM_NAMES, type Platform } from "../../../workers/platform-profile";
import {
  callAi,
  type GenerateData,
  type HashtagData,
  type Mention,
  type MentionData,
  type Suggestion,
} from "./ai-client";
import { RichText } from "./ContentGenerator";
import { CountSlider } from "./CountSlider";
import { input, primary, secondary } from "./styles";

export const QUICK_IDEAS = [
  "New product launch",
  "Team milestone",
  "Industry insights",
  "Customer success story",
  "Behind the scenes",
  "Tips and tricks",
];

/**
 * The composer's AI part (SPEC §2): generate from a prompt, suggest hashtags (5–30) and mentions for
 * the post being written. `onInsert` receives the text to add to (or replace in) the composer.
 */
export function ComposerAiPanel({
  content,
  platforms,
  onInsert,
}: {
  content: string;
  platforms: Platform[];
  onInsert: (text: string) => void;
}) {
  const [prompt, setPrompt] = useState("");
  const [busy, setBusy] = useState(false);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [count, setCount] = useState(10);
  const [hashtags, setHashtags] = useState<string[]>([]);
  const [mentions, setMentions] = useState<Mention[]>([]);

  const needsPlatformAndContent = (what: "hashtags" | "mentions") => {
    if (platforms.length === 0) {
      notify.error("Please select at least one social media platform first");
      return false;
    }
    if (content.trim() === "") {
      notify.error(`Please enter some content first to generate ${what}`);
      return false;
    }
    return true;
  };

  const run = async <T,>(fn: () => Promise<T>) => {
    setBusy(true);
    try {
      return await fn();
    } finally {
      setBusy(false);
    }
  };

  const generate = () =>
    run(async () => {
      if (platforms.length === 0) return void notify.error("Please select at least one social media platform first");
      const res = await callAi<GenerateData>(
        "generate-content",
        { prompt, tone: "casual", platforms, includeHashtags: true, maxLength: AI_DEFAULTS.maxLength },
        "suggestions",
      );
      if (!res.ok) return void notify.error(res.message || "Failed to generate AI content. Please try again.");
      setSuggestions(res.data.suggestions);
      notify.success(`Generated ${res.data.suggestions.length} AI suggestions`);
    });

  const suggestHashtags = () =>
    needsPlatformAndContent("hashtags") &&
    run(async () => {
      const res = await callAi<HashtagData>("suggest-hashtags", { content, platform: platforms[0], count }, "hashtags");
      if (!res.ok)
        return void notify.error(
          res.message === "Invalid response format" ? "Failed to generate hashtags. Please try again." : res.message,
        );
      setHashtags(res.data.hashtags);
    });

  const suggestMentions = () =>
    needsPlatformAndContent("mentions") &&
    run(async () => {
      const res = await callAi<MentionData>(
        "suggest-mentions",
        { content, platform: platforms[0], count: 5, mentionTypes: ["influencers", "brands"], verifiedOnly: false },
        "mentions",
      );
      if (!res.ok)
        return void notify.error(
          res.message === "Invalid response format" ? "Failed to generate mentions. Please try again." : res.message,
        );
      setMentions(res.data.mentions);
      if (res.data.mentions.length === 0) notify.info("No names found in your content to suggest mentions for");
    });

  return (
    <section aria-label="AI assistant" className="space-y-3 rounded-lg border border-brand-100 bg-brand-50/40 p-3">
      <div className="flex gap-2">
        <input
          aria-label="AI prompt"
          className={input}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          placeholder="Describe the post you want…"
        />
        <button type="button" className={primary} disabled={busy || prompt.trim() === ""} onClick={generate}>
          Generate
        </button>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {QUICK_IDEAS.map((idea) => (
          <button
            key={idea}
            type="button"
            className="rounded-full border border-slate-200 bg-surface px-2.5 py-0.5 text-xs text-slate-600 hover:bg-slate-50"
            onClick={() => setPrompt(idea)}
          >
            {idea}
          </button>
        ))}
      </div>
      {suggestions.map((s) => (
        <div key={s.id} className="rounded-md border border-slate-200 bg-surface p-3">
          <p className="mb-1 text-xs text-slate-500">
            {PLATFORM_NAMES[s.platform as Platform] ?? s.platform} · {s.characterCount} characters
          </p>
          <RichText text={s.content} />
          <button type="button" className={`${secondary} mt-2`} onClick={() => onInsert(s.content)}>
            Use this
          </button>
        </div>
      ))}
      <CountSlider value={count} onChange={setCount} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondary} disabled={busy} onClick={suggestHashtags}>
          Suggest hashtags
        </button>
        <button type="button" className={secondary} disabled={busy} onClick={suggestMentions}>
          Suggest mentions
        </button>
      </div>
      {hashtags.length > 0 && (
        <div role="group" className="flex flex-wrap items-center gap-1.5" aria-label="Hashtag suggestions">
          {hashtags.map((h) => (
            <button
              key={h}
              type="button"
              className="rounded-full bg-surface px-2 py-0.5 text-sm text-brand-700 ring-1 ring-brand-100"
              onClick={() => onInsert(h)}
            >
              {h}
            </button>
          ))}
          <button
            type="button"
            className="text-sm font-medium text-brand-600 hover:underline"
            onClick={() => onInsert(hashtags.join(" "))}
          >
            Add all
          </button>
        </div>
      )}
      {mentions.length > 0 && (
        <ul aria-label="Mention suggestions" className="space-y-1">
          {mentions.map((m) => (
            <li key={m.handle} className="flex items-center justify-between gap-2 text-sm">
              <span>
                <button
                  type="button"
                  className="font-medium text-brand-700 hover:underline"
                  onClick={() => onInsert(m.handle)}
                >
                  {m.handle}
                </button>{" "}
                <span className="text-slate-500">{m.reason}</span>
              </span>
            </li>
          ))}
          <li className="text-xs text-slate-500">Suggestions only: handles are not verified.</li>
        </ul>
      )}
    </section>
  );
}

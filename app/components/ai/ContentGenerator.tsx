import { useState } from "react";
import { useNavigate } from "react-router";
import { copyText } from "~/lib/copy-text";
import { notify } from "~/lib/notify";
import { DEFAULT_CHARACTER_LIMIT, TONES, type Tone } from "../../../workers/ai/public";
import { PLATFORM_NAMES, type Platform } from "../../../workers/platform-profile";
import { callAi, composeHref, type GenerateData, type Suggestion } from "./ai-client";
import { PlatformToggles } from "./PlatformToggles";
import { card, input, label, primary, secondary } from "./styles";

/** Renders **bold** marks of AI text (SPEC §2) as <strong>, everything else as plain text. */
export function RichText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap text-sm text-slate-800">
      {text
        .split(/(\*\*[^*]+\*\*)/g)
        .map((part, i) =>
          part.startsWith("**") && part.endsWith("**") ? <strong key={i}>{part.slice(2, -2)}</strong> : part,
        )}
    </p>
  );
}

export function SuggestionCard({ s, onUse }: { s: Suggestion; onUse: (text: string) => void }) {
  const copy = async () => {
    const extra = s.hashtags.filter((h) => !s.content.includes(h)).join(" ");
    (await copyText(extra ? `${s.content}\n\n${extra}` : s.content))
      ? notify.success("Copied to clipboard!")
      : notify.error("Failed to copy content");
  };
  return (
    <article className={card} aria-label={`${PLATFORM_NAMES[s.platform as Platform] ?? s.platform} suggestion`}>
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <span className="rounded bg-brand-50 px-2 py-0.5 font-medium capitalize text-brand-700">{s.tone}</span>
        <span>{PLATFORM_NAMES[s.platform as Platform] ?? s.platform}</span>
        <span className={s.withinLimit ? "" : "text-red-600"}>{s.characterCount} characters</span>
      </div>
      <RichText text={s.content} />
      {s.hashtags.length > 0 && <p className="mt-2 text-sm text-brand-600">{s.hashtags.join(" ")}</p>}
      <div className="mt-3 flex gap-2">
        <button type="button" className={secondary} onClick={copy}>
          Copy
        </button>
        <button type="button" className={secondary} onClick={() => onUse(s.content)}>
          Use Content
        </button>
      </div>
    </article>
  );
}

export function ContentGenerator({ busy, setBusy }: { busy: boolean; setBusy: (b: boolean) => void }) {
  const navigate = useNavigate();
  const [prompt, setPrompt] = useState("");
  const [tone, setTone] = useState<Tone>("professional");
  const [platforms, setPlatforms] = useState<Platform[]>(["instagram"]);
  const [includeHashtags, setIncludeHashtags] = useState(true);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);

  const generate = async () => {
    if (platforms.length === 0) return void notify.error("Please select at least one social media platform first");
    setBusy(true);
    const res = await callAi<GenerateData>(
      "generate-content",
      { prompt, tone, platforms, includeHashtags, maxLength: DEFAULT_CHARACTER_LIMIT },
      "suggestions",
    );
    setBusy(false);
    if (!res.ok) return void notify.error(res.message || "Failed to generate content. Please try again.");
    setSuggestions(res.data.suggestions);
    notify.success(`Generated ${res.data.suggestions.length} AI suggestions`);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form
        className={`${card} space-y-4`}
        onSubmit={(e) => {
          e.preventDefault();
          void generate();
        }}
      >
        <div>
          <label htmlFor="ai-prompt" className={label}>
            What should the post be about?
          </label>
          <textarea
            id="ai-prompt"
            className={input}
            rows={4}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            placeholder="e.g. Announce our new cold brew coffee"
          />
        </div>
        <div>
          <label htmlFor="ai-tone" className={label}>
            Tone
          </label>
          <select id="ai-tone" className={input} value={tone} onChange={(e) => setTone(e.target.value as Tone)}>
            {TONES.map((t) => (
              <option key={t} value={t} className="capitalize">
                {t[0]!.toUpperCase() + t.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <span className={label}>Platforms</span>
          <PlatformToggles value={platforms} onChange={setPlatforms} multiple label="Platforms" />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={includeHashtags} onChange={(e) => setIncludeHashtags(e.target.checked)} />
          Include Hashtags
        </label>
        <button type="submit" className={primary} disabled={busy || prompt.trim() === ""}>
          {busy ? "Generating…" : "Generate Content"}
        </button>
      </form>
      <section aria-label="Suggestions" className="space-y-4">
        {suggestions.length === 0 ? (
          <p className="text-sm text-slate-500">Suggestions appear here.</p>
        ) : (
          suggestions.map((s) => <SuggestionCard key={s.id} s={s} onUse={(text) => navigate(composeHref(text))} />)
        )}
      </section>
    </div>
  );
}

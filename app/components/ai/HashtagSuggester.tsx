import { useState } from "react";
import { copyText } from "~/lib/copy-text";
import { notify } from "~/lib/notify";
import type { Platform } from "../../../workers/platform-profile";
import { callAi, type HashtagData } from "./ai-client";
import { CountSlider } from "./CountSlider";
import { PlatformToggles } from "./PlatformToggles";
import { card, input, label, primary, secondary } from "./styles";

export function HashtagSuggester({ busy, setBusy }: { busy: boolean; setBusy: (b: boolean) => void }) {
  const [content, setContent] = useState("");
  const [platform, setPlatform] = useState<Platform[]>(["instagram"]);
  const [count, setCount] = useState(10);
  const [hashtags, setHashtags] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);

  const suggest = async () => {
    if (platform.length === 0) return void notify.error("Please select at least one social media platform first");
    if (content.trim() === "") return void notify.error("Please enter some content first to generate hashtags");
    setBusy(true);
    const res = await callAi<HashtagData>("suggest-hashtags", { content, platform: platform[0], count }, "hashtags");
    setBusy(false);
    if (!res.ok) return void notify.error(res.message || "Failed to suggest hashtags. Please try again.");
    setHashtags(res.data.hashtags);
    setSelected([]);
  };
  const copySelected = async () =>
    (await copyText(selected.join(" ")))
      ? notify.success("Copied to clipboard!")
      : notify.error("Failed to copy content");

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className={`${card} space-y-4`}>
        <div>
          <label htmlFor="hashtag-content" className={label}>
            Content
          </label>
          <textarea
            id="hashtag-content"
            className={input}
            rows={4}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </div>
        <div>
          <span className={label}>Platform</span>
          <PlatformToggles value={platform} onChange={setPlatform} multiple={false} label="Platform" />
        </div>
        <CountSlider value={count} onChange={setCount} />
        <button type="button" className={primary} disabled={busy || content.trim() === ""} onClick={suggest}>
          Suggest Hashtags
        </button>
      </div>
      <section aria-label="Suggested hashtags" className={`${card} space-y-3`}>
        {hashtags.length === 0 ? (
          <p className="text-sm text-slate-500">Suggested hashtags appear here.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {hashtags.map((tag) => (
              <li key={tag}>
                <label className="flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1 text-sm">
                  <input
                    type="checkbox"
                    checked={selected.includes(tag)}
                    onChange={(e) => setSelected((s) => (e.target.checked ? [...s, tag] : s.filter((t) => t !== tag)))}
                  />
                  {tag}
                </label>
              </li>
            ))}
          </ul>
        )}
        {selected.length > 0 && (
          <div className="border-t border-slate-100 pt-3">
            <p className="mb-2 text-sm text-slate-700">
              Selected: <span className="text-brand-600">{selected.join(" ")}</span>
            </p>
            <button type="button" className={secondary} onClick={copySelected}>
              Copy Selected
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

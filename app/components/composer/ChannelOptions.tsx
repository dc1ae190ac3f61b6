import { useId, useState } from "react";
import { inputClass, labelClass } from "~/components/ui/styles";
import type { Platform } from "../../../workers/platform-profile";
import type { TikTokCreator } from "../../../workers/platforms/index";
import {
  LINKEDIN_VISIBILITY,
  type ChannelOptions as Options,
  optionApplies,
  YOUTUBE_PRIVACY,
} from "../../../workers/posts/public";
import type { MediaJson } from "../posts/types";
import { LocalPostFields } from "./LocalPostFields";
import { OpenWebOptions } from "./OpenWebOptions";
import { PinterestOptions } from "./PinterestOptions";
import { TikTokSettings } from "./TikTokSettings";

const VISIBILITY_LABELS: Record<(typeof LINKEDIN_VISIBILITY)[number], string> = {
  PUBLIC: "Anyone",
  CONNECTIONS: "Connections only",
  LOGGED_IN: "Signed-in LinkedIn members",
};

/** Options left unset are dropped, so a channel that sets none overrides nothing. */
function pruned(options: Options): Options | null {
  const empty = (v: unknown) =>
    v === undefined || v === "" || (typeof v === "object" && v !== null && Object.keys(v).length === 0);
  const out = Object.fromEntries(Object.entries(options).filter(([, v]) => !empty(v))) as Options;
  return Object.keys(out).length ? out : null;
}

/**
 * A channel's platform options (ADR 021), only those its network takes: YouTube title, privacy and tags,
 * LinkedIn visibility, TikTok's required settings, a Business Profile local post's type and fields, a Pinterest
 * pin's board, section, title and link, Mastodon's visibility and content warning, the language (Mastodon,
 * Bluesky), alt text per image. Unset means the network's default.
 */
export function ChannelOptions({
  platform,
  accountId,
  name,
  title,
  showTitle,
  baseTitle,
  options,
  images,
  video,
  creator,
  onTitle,
  onOptions,
}: {
  platform: Platform;
  accountId: string;
  name: string;
  title: string | null;
  /** A YouTube channel's own title field (ownTitleShown): one channel alone has the post's title only. */
  showTitle: boolean;
  baseTitle: string;
  options: Options;
  images: MediaJson[];
  /** The channel publishes a video (TikTok's Duet and Stitch apply to videos only). */
  video: boolean;
  /** A TikTok account's creator_info as last read (its required post settings). */
  creator: TikTokCreator | null;
  onTitle: (title: string | null) => void;
  onOptions: (options: Options | null) => void;
}) {
  const id = useId();
  const [tags, setTags] = useState((options.tags ?? []).join(", "));
  const set = (patch: Partial<Options>) => onOptions(pruned({ ...options, ...patch }));
  const youtube = platform === "youtube";
  const altImages = optionApplies("altText", platform) ? images : [];
  const tiktok = platform === "tiktok";
  const localPost = optionApplies("localPost", platform);
  const pinterest = platform === "pinterest";
  const openWeb = optionApplies("language", platform);
  const any = youtube || tiktok || localPost || pinterest || openWeb || optionApplies("visibility", platform);
  if (!any && altImages.length === 0) return null;
  return (
    <fieldset className="space-y-3 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{name} options</legend>
      {tiktok ? <TikTokSettings creator={creator} video={video} options={options} set={set} /> : null}
      {youtube ? (
        <>
          {showTitle ? (
            <div>
              <label htmlFor={`${id}-title`} className={labelClass}>
                Title on {name}
              </label>
              <input
                id={`${id}-title`}
                className={inputClass}
                value={title ?? ""}
                placeholder={baseTitle || "The post's title"}
                onChange={(e) => onTitle(e.target.value || null)}
              />
            </div>
          ) : null}
          <div>
            <label htmlFor={`${id}-privacy`} className={labelClass}>
              Privacy
            </label>
            <select
              id={`${id}-privacy`}
              className={inputClass}
              value={options.privacy ?? ""}
              onChange={(e) => set({ privacy: (e.target.value || undefined) as Options["privacy"] })}
            >
              <option value="">Public (default)</option>
              {YOUTUBE_PRIVACY.filter((p) => p !== "public").map((p) => (
                <option key={p} value={p}>
                  {p[0]!.toUpperCase() + p.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-tags`} className={labelClass}>
              Tags (comma-separated)
            </label>
            <input
              id={`${id}-tags`}
              className={inputClass}
              value={tags}
              onChange={(e) => {
                setTags(e.target.value);
                set({
                  tags: e.target.value
                    .split(",")
                    .map((t) => t.trim())
                    .filter(Boolean),
                });
              }}
            />
          </div>
        </>
      ) : null}
      {pinterest ? (
        <PinterestOptions
          accountId={accountId}
          title={title}
          baseTitle={baseTitle}
          options={options}
          onTitle={onTitle}
          set={set}
        />
      ) : null}
      {optionApplies("visibility", platform) ? (
        <div>
          <label htmlFor={`${id}-visibility`} className={labelClass}>
            Who can see it
          </label>
          <select
            id={`${id}-visibility`}
            className={inputClass}
            value={options.visibility ?? ""}
            onChange={(e) => set({ visibility: (e.target.value || undefined) as Options["visibility"] })}
          >
            <option value="">Anyone (default)</option>
            {LINKEDIN_VISIBILITY.filter((v) => v !== "PUBLIC").map((v) => (
              <option key={v} value={v}>
                {VISIBILITY_LABELS[v]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {openWeb ? <OpenWebOptions platform={platform} options={options} set={set} /> : null}
      {localPost ? <LocalPostFields value={options.localPost} onChange={(v) => set({ localPost: v })} /> : null}
      {altImages.map((m) => (
        <div key={m.id}>
          <label htmlFor={`${id}-alt-${m.id}`} className={labelClass}>
            Alt text for {m.originalName}
          </label>
          <input
            id={`${id}-alt-${m.id}`}
            className={inputClass}
            value={options.altText?.[m.id] ?? ""}
            placeholder={m.altText || "Describe the image for people using screen readers"}
            onChange={(e) => {
              const { [m.id]: _, ...others } = options.altText ?? {};
              set({ altText: e.target.value ? { ...others, [m.id]: e.target.value } : others });
            }}
          />
        </div>
      ))}
    </fieldset>
  );
}

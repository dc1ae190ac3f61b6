import { useId } from "react";
import { inputClass, labelClass } from "~/components/ui/styles";
import type { Platform } from "../../../workers/platform-profile";
import { MASTODON_VISIBILITY, type ChannelOptions as Options, optionApplies } from "../../../workers/posts/public";

const STATUS_VISIBILITY: Record<(typeof MASTODON_VISIBILITY)[number], string> = {
  public: "Public",
  unlisted: "Quiet public (not in public timelines)",
  private: "Followers only",
  direct: "Mentioned people only",
};

/**
 * Mastodon's visibility and content warning, and the post's language (Mastodon's `language`, Bluesky's `langs`):
 * each shown only where the network takes it. Unset means the account's own default.
 */
export function OpenWebOptions({
  platform,
  options,
  set,
}: {
  platform: Platform;
  options: Options;
  set: (patch: Partial<Options>) => void;
}) {
  const id = useId();
  return (
    <>
      {optionApplies("statusVisibility", platform) ? (
        <div>
          <label htmlFor={`${id}-status-visibility`} className={labelClass}>
            Visibility
          </label>
          <select
            id={`${id}-status-visibility`}
            className={inputClass}
            value={options.statusVisibility ?? ""}
            onChange={(e) => set({ statusVisibility: (e.target.value || undefined) as Options["statusVisibility"] })}
          >
            <option value="">The account's default</option>
            {MASTODON_VISIBILITY.map((v) => (
              <option key={v} value={v}>
                {STATUS_VISIBILITY[v]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {optionApplies("contentWarning", platform) ? (
        <div>
          <label htmlFor={`${id}-cw`} className={labelClass}>
            Content warning
          </label>
          <input
            id={`${id}-cw`}
            className={inputClass}
            maxLength={500}
            value={options.contentWarning ?? ""}
            placeholder="Shown before the text, which stays hidden until opened"
            onChange={(e) => set({ contentWarning: e.target.value || undefined })}
          />
        </div>
      ) : null}
      {optionApplies("language", platform) ? (
        <div>
          <label htmlFor={`${id}-language`} className={labelClass}>
            Language
          </label>
          <input
            id={`${id}-language`}
            className={inputClass}
            maxLength={2}
            value={options.language ?? ""}
            placeholder="Two letters, like en"
            onChange={(e) => set({ language: e.target.value.trim().toLowerCase() || undefined })}
          />
        </div>
      ) : null}
    </>
  );
}

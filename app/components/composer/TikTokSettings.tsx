import { useId, useState } from "react";
import { inputClass, labelClass } from "~/components/ui/styles";
import { TIKTOK_PRIVACY_LABELS, type TikTokCreator, type TikTokPrivacy } from "../../../workers/platforms/public";
import type { ChannelOptions as Options } from "../../../workers/posts/index";

/**
 * What TikTok's Content Sharing Guidelines require before a Direct Post: the creator it goes to, who can see it
 * (chosen by the user, never preset), the interactions the creator allows (off unless ticked; unavailable where the
 * creator turned them off), the commercial content disclosure and the consent wording.
 */
export function TikTokSettings({
  creator,
  video,
  options,
  set,
}: {
  /** The account's creator_info as last read; null until the account is reconnected. */
  creator: TikTokCreator | null;
  /** Duet and Stitch exist for videos only. */
  video: boolean;
  options: Options;
  set: (patch: Partial<Options>) => void;
}) {
  const id = useId();
  const [disclose, setDisclose] = useState(!!(options.tiktokYourBrand || options.tiktokBrandedContent));
  if (!creator)
    return (
      <p className="text-sm text-amber-700">
        Reconnect this TikTok account so Postline can read its posting settings from TikTok.
      </p>
    );
  const branded = !!options.tiktokBrandedContent;
  const switches = [
    { key: "tiktokAllowComment", label: "Allow comments", off: creator.commentDisabled, shown: true },
    { key: "tiktokAllowDuet", label: "Allow Duet", off: creator.duetDisabled, shown: video },
    { key: "tiktokAllowStitch", label: "Allow Stitch", off: creator.stitchDisabled, shown: video },
  ] as const;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Posting to <span className="font-medium">{creator.nickname}</span> (@{creator.username}) on TikTok. Videos up to{" "}
        {creator.maxVideoPostDurationSec} s.
      </p>
      {creator.privateOnly ? (
        <p role="note" className="text-sm text-amber-700">
          This server's TikTok app has not been audited by TikTok yet, so TikTok accepts only private posts from it:
          this post will be visible to the account owner only (Only me).
        </p>
      ) : null}
      <div>
        <label htmlFor={`${id}-privacy`} className={labelClass}>
          Who can see this post
        </label>
        <select
          id={`${id}-privacy`}
          className={inputClass}
          required
          value={options.tiktokPrivacy ?? ""}
          onChange={(e) => set({ tiktokPrivacy: (e.target.value || undefined) as TikTokPrivacy | undefined })}
        >
          <option value="" disabled>
            Choose…
          </option>
          {creator.privacyLevelOptions.map((p) => (
            <option key={p} value={p} disabled={branded && p === "SELF_ONLY"}>
              {TIKTOK_PRIVACY_LABELS[p as TikTokPrivacy] ?? p}
            </option>
          ))}
        </select>
        {branded ? <p className="mt-1 text-xs text-slate-500">Branded content can't be private (Only me).</p> : null}
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Interactions</legend>
        {switches
          .filter((s) => s.shown)
          .map((s) => (
            <label key={s.key} className={s.off ? "text-slate-400" : ""}>
              <input
                type="checkbox"
                className="mr-1"
                disabled={s.off}
                checked={!s.off && !!options[s.key]}
                onChange={(e) => set({ [s.key]: e.target.checked || undefined })}
              />
              {s.label}
              {s.off ? " (turned off on this account)" : ""}
            </label>
          ))}
      </fieldset>
      <div className="space-y-1 text-sm">
        <label>
          <input
            type="checkbox"
            className="mr-1"
            checked={disclose}
            onChange={(e) => {
              setDisclose(e.target.checked);
              if (!e.target.checked) set({ tiktokYourBrand: undefined, tiktokBrandedContent: undefined });
            }}
          />
          Disclose commercial content (this post promotes a brand, product or service)
        </label>
        {disclose ? (
          <div className="space-y-1 pl-5">
            <label className="block">
              <input
                type="checkbox"
                className="mr-1"
                checked={!!options.tiktokYourBrand}
                onChange={(e) => set({ tiktokYourBrand: e.target.checked || undefined })}
              />
              Your brand: labelled “Promotional content”
            </label>
            <label className="block">
              <input
                type="checkbox"
                className="mr-1"
                checked={branded}
                onChange={(e) => set({ tiktokBrandedContent: e.target.checked || undefined })}
              />
              Branded content (a paid partnership): labelled “Paid partnership”
            </label>
            {!options.tiktokYourBrand && !branded ? (
              <p className="text-xs text-amber-700">Choose whom the post promotes, or turn the disclosure off.</p>
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="text-xs text-slate-500">
        By posting, you agree to TikTok's {branded ? "Branded Content Policy and " : ""}Music Usage Confirmation. TikTok
        may take a few minutes to process the post.
      </p>
    </div>
  );
}

import type { AccountView } from "../posts/types";
import type { ComposerForm } from "./composer-form";
import { PlatformPreview } from "./PlatformPreview";
import { previewChannels } from "./preview-channels";

/** The composer's Preview tab: each chosen channel as its network shows it, thread parts and first comment included. */
export function ComposerPreview({
  form,
  accounts,
  hashtags,
}: {
  form: ComposerForm;
  accounts: AccountView[] | null;
  hashtags: string[];
}) {
  return previewChannels(form, hashtags).map(({ platform, accountId, version, media }) => (
    <PlatformPreview
      key={`${platform}:${accountId}`}
      platform={platform}
      account={accounts?.find((a) => a.id === accountId)}
      content={version.caption}
      hashtags={[]}
      media={media}
      title={version.title ?? ""}
      format={version.options.format}
      thread={version.parts.slice(1)}
      firstComment={version.firstComment}
      contentWarning={platform === "mastodon" ? version.options.contentWarning : undefined}
    />
  ));
}

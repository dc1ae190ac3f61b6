import type { Platform } from "../../../workers/platform-profile";
import type { ChannelCopy } from "../../../workers/workspaces/index";
import type { AccountView } from "../posts/types";
import type { CarouselItem } from "./MediaCarousel";
import { PlatformPreview } from "./PlatformPreview";

/**
 * One channel's card as it publishes (ADR 021), for those who approve it: a client's review link and the team's
 * Approvals queue. The caption carries the hashtags already (`effectiveVersion`), so none are added to it; a Mastodon
 * post shows behind its content warning, as the composer's preview shows it.
 */
export function ChannelCopyPreview({
  channel,
  account,
}: {
  channel: ChannelCopy<CarouselItem> & { platform: Platform };
  account?: Pick<AccountView, "platform" | "username" | "displayName">;
}) {
  return (
    <PlatformPreview
      platform={channel.platform}
      account={account}
      content={channel.caption}
      hashtags={[]}
      media={channel.media}
      title={channel.title ?? ""}
      format={channel.format}
      thread={channel.thread}
      firstComment={channel.firstComment}
      contentWarning={channel.platform === "mastodon" ? channel.options.contentWarning : undefined}
    />
  );
}

import { PLATFORM_PROFILES, type Platform } from "../platform-profile";
import { channelKey, type PostFields, type PostLinkChoicesInput, postFieldsSchema } from "../posts";

/** The parts of a post (as the API shapes it) that its evergreen copy repeats. */
export interface SourcePost {
  content: string;
  platforms: Platform[];
  selectedAccounts: Partial<Record<Platform, string[]>>;
  media: Array<{ id: string }>;
  hashtags: string[];
  mentions: string[];
  title: string | null;
  youtubeVideo: { id: string } | null;
  metadata: { category: string };
  channels: Array<{ platform: Platform; accountId: string; text?: string | null }>;
  /** The labels it carries: its copy carries them too, so it counts in the same campaigns (ADR 094). */
  labelIds?: string[];
  /** Its own link choices, if it has any (none: the copy follows the workspace's settings, as the post does). */
  links?: PostLinkChoicesInput;
}

export interface RepeatChannel {
  platform: Platform;
  accountId: string;
  /** Its own text (per-channel version), if it has one. */
  ownText: string | null;
}

/** The source's channels on networks that refuse an identical repeat: these need a text they have not had. */
export function channelsNeedingFreshText(source: SourcePost): RepeatChannel[] {
  return source.platforms.flatMap((platform) =>
    PLATFORM_PROFILES[platform].refusesRepeats
      ? (source.selectedAccounts[platform] ?? []).map((accountId) => ({
          platform,
          accountId,
          ownText:
            source.channels.find((c) => channelKey(c.platform, c.accountId) === channelKey(platform, accountId))
              ?.text ?? null,
        }))
      : [],
  );
}

/**
 * The copy of `source` due at `slotAt`: the same text, media, channel versions, labels and link choices, except
 * that `texts` replaces a channel's text and the channels in `skipped` are left out. Null when no channel is left.
 */
export function repeatFields(
  source: SourcePost,
  slotAt: number,
  texts: Map<string, string>,
  skipped: ReadonlySet<string>,
): PostFields | null {
  const selectedAccounts = Object.fromEntries(
    source.platforms.map((p) => [
      p,
      (source.selectedAccounts[p] ?? []).filter((id) => !skipped.has(channelKey(p, id))),
    ]),
  );
  const platforms = source.platforms.filter((p) => selectedAccounts[p]!.length > 0);
  if (platforms.length === 0) return null;
  const channels = source.channels
    .filter((c) => !skipped.has(channelKey(c.platform, c.accountId)))
    .map((c) => ({ ...c }));
  for (const [key, text] of texts) {
    const [platform, accountId] = key.split(/:(.*)/s) as [Platform, string];
    const own = channels.find((c) => channelKey(c.platform, c.accountId) === key);
    if (own) own.text = text;
    else channels.push({ platform, accountId, text });
  }
  return postFieldsSchema.parse({
    content: source.content,
    platforms,
    selectedAccounts,
    media: source.media.map((m) => m.id),
    hashtags: source.hashtags,
    mentions: source.mentions,
    title: source.title,
    youtubeVideo: source.youtubeVideo?.id ?? null,
    metadata: { category: source.metadata.category, source: "evergreen" },
    channels,
    scheduledDate: new Date(slotAt).toISOString(),
    status: "scheduled",
    labelIds: source.labelIds,
    links: source.links,
  });
}

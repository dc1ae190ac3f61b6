import { effectiveVersion, storedVersion } from "../../../workers/posts/public";
import type { ComposerForm } from "./composer-form";

// Apart from preview.ts: the channel rules it needs (zod, twitter-text) stay out of pages that only show a
// preview (approvals, review links; ADR 104).
/**
 * What each chosen channel publishes, for the Preview tab: its own text, thread parts, first comment and media
 * where it has a version (ADR 021), else the post's; YouTube shows the one video it uploads.
 */
export function previewChannels(form: ComposerForm, hashtags: string[]) {
  const known = new Map(form.media.map((m) => [m.id, m]));
  const base = { content: form.content, hashtags, mediaIds: [...known.keys()], title: form.title || null };
  return form.platforms.flatMap((platform) =>
    (form.selectedAccounts[platform] ?? []).map((accountId) => {
      const draft = form.channels.find((c) => c.platform === platform && c.accountId === accountId);
      const version = effectiveVersion(base, { platform, version: draft ? storedVersion(draft) : null });
      const media = version.mediaIds.flatMap((id) => known.get(id) ?? []);
      const video = platform === "youtube" && form.youtubeVideo;
      return { platform, accountId, version, media: video ? media.filter((m) => m.id === video) : media };
    }),
  );
}

import { type AccountCredentials, PlatformError, type PublishMedia } from "./types";

/** What a LinkedIn post is (§4.3): its author, its body and commentary, its permalink, the media it may carry. */

export type AuthorPost = { id: string; commentary?: string; createdAt?: number; content?: PostContent };
type PostContent = { media?: { id?: string }; multiImage?: { images?: { id?: string }[] } };

/** The media URNs a post carries (§4.3 `content.media` or `content.multiImage`). */
export function mediaOf(content: PostContent | undefined): string[] {
  const ids = content?.media ? [content.media.id] : (content?.multiImage?.images ?? []).map((i) => i.id);
  return ids.filter((id): id is string => typeof id === "string");
}

/** Little-text format reserves these characters; unescaped they truncate the commentary. `#` stays for hashtags. */
export function escapeCommentary(text: string): string {
  return text.replace(/[\\|{}@[\]()<>*_~]/g, (c) => `\\${c}`);
}

export function authorUrn(account: Pick<AccountCredentials, "accountType" | "platformUserId">): string {
  return account.accountType === "organization"
    ? `urn:li:organization:${account.platformUserId}`
    : `urn:li:person:${account.platformUserId}`;
}

/** The scope posting and commenting as this account need. */
export function writeScope(account: Pick<AccountCredentials, "accountType" | "platformUserId">): string {
  return authorUrn(account).startsWith("urn:li:organization:") ? "w_organization_social" : "w_member_social";
}

/** §4.3 post body; `mediaUrns` already uploaded, in order. */
export function buildPostBody(
  author: string,
  text: string,
  media: { urn: string; altText?: string | null; title?: string | null }[],
  visibility: "PUBLIC" | "CONNECTIONS" | "LOGGED_IN" = "PUBLIC",
) {
  const content =
    media.length === 0
      ? undefined
      : media.length === 1
        ? {
            media: {
              id: media[0]!.urn,
              ...(media[0]!.altText ? { altText: media[0]!.altText } : {}),
              ...(media[0]!.title ? { title: media[0]!.title } : {}),
            },
          }
        : { multiImage: { images: media.map((m) => ({ id: m.urn, ...(m.altText ? { altText: m.altText } : {}) })) } };
  return {
    author,
    commentary: escapeCommentary(text),
    visibility,
    distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
    ...(content ? { content } : {}),
    lifecycleState: "PUBLISHED",
    isReshareDisabledByAuthor: false,
  };
}

export function permalinkFor(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}`;
}

export function validateMedia(media: PublishMedia[]): void {
  const videos = media.filter((m) => m.kind === "video");
  if (videos.length > 0 && media.length > 1) {
    throw new PlatformError("permanent", "LinkedIn posts take one video, or up to 20 images.", {
      platform: "linkedin",
    });
  }
  if (media.length > 20)
    throw new PlatformError("permanent", "LinkedIn posts take at most 20 images.", { platform: "linkedin" });
}

import { z } from "zod";
import { PLATFORM_PROFILES } from "../platform-profile";

/** Mastodon's answers as the client reads them (docs.joinmastodon.org entities), and the instance's limits. */
const DEFAULTS = PLATFORM_PROFILES.mastodon;

/** What the instance allows, from GET /api/v2/instance; kept on the account and used by validation (ADR 059). */
export interface InstanceLimits {
  maxCharacters: number;
  maxMediaAttachments: number;
  charactersReservedPerUrl: number;
  imageSizeLimit: number;
  videoSizeLimit: number;
}

const positive = z.number().int().positive().optional().catch(undefined);
const InstanceAnswer = z.object({
  configuration: z
    .object({
      statuses: z
        .object({
          max_characters: positive,
          max_media_attachments: positive,
          characters_reserved_per_url: positive,
        })
        .partial()
        .optional(),
      media_attachments: z.object({ image_size_limit: positive, video_size_limit: positive }).partial().optional(),
    })
    .optional(),
});

/** An instance's limits; a field it leaves out (older versions, forks) falls back to Mastodon's default. */
export function instanceLimits(data: unknown): InstanceLimits {
  const parsed = InstanceAnswer.safeParse(data);
  const config = parsed.success ? parsed.data.configuration : undefined;
  return {
    maxCharacters: config?.statuses?.max_characters ?? DEFAULTS.characterLimit,
    maxMediaAttachments: config?.statuses?.max_media_attachments ?? DEFAULTS.media.maxItems,
    charactersReservedPerUrl: config?.statuses?.characters_reserved_per_url ?? 23,
    imageSizeLimit: config?.media_attachments?.image_size_limit ?? DEFAULTS.media.maxImageBytes,
    videoSizeLimit: config?.media_attachments?.video_size_limit ?? DEFAULTS.media.maxVideoBytes,
  };
}

export const Registered = z.object({ client_id: z.string().min(1), client_secret: z.string().min(1) });
export const Account = z.object({
  id: z.string().min(1),
  username: z.string(),
  acct: z.string(),
  display_name: z.string().optional(),
  avatar: z.string().optional(),
  followers_count: z.number().optional(),
  url: z.string().optional(),
});
export const Status = z.object({
  id: z.string().min(1),
  url: z.string().nullable().optional(),
  created_at: z.string().optional(),
  in_reply_to_id: z.string().nullable().optional(),
  favourites_count: z.number().optional(),
  reblogs_count: z.number().optional(),
  replies_count: z.number().optional(),
  content: z.string().optional(),
  account: z.object({ id: z.string(), acct: z.string() }).optional(),
});
export const Attachment = z.object({ id: z.string().min(1), url: z.string().nullable().optional() });

export type StatusAnswer = z.output<typeof Status>;

/** Plain text of a status's HTML content: paragraphs and line breaks kept, tags dropped, entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/p>\s*<p>/gi, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

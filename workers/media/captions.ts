import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { type MediaCaption, media } from "../db/schema/media";
import { Invalid, notFound, TooLarge, UnsupportedType } from "../errors";
import { PLATFORM_PROFILES } from "../platform-profile";
import { captionKey } from "./keys";
import type { MediaLibrary } from "./library";
import type { MediaJson } from "./present";

/**
 * A video's captions: one WebVTT file per language, kept in R2 beside the video and listed on its row. Bluesky is
 * the network that takes caption files (app.bsky.embed.video#caption), so its lexicon's numbers are the library's.
 */
const RULES = PLATFORM_PROFILES.bluesky.media.captions!;
export const CAPTION_MAX_BYTES = RULES.maxBytes;
export const CAPTION_MAX_FILES = RULES.maxFiles;

export const CaptionMessages = {
  videoOnly: "Captions go on videos only.",
  type: "Captions must be a WebVTT file (.vtt) that starts with WEBVTT.",
  tooLarge: `A caption file is at most ${CAPTION_MAX_BYTES.toLocaleString("en-US")} bytes.`,
  tooMany: `A video has at most ${CAPTION_MAX_FILES} caption languages.`,
  lang: "Name the captions' language as a language tag, like en, pt-BR or zh-Hant.",
  saved: "Captions saved",
  removed: "Captions removed",
} as const;

/** A language tag users write: language, then optionally a script and a region (BCP-47's common forms). */
export const captionLang = z.string().regex(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/, CaptionMessages.lang);

/** The request's declared type and size, checked before the bytes are read. */
export const captionRequestSchema = z.object({
  lang: captionLang,
  contentType: z.literal("text/vtt", { error: CaptionMessages.type }),
  size: z.number().int().min(1, CaptionMessages.type).max(CAPTION_MAX_BYTES, CaptionMessages.tooLarge),
});

/** WebVTT: UTF-8 text whose first line is "WEBVTT", alone or followed by a space or tab (W3C WebVTT §4.1). */
export function checkCaptionFile(bytes: Uint8Array): void {
  if (bytes.length > CAPTION_MAX_BYTES) throw new TooLarge(CaptionMessages.tooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnsupportedType(CaptionMessages.type);
  }
  if (!/^WEBVTT([ \t][^\r\n]*)?(\r\n|\r|\n|$)/.test(text)) throw new UnsupportedType(CaptionMessages.type);
}

export class MediaCaptions {
  constructor(
    private readonly db: Db,
    private readonly bucket: R2Bucket,
    private readonly now: () => number,
    private readonly library: MediaLibrary,
  ) {}

  private async captionsOf(workspaceId: string, id: string): Promise<MediaCaption[]> {
    const [row] = await this.db
      .select({ fileType: media.fileType, captions: media.captions })
      .from(media)
      .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId), isNull(media.deletedAt)));
    if (!row) throw notFound();
    if (row.fileType !== "video") throw new Invalid(CaptionMessages.videoOnly);
    return row.captions;
  }

  private async write(workspaceId: string, id: string, captions: MediaCaption[]) {
    await this.db
      .update(media)
      .set({ captions, updatedAt: this.now() })
      .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)));
  }

  /** Stores the video's captions in `lang`, replacing that language's earlier file. */
  async set(workspaceId: string, id: string, lang: string, bytes: Uint8Array): Promise<MediaJson> {
    const captions = await this.captionsOf(workspaceId, id);
    checkCaptionFile(bytes);
    const others = captions.filter((c) => c.lang !== lang);
    if (others.length >= CAPTION_MAX_FILES) throw new Invalid(CaptionMessages.tooMany);
    const key = captionKey(workspaceId, id, lang);
    await this.bucket.put(key, bytes, { httpMetadata: { contentType: "text/vtt; charset=utf-8" } });
    await this.write(workspaceId, id, [...others, { lang, key, size: bytes.length }]);
    return this.library.get(workspaceId, id);
  }

  /** Removes the video's captions in `lang`; a language it has none in is a 404. */
  async remove(workspaceId: string, id: string, lang: string): Promise<MediaJson> {
    const captions = await this.captionsOf(workspaceId, id);
    const gone = captions.find((c) => c.lang === lang);
    if (!gone) throw notFound();
    await this.write(
      workspaceId,
      id,
      captions.filter((c) => c !== gone),
    );
    await this.bucket.delete(gone.key);
    return this.library.get(workspaceId, id);
  }
}

import { Invalid } from "../errors";
import { safeFileName } from "../files";
import type { ClaimMark } from "../http/idempotency";
import type { Platform } from "../platform-profile";
import type { MemberRef } from "../tenancy/membership";
import { blobSource, inspectMedia } from "./inspect";
import { mediaKey } from "./keys";
import type { MediaLibrary } from "./library";
import { type Crop, canPrepareFor, cropFits, PrepareMessages, preparationNeeds } from "./prepare";

/**
 * Copies of a library image prepared in the browser for one network (ADR 088). The server does not draw them (the
 * Worker has no canvas); it checks that the copy is an image the network now takes, cut from inside the original,
 * and stores it beside the original, out of the library's lists. The original is never changed.
 */
export class MediaVariants {
  constructor(
    private readonly bucket: R2Bucket,
    private readonly library: MediaLibrary,
  ) {}

  /** Stores the prepared copy; a request's Idempotency-Key claim is marked with it in its row's batch (ADR 125). */
  async save(
    owner: MemberRef,
    originalId: string,
    input: { platform: Platform; crop: Crop; file: File },
    mark?: ClaimMark,
  ) {
    const [original] = await this.library.owned(owner.workspaceId, [originalId]);
    if (original!.fileType !== "image" || original!.variantOf) throw new Invalid(PrepareMessages.notImage);
    if (!canPrepareFor(input.platform)) throw new Invalid(PrepareMessages.cannot(input.platform));
    if (!cropFits(input.crop, { width: original!.width ?? 0, height: original!.height ?? 0 }))
      throw new Invalid(PrepareMessages.cropOutside);
    const facts = await inspectMedia(blobSource(input.file));
    if (facts.kind !== "image") throw new Invalid(PrepareMessages.notImage);
    const still = preparationNeeds(input.platform, {
      width: facts.width ?? 0,
      height: facts.height ?? 0,
      size: input.file.size,
      format: facts.format,
    });
    if (still.length) throw new Invalid(PrepareMessages.stillRefused(input.platform, still));
    const id = crypto.randomUUID();
    const filename = safeFileName(input.file.name);
    const key = mediaKey(owner.workspaceId, id, filename);
    await this.bucket.put(key, input.file.stream(), { httpMetadata: { contentType: facts.mimeType } });
    return this.library.insert(
      {
        id,
        ...owner,
        key,
        originalName: input.file.name.slice(0, 255),
        filename,
        size: input.file.size,
        facts,
        fields: { folder: original!.folder, tags: original!.tags, altText: original!.altText },
        variant: { of: originalId, platform: input.platform, crop: input.crop },
      },
      mark ? [mark(id)] : [],
    );
  }
}

import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mediaUploads } from "../db/schema/media";
import { Invalid, notFound, TooLarge, UnsupportedType } from "../errors";
import { safeFileName } from "../files";
import type { ClaimMark } from "../http/idempotency";
import type { MemberRef } from "../tenancy/membership";
import { inspectMedia, r2Source } from "./inspect";
import { mediaKey } from "./keys";
import type { MediaFields, MediaLibrary } from "./library";
import { declaredKind, MediaMessages, sizeProblem, UPLOAD_PART_SIZE } from "./limits";

type UploadRow = typeof mediaUploads.$inferSelect;

/** Expected byte length of part `n` (1-based) of an upload, or null when there is no such part. */
export function partLength(size: number, partSize: number, n: number): number | null {
  const parts = Math.ceil(size / partSize);
  if (!Number.isInteger(n) || n < 1 || n > parts) return null;
  return n < parts ? partSize : size - partSize * (parts - 1);
}

/**
 * Large files go to R2 as a multipart upload, one Worker request per part, so a 250 MB video fits
 * under the 100 MB request limit. The declared size and type are checked at the start, each part's
 * length against the declared size, and the real bytes once complete; a refused or aborted upload
 * leaves no row and no object.
 */
const started = (mediaId: string, size: number) => ({
  uploadId: mediaId,
  mediaId,
  partSize: UPLOAD_PART_SIZE,
  parts: Math.ceil(size / UPLOAD_PART_SIZE),
});

export class MediaUploads {
  constructor(
    private readonly db: Db,
    private readonly bucket: R2Bucket,
    private readonly library: MediaLibrary,
  ) {}

  /** Starts a multipart upload; a request's Idempotency-Key claim is marked with it in its row's batch (ADR 125). */
  async start(
    owner: MemberRef,
    input: MediaFields & { filename: string; size: number; contentType: string },
    mark?: ClaimMark,
  ) {
    const kind = declaredKind(input.contentType);
    if (!kind) throw new UnsupportedType(MediaMessages.unsupported);
    const tooLarge = sizeProblem(kind, input.size);
    if (tooLarge) throw new TooLarge(tooLarge);
    const mediaId = crypto.randomUUID();
    const filename = safeFileName(input.filename);
    const key = mediaKey(owner.workspaceId, mediaId, filename);
    const upload = await this.bucket.createMultipartUpload(key);
    try {
      await this.db.batch([
        this.db.insert(mediaUploads).values({
          id: mediaId,
          ...owner,
          key,
          r2UploadId: upload.uploadId,
          originalName: input.filename.slice(0, 255),
          filename,
          size: input.size,
          partSize: UPLOAD_PART_SIZE,
          folder: input.folder,
          tags: input.tags,
          altText: input.altText,
        }),
        ...(mark ? [mark(mediaId)] : []),
      ]);
    } catch (err) {
      await upload.abort();
      throw err;
    }
    return started(mediaId, input.size);
  }

  /** A started upload as `start` answered it (the retry of a start whose request died is answered from it). */
  async session(owner: MemberRef, id: string) {
    const row = await this.owned(owner, id);
    return started(row.id, row.size);
  }

  async putPart(owner: MemberRef, id: string, partNumber: number, body: ArrayBuffer) {
    const row = await this.owned(owner, id);
    const expected = partLength(row.size, row.partSize, partNumber);
    if (expected === null || body.byteLength !== expected) throw new Invalid(MediaMessages.partSize);
    const part = await this.bucket.resumeMultipartUpload(row.key, row.r2UploadId).uploadPart(partNumber, body);
    return { partNumber: part.partNumber, etag: part.etag };
  }

  /**
   * Joins the parts, then checks the stored bytes like a direct upload; a refusal removes everything. The file's row,
   * the session's end and a request's Idempotency-Key claim (`mark`, ADR 125) are one batch.
   */
  async complete(owner: MemberRef, id: string, parts: R2UploadedPart[], mark?: ClaimMark) {
    const row = await this.owned(owner, id);
    const expected = Math.ceil(row.size / row.partSize);
    const numbers = new Set(parts.map((p) => p.partNumber));
    if (numbers.size !== expected || parts.some((p) => p.partNumber > expected))
      throw new Invalid(MediaMessages.incomplete);
    const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    try {
      await this.bucket.resumeMultipartUpload(row.key, row.r2UploadId).complete(sorted);
    } catch {
      throw new Invalid(MediaMessages.incomplete);
    }
    try {
      const stored = await this.bucket.head(row.key);
      if (!stored || stored.size !== row.size) throw new Invalid(MediaMessages.incomplete);
      const facts = await inspectMedia(r2Source(this.bucket, row.key, stored.size));
      return await this.library.insert(
        {
          id: row.id,
          ...owner,
          key: row.key,
          originalName: row.originalName,
          filename: row.filename,
          size: row.size,
          facts,
          fields: { folder: row.folder, tags: row.tags, altText: row.altText },
        },
        [this.db.delete(mediaUploads).where(eq(mediaUploads.id, row.id)), ...(mark ? [mark(row.id)] : [])],
      );
    } catch (err) {
      await Promise.all([this.bucket.delete(row.key), this.db.delete(mediaUploads).where(eq(mediaUploads.id, row.id))]);
      throw err;
    }
  }

  async abort(owner: MemberRef, id: string) {
    const row = await this.owned(owner, id);
    await this.bucket
      .resumeMultipartUpload(row.key, row.r2UploadId)
      .abort()
      .catch(() => undefined);
    await this.db.delete(mediaUploads).where(eq(mediaUploads.id, row.id));
  }

  /** An upload session belongs to the member who started it, in that workspace. */
  private async owned(owner: MemberRef, id: string): Promise<UploadRow> {
    const [row] = await this.db
      .select()
      .from(mediaUploads)
      .where(
        and(
          eq(mediaUploads.id, id),
          eq(mediaUploads.workspaceId, owner.workspaceId),
          eq(mediaUploads.userId, owner.userId),
        ),
      );
    if (!row) throw notFound();
    return row;
  }
}

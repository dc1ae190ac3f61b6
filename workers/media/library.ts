import { and, asc, count, desc, eq, inArray, isNull, not, or, type SQL, sql, sum } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { readInRuns } from "../db/chunks";
import type { Db } from "../db/client";
import { likeContains } from "../db/like";
import { type MediaKind, media, postMedia } from "../db/schema/media";
import { posts } from "../db/schema/posts";
import { notFound } from "../errors";
import { safeFileName } from "../files";
import type { ClaimMark } from "../http/idempotency";
import type { MemberRef } from "../tenancy/membership";
import { affectedPostSummary } from "./affected-summary";
import { blobSource, inspectMedia, type MediaFacts } from "./inspect";
import { mediaKey, thumbnailKey } from "./keys";
import { liveChannelOf } from "./live-posts";
import type { Crop } from "./prepare";
import { type MediaJson, type MediaRow, presentMedia } from "./present";
import type { ListMediaQuery } from "./schema";
import { checkThumbnail } from "./thumbnails";

export interface MediaFields {
  folder: string;
  tags: string[];
  altText: string;
}

/** Posts that still need a media file: deleting it would change what they publish (or retry). */
const PENDING_POST_STATUSES = [
  "draft",
  "scheduled",
  "publishing",
  "partially_published",
  "failed",
  "changes_requested",
] as const;

/** A file in the library: not a tombstone left for the published posts that showed it (ADR 075). */
const inLibrary = isNull(media.deletedAt);
/** What the library lists: its files, without the copies prepared for a network (ADR 088), which belong to a post. */
const listed = and(inLibrary, isNull(media.variantOf));

const timesUsed = sql<number>`(SELECT count(*) FROM post_media WHERE post_media.media_id = ${media.id})`.mapWith(
  Number,
);

/** Display name: the file name without its extension. */
function displayNameOf(filename: string): string {
  return filename.replace(/\.[^.]+$/, "") || filename;
}

/**
 * The statements that remove a workspace's media row unless `busy` holds, for a batch of another module (publishing
 * holds the channels of the posts using it in the same batch, ADR 080): a file a live post shows stays as a
 * tombstone with its thumbnail (ADR 075), any other row goes. Each returns the R2 keys it frees.
 */
export function mediaDeletion(db: Db, workspaceId: string, mediaId: string, busy: SQL, now: number) {
  const shown = sql`EXISTS (SELECT 1 FROM post_media pm WHERE pm.media_id = ${mediaId} AND ${liveChannelOf(sql`pm.post_id`)})`;
  const own = and(eq(media.id, mediaId), eq(media.workspaceId, workspaceId), not(busy));
  return [
    db.update(media).set({ deletedAt: now, updatedAt: now }).where(and(own, shown)).returning({ key: media.key }),
    db
      .delete(media)
      .where(and(own, not(shown)))
      .returning({ key: media.key, thumbKey: media.thumbKey }),
  ] as const;
}

/** A file already in R2, to be written as a library row. */
export type NewMedia = MemberRef & {
  id: string;
  key: string;
  originalName: string;
  filename: string;
  size: number;
  facts: MediaFacts;
  fields: MediaFields;
  /** A copy prepared for a network (ADR 088). */
  variant?: { of: string; platform: string; crop: Crop };
};

/** The user's media library: R2 objects plus one D1 row each. Every read is scoped to the owner. */
export class MediaLibrary {
  constructor(
    private readonly db: Db,
    private readonly bucket: R2Bucket,
    private readonly now: () => number,
  ) {}

  async list(workspaceId: string, q: ListMediaQuery) {
    const term = q.search || q.q;
    const scope = and(
      eq(media.workspaceId, workspaceId),
      listed,
      q.folder ? eq(media.folder, q.folder) : undefined,
      term
        ? or(
            likeContains(media.originalName, term),
            likeContains(media.displayName, term),
            likeContains(media.altText, term),
            likeContains(media.tags, term),
          )
        : undefined,
    );
    const where = and(scope, q.type === "all" ? undefined : eq(media.fileType, q.type));
    // Every sort ends on the id: files of one use count and one upload come in one order on every page.
    const order =
      q.sort === "oldest"
        ? [asc(media.createdAt), asc(media.id)]
        : q.sort === "most_used"
          ? [desc(timesUsed), desc(media.createdAt), desc(media.id)]
          : [desc(media.createdAt), desc(media.id)];
    const [rows, kinds] = await Promise.all([
      this.db
        .select({ row: media, used: timesUsed })
        .from(media)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ kind: media.fileType, n: count() }).from(media).where(scope).groupBy(media.fileType),
    ]);
    const counts = { all: 0, image: 0, video: 0 };
    for (const k of kinds) {
      counts[k.kind] = k.n;
      counts.all += k.n;
    }
    const total = q.type === "all" ? counts.all : counts[q.type];
    return {
      media: rows.map((r) => presentMedia(r.row, r.used)),
      counts,
      pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
    };
  }

  async get(workspaceId: string, id: string): Promise<MediaJson> {
    const [found] = await this.db
      .select({ row: media, used: timesUsed })
      .from(media)
      .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId), inLibrary));
    if (!found) throw notFound();
    return presentMedia(found.row, found.used);
  }

  /**
   * The rows of these ids, all owned by the user, in the given order; any other id is a 404, and so is a deleted
   * file unless it is one of `kept` (a published post's own, which an edit sends back unchanged).
   */
  async owned(workspaceId: string, ids: string[], kept: readonly string[] = []): Promise<MediaRow[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    // A post and its channels name up to 2,061 files: read in runs.
    const found = await readInRuns(unique, 1, (run) =>
      this.db
        .select()
        .from(media)
        .where(and(eq(media.workspaceId, workspaceId), inArray(media.id, run))),
    );
    const keeps = new Set(kept);
    const rows = found.filter((r) => r.deletedAt === null || keeps.has(r.id));
    if (rows.length !== unique.length) throw notFound();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return unique.map((id) => byId.get(id)!);
  }

  /** The R2 object of an owned media item (optionally a byte range), or a 404. */
  async object(
    workspaceId: string | null,
    id: string,
    range?: Headers,
  ): Promise<{ row: MediaRow; object: R2ObjectBody }> {
    const [row] = await this.db
      .select()
      .from(media)
      .where(workspaceId === null ? eq(media.id, id) : and(eq(media.id, id), eq(media.workspaceId, workspaceId)));
    if (!row) throw notFound();
    const object = await this.bucket.get(row.key, range ? { range } : undefined);
    if (!object) throw notFound();
    return { row, object };
  }

  /**
   * Stores the files of one multipart request: every file is checked from its bytes before any is
   * stored, and if storing one fails the ones already stored are removed, so nothing is half-written.
   */
  /**
   * Stores the files in R2, then their rows in one batch with `mark` (a request's Idempotency-Key claim, marked with
   * the ids in their order, ADR 125): either every file is in the library or none is.
   */
  async saveFiles(owner: MemberRef, files: File[], fields: MediaFields, mark?: ClaimMark): Promise<MediaJson[]> {
    const checked = [];
    for (const file of files) checked.push({ file, facts: await inspectMedia(blobSource(file)) });
    const stored: NewMedia[] = [];
    try {
      for (const { file, facts } of checked) {
        const id = crypto.randomUUID();
        const filename = safeFileName(file.name);
        const key = mediaKey(owner.workspaceId, id, filename);
        await this.bucket.put(key, file.stream(), { httpMetadata: { contentType: facts.mimeType } });
        stored.push({
          id,
          ...owner,
          key,
          originalName: file.name.slice(0, 255),
          filename,
          size: file.size,
          facts,
          fields,
        });
      }
    } catch (err) {
      if (stored.length > 0) await this.bucket.delete(stored.map((s) => s.key));
      throw err;
    }
    return this.insertAll(stored, mark ? [mark(stored.map((s) => s.id).join(","))] : []);
  }

  /** Writes the row of an object already in R2, with `also` in its batch; if that fails the object is removed too. */
  async insert(input: NewMedia, also: BatchItem<"sqlite">[] = []): Promise<MediaJson> {
    const [item] = await this.insertAll([input], also);
    return item!;
  }

  /** The rows of objects already in R2, and `also`, in one batch; if that fails the objects are removed too. */
  private async insertAll(inputs: NewMedia[], also: BatchItem<"sqlite">[]): Promise<MediaJson[]> {
    const rows = inputs.map((input) => this.rowOf(input));
    const [first, ...rest] = [...rows.map((row) => this.db.insert(media).values(row)), ...also];
    try {
      if (first) await this.db.batch([first, ...rest]);
    } catch (err) {
      await this.bucket.delete(inputs.map((i) => i.key));
      throw err;
    }
    return rows.map((row) => presentMedia(row, 0));
  }

  private rowOf(input: NewMedia): MediaRow {
    const now = this.now();
    return {
      id: input.id,
      workspaceId: input.workspaceId,
      userId: input.userId,
      key: input.key,
      originalName: input.originalName,
      filename: input.filename,
      displayName: displayNameOf(input.filename),
      fileType: input.facts.kind,
      mimeType: input.facts.mimeType,
      format: input.facts.format,
      size: input.size,
      width: input.facts.width,
      height: input.facts.height,
      duration: input.facts.duration,
      folder: input.fields.folder,
      tags: input.fields.tags,
      altText: input.fields.altText,
      captions: [],
      thumbKey: null,
      deletedAt: null,
      variantOf: input.variant?.of ?? null,
      preparedFor: input.variant?.platform ?? null,
      crop: input.variant?.crop ?? null,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** Stores the thumbnail made at upload beside the original and records it, replacing any earlier one. */
  async setThumbnail(workspaceId: string, id: string, bytes: Uint8Array): Promise<MediaJson> {
    const { mime, ext } = await checkThumbnail(bytes);
    const [row] = await this.db
      .select({ thumbKey: media.thumbKey })
      .from(media)
      .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId), inLibrary));
    if (!row) throw notFound();
    const key = thumbnailKey(workspaceId, id, ext);
    await this.bucket.put(key, bytes, { httpMetadata: { contentType: mime } });
    await this.db
      .update(media)
      .set({ thumbKey: key, updatedAt: this.now() })
      .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)));
    if (row.thumbKey && row.thumbKey !== key) await this.bucket.delete(row.thumbKey);
    return this.get(workspaceId, id);
  }

  /** A library item's thumbnail (a deleted file's too: published posts show it), or a 404. */
  async thumbnail(workspaceId: string, id: string): Promise<R2ObjectBody> {
    const [row] = await this.db
      .select({ thumbKey: media.thumbKey })
      .from(media)
      .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)));
    const object = row?.thumbKey ? await this.bucket.get(row.thumbKey) : null;
    if (!object) throw notFound();
    return object;
  }

  async update(workspaceId: string, id: string, patch: Partial<MediaFields>): Promise<MediaJson> {
    const updated = await this.db
      .update(media)
      .set({ ...patch, updatedAt: this.now() })
      .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)))
      .returning({ id: media.id });
    if (updated.length === 0) throw notFound();
    return this.get(workspaceId, id);
  }

  /**
   * The posts that use this media (the delete confirmation lists them): those live on a platform (`published`,
   * which keep a thumbnail and the file's details) and the drafts and scheduled ones (`pending`, held).
   */
  async postsUsing(workspaceId: string, id: string) {
    await this.get(workspaceId, id);
    const rows = await this.db
      .select({
        id: posts.id,
        content: posts.content,
        status: posts.status,
        scheduledAt: posts.scheduledAt,
        live: sql<number>`${liveChannelOf(posts.id)}`.mapWith(Boolean),
      })
      .from(postMedia)
      .innerJoin(posts, eq(posts.id, postMedia.postId))
      .where(and(eq(postMedia.mediaId, id), eq(posts.workspaceId, workspaceId)))
      .orderBy(asc(posts.scheduledAt));
    const summary = (p: (typeof rows)[number]) => ({ _id: p.id, ...affectedPostSummary(p) });
    return {
      published: rows.filter((p) => p.live).map(summary),
      pending: rows
        .filter((p) => !p.live && (PENDING_POST_STATUSES as readonly string[]).includes(p.status))
        .map(summary),
    };
  }

  /** Deletes the row (and its place in posts) and then its R2 objects. */
  async remove(workspaceId: string, id: string): Promise<void> {
    const [gone] = await this.db
      .delete(media)
      .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)))
      .returning({ key: media.key, thumbKey: media.thumbKey });
    if (!gone) throw notFound();
    await this.deleteObjects(gone.thumbKey ? [gone.key, gone.thumbKey] : [gone.key]);
  }

  /** The files of a row already deleted (or left as a tombstone). */
  async deleteObjects(keys: string[]): Promise<void> {
    if (keys.length) await this.bucket.delete(keys);
  }

  async folders(workspaceId: string) {
    const rows = await this.db
      .select({ name: media.folder, count: count(), size: sum(media.size).mapWith(Number) })
      .from(media)
      .where(and(eq(media.workspaceId, workspaceId), listed))
      .groupBy(media.folder)
      .orderBy(asc(media.folder));
    return rows;
  }

  async stats(workspaceId: string) {
    const [kinds, [used], folders] = await Promise.all([
      this.db
        .select({ kind: media.fileType, n: count(), size: sum(media.size).mapWith(Number) })
        .from(media)
        .where(and(eq(media.workspaceId, workspaceId), listed))
        .groupBy(media.fileType),
      this.db
        .select({ n: sql<number>`count(DISTINCT ${postMedia.mediaId})`.mapWith(Number) })
        .from(postMedia)
        .innerJoin(media, eq(media.id, postMedia.mediaId))
        .where(and(eq(media.workspaceId, workspaceId), listed)),
      this.db
        .select({ n: sql<number>`count(DISTINCT ${media.folder})`.mapWith(Number) })
        .from(media)
        .where(and(eq(media.workspaceId, workspaceId), listed)),
    ]);
    const byKind: Record<MediaKind, { count: number; size: number }> = {
      image: { count: 0, size: 0 },
      video: { count: 0, size: 0 },
    };
    for (const k of kinds) byKind[k.kind] = { count: k.n, size: k.size ?? 0 };
    const totalFiles = byKind.image.count + byKind.video.count;
    const totalSize = byKind.image.size + byKind.video.size;
    return {
      totalFiles,
      totalSize,
      images: byKind.image.count,
      videos: byKind.video.count,
      byType: byKind,
      folders: folders[0]?.n ?? 0,
      used: used?.n ?? 0,
      unused: totalFiles - (used?.n ?? 0),
    };
  }
}

import { and, eq, inArray } from "drizzle-orm";
import { readInRuns } from "../db/chunks";
import type { Db } from "../db/client";
import { media } from "../db/schema/media";
import { presentMedia } from "../media";
import { mediaOnlyInVersions, type ShownPost } from "./shared-channels";

/**
 * Every item the posts' channels publish, by id: the posts' own media and the library items only channels' own
 * versions publish (ADR 021: a version's media is not in `post_media`, so a post does not carry them), presented
 * like a post's media, for pages that show each channel as it publishes.
 */
export async function publishedMedia(db: Db, workspaceId: string, shown: ShownPost[]) {
  const ids = mediaOnlyInVersions(shown);
  const rows = ids.length
    ? await readInRuns(ids, 1, (run) =>
        db
          .select()
          .from(media)
          .where(and(eq(media.workspaceId, workspaceId), inArray(media.id, run))),
      )
    : [];
  // Neither a client nor a channel card is shown how often an item is used: its count is not read.
  const library = rows.map((row) => presentMedia(row, 0));
  return new Map([...shown.flatMap((p) => p.media), ...library].map((m) => [m.id, m]));
}

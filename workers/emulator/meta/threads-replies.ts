import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emuObjects } from "../../db/schema/emulator";
import { numericId } from "../ids";
import { postMetrics, sampleComments } from "../metrics";
import { createObject, type EmuObject, getObject, keepObject } from "../objects";

const STORE = "threads";

/**
 * The replies to a Threads post (`/{media-id}/replies`, §10.4): those that grow over the emulator clock and those a
 * visitor wrote on demand (`POST /sandbox/comments`), oldest first. Each is a media object of its own from the
 * moment it appears, so it can be replied to with `reply_to_id` (§10.3) like on Threads.
 */
export async function repliesTo(db: Db, post: EmuObject, now: number): Promise<EmuObject[]> {
  const m = postMetrics(post.id, post.createdAt, now);
  for (const k of sampleComments(post.id, m.comments, post.createdAt).filter((x) => x.createdAt <= now))
    await keepObject(db, {
      id: k.id,
      platform: STORE,
      kind: "media",
      owner: `visitor:${k.author}`,
      createdAt: k.createdAt,
      data: { mediaType: "TEXT_POST", text: k.text, username: k.author, replyTo: post.id, shortcode: k.id.slice(-11) },
    });
  return db
    .select()
    .from(emuObjects)
    .where(
      and(
        eq(emuObjects.platform, STORE),
        eq(emuObjects.kind, "media"),
        sql`json_extract(${emuObjects.data}, '$.replyTo') = ${post.id}`,
        sql`${emuObjects.owner} LIKE 'visitor:%'`,
        lte(emuObjects.createdAt, now),
      ),
    )
    .orderBy(emuObjects.createdAt)
    .all();
}

/** A visitor replies to a Threads post now (the sandbox's on-demand comment); null when there is no such post. */
export async function addVisitorThreadsReply(
  db: Db,
  input: { postId?: string; author: string; text: string },
  now: number,
) {
  const post = input.postId ? await getObject(db, STORE, input.postId) : null;
  if (post?.kind !== "media") return null;
  const id = numericId();
  await createObject(db, {
    id,
    platform: STORE,
    kind: "media",
    owner: `visitor:${input.author}`,
    createdAt: now,
    data: {
      mediaType: "TEXT_POST",
      text: input.text,
      username: input.author,
      replyTo: post.id,
      shortcode: id.slice(-11),
    },
  });
  return { id };
}

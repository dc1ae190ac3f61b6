import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { emuObjects } from "../db/schema/emulator";
import { numericId } from "./ids";
import { postMetrics, sampleComments, seedOf } from "./metrics";
import { createObject, type EmuObject, getObject, keepObject } from "./objects";

const P = "twitter";
/** Recent search covers the last 7 days (§6). */
const SEARCH_WINDOW = 7 * 86_400_000;

interface Reply {
  id: string;
  author: string;
  text: string;
  createdAt: number;
}

/**
 * The replies recent search finds in a post's conversation: those that grow over the emulator clock and those a
 * visitor wrote on demand (`POST /sandbox/comments`), newest first, as X answers them (`data` and the authors
 * in `includes.users`). Each one is a post from the moment it appears, so it can itself be replied to (§6.2).
 */
export async function conversationReplies(db: Db, tweet: EmuObject, ownerUsername: string, now: number) {
  const from = now - SEARCH_WINDOW;
  const m = postMetrics(tweet.id, tweet.createdAt, now);
  const grown: Reply[] = sampleComments(tweet.id, m.comments, tweet.createdAt)
    .map((k, i) => ({
      id: (BigInt(tweet.id) + BigInt(i + 1)).toString(),
      author: k.author,
      text: `@${ownerUsername} ${k.text}`,
      createdAt: k.createdAt,
    }))
    .filter((k) => k.createdAt <= now && k.createdAt >= from);
  for (const k of grown)
    await keepObject(db, {
      id: k.id,
      platform: P,
      kind: "tweet",
      owner: String(seedOf(k.author)),
      createdAt: k.createdAt,
      data: { text: k.text, replyTo: tweet.id, author: k.author },
    });
  const visitors = await db
    .select()
    .from(emuObjects)
    .where(
      and(
        eq(emuObjects.platform, P),
        eq(emuObjects.kind, "tweet"),
        sql`json_extract(${emuObjects.data}, '$.replyTo') = ${tweet.id}`,
        sql`json_extract(${emuObjects.data}, '$.visitor') = 1`,
        gte(emuObjects.createdAt, from),
        lte(emuObjects.createdAt, now),
      ),
    )
    .all();
  const replies = [
    ...grown,
    ...visitors.map((v) => ({
      id: v.id,
      author: String(v.data.author),
      text: String(v.data.text),
      createdAt: v.createdAt,
    })),
  ].sort((a, b) => b.createdAt - a.createdAt);
  const data = replies.map((k) => ({
    id: k.id,
    text: k.text,
    author_id: String(seedOf(k.author)),
    created_at: new Date(k.createdAt).toISOString(),
    conversation_id: tweet.id,
  }));
  const users = [...new Set(replies.map((k) => k.author))].map((name) => ({
    id: String(seedOf(name)),
    username: name,
    name,
  }));
  return { data, users };
}

/**
 * A visitor posts now (the sandbox's on-demand comment): a reply to `postId`, or without it a post of its own
 * (a mention when its text names someone); null when there is no such post.
 */
export async function addVisitorReply(db: Db, input: { postId?: string; author: string; text: string }, now: number) {
  const tweet = input.postId ? await getObject(db, P, input.postId) : null;
  if (input.postId && tweet?.kind !== "tweet") return null;
  const id = numericId(19);
  await createObject(db, {
    id,
    platform: P,
    kind: "tweet",
    owner: String(seedOf(input.author)),
    createdAt: now,
    data: { text: input.text, replyTo: tweet?.id ?? null, author: input.author, visitor: 1 },
  });
  return { id };
}

/**
 * The user's mentions timeline (`GET /2/users/:id/mentions`): the posts that name `@username`, here the replies in
 * the conversations of the user's recent posts, newest first, from `startTime` on.
 */
export async function mentionsOf(db: Db, user: { id: string; username: string }, startTime: number, now: number) {
  const own = await db
    .select()
    .from(emuObjects)
    .where(
      and(
        eq(emuObjects.platform, P),
        eq(emuObjects.kind, "tweet"),
        eq(emuObjects.owner, user.id),
        gte(emuObjects.createdAt, now - SEARCH_WINDOW),
      ),
    )
    .all();
  const data = [];
  const users = new Map<string, { id: string; username: string; name: string }>();
  for (const tweet of own) {
    const replies = await conversationReplies(db, tweet, user.username, now);
    data.push(...replies.data.filter((r) => r.text.includes(`@${user.username}`)));
    for (const u of replies.users) users.set(u.id, u);
  }
  const standalone = await db
    .select()
    .from(emuObjects)
    .where(
      and(
        eq(emuObjects.platform, P),
        eq(emuObjects.kind, "tweet"),
        sql`json_extract(${emuObjects.data}, '$.visitor') = 1`,
        sql`json_extract(${emuObjects.data}, '$.replyTo') IS NULL`,
        sql`instr(json_extract(${emuObjects.data}, '$.text'), ${`@${user.username}`}) > 0`,
        lte(emuObjects.createdAt, now),
      ),
    )
    .all();
  for (const v of standalone) {
    const author = String(v.data.author);
    data.push({
      id: v.id,
      text: String(v.data.text),
      author_id: String(seedOf(author)),
      created_at: new Date(v.createdAt).toISOString(),
      conversation_id: v.id,
    });
    users.set(String(seedOf(author)), { id: String(seedOf(author)), username: author, name: author });
  }
  const found = data
    .filter((r) => Date.parse(r.created_at) >= startTime)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return { data: found, users: [...users.values()].filter((u) => found.some((r) => r.author_id === u.id)) };
}

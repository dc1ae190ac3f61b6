import type { Db } from "../db/client";
import { numericId } from "./ids";
import { postMetrics, sampleComments, seedOf } from "./metrics";
import { createObject, type EmuObject, findObjects, getObject, keepObject } from "./objects";

const P = "twitter";
/** Recent search covers the last 7 days (§6). */
const SEARCH_WINDOW = 7 * 86_400_000;

interface Reply {
  id: string;
  author: string;
  text: string;
  createdAt: number;
  conversationId: string;
}

/** Posts as X answers them: `data` newest first and their authors in `includes.users`. */
function answer(replies: Reply[]) {
  const sorted = [...replies].sort((a, b) => b.createdAt - a.createdAt);
  return {
    data: sorted.map((k) => ({
      id: k.id,
      text: k.text,
      author_id: String(seedOf(k.author)),
      created_at: new Date(k.createdAt).toISOString(),
      conversation_id: k.conversationId,
    })),
    users: [...new Set(sorted.map((k) => k.author))].map((name) => ({
      id: String(seedOf(name)),
      username: name,
      name,
    })),
  };
}

/** What visitors posted on demand (`POST /sandbox/comments`) from `since` to `now`, replies to `replyTo` (null: none). */
async function visitorPosts(db: Db, since: number, now: number, replyTo: string | null): Promise<Reply[]> {
  const rows = await findObjects(db, P, "tweet", { since, until: now, data: { visitor: 1, replyTo } });
  return rows.map((v) => ({
    id: v.id,
    author: String(v.data.author),
    text: String(v.data.text),
    createdAt: v.createdAt,
    conversationId: String(v.data.replyTo ?? v.id),
  }));
}

/** The replies in a post's conversation from `from` on: grown over the clock, and written by visitors. */
async function repliesIn(db: Db, tweet: EmuObject, ownerUsername: string, from: number, now: number) {
  const m = postMetrics(tweet.id, tweet.createdAt, now);
  const grown: Reply[] = sampleComments(tweet.id, m.comments, tweet.createdAt)
    .map((k, i) => ({
      id: (BigInt(tweet.id) + BigInt(i + 1)).toString(),
      author: k.author,
      text: `@${ownerUsername} ${k.text}`,
      createdAt: k.createdAt,
      conversationId: tweet.id,
    }))
    .filter((k) => k.createdAt <= now && k.createdAt >= from);
  // Each reply is a post of its own from the moment it appears, so it can itself be replied to (§6.2).
  for (const k of grown)
    await keepObject(db, {
      id: k.id,
      platform: P,
      kind: "tweet",
      owner: String(seedOf(k.author)),
      createdAt: k.createdAt,
      data: { text: k.text, replyTo: tweet.id, author: k.author },
    });
  const visitors = await visitorPosts(db, from, now, tweet.id);
  return [...grown, ...visitors];
}

/** Recent search's replies in a post's conversation (its last 7 days), as X answers them. */
export async function conversationReplies(db: Db, tweet: EmuObject, ownerUsername: string, now: number) {
  return answer(await repliesIn(db, tweet, ownerUsername, now - SEARCH_WINDOW, now));
}

/**
 * The user's mentions timeline (`GET /2/users/:id/mentions`) from `startTime` on: the replies in the
 * conversations of the user's recent posts that name `@username`, and visitors' own posts that do.
 */
export async function mentionsOf(db: Db, user: { id: string; username: string }, startTime: number, now: number) {
  const handle = `@${user.username}`;
  const own = await findObjects(db, P, "tweet", { owner: user.id, since: now - SEARCH_WINDOW });
  const found: Reply[] = [];
  for (const tweet of own) found.push(...(await repliesIn(db, tweet, user.username, startTime, now)));
  found.push(...(await visitorPosts(db, startTime, now, null)));
  return answer(found.filter((r) => r.text.includes(handle)));
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

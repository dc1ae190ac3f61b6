import type { Context } from "hono";
import type { Db } from "../db/client";
import { emuObjects } from "../db/schema/emulator";
import type { EmuEnv } from "./context";
import { postMetrics, sampleComments, seedOf } from "./metrics";
import { findObjects, getObject, keepObject } from "./objects";

/**
 * app.bsky.notification.listNotifications (lexicon and docs.bsky.app), written from the lexicon: the replies to
 * and mentions of the account, newest first, `limit` 1–100 (50), an opaque `cursor` to page to older ones,
 * `reasons[]` to keep some, and `isRead` against the `seenAt` given (or none). Replies are visitors' posts:
 * grown under the account's posts of the last two weeks over the emulator clock, or written on demand
 * (`POST /sandbox/comments {platform: "bluesky"}`). A visitor is `did:plc:visitor…` with its own handle.
 */
const P = "bluesky";
const POST = "app.bsky.feed.post";
const GROW_WINDOW = 14 * 86_400_000;
const REASONS = [
  "like",
  "repost",
  "follow",
  "mention",
  "reply",
  "quote",
  "starterpack-joined",
  "verified",
  "unverified",
];

export interface BlueskyHost {
  /** The record's CID, as the PDS computes it. */
  cid(value: Record<string, unknown>): Promise<string>;
  /** A TID on the emulator clock. */
  tid(now: number): string;
  postView(rec: { uri: string; indexedAt: number }, owner: string): Promise<Record<string, unknown>>;
}

/** A TID (base32-sortable, 13 characters) for a time in ms, a sub-ms step and a clock id. */
function fixedTid(ms: number, step: number, clock: number): string {
  const A = "234567abcdefghijklmnopqrstuvwxyz";
  let v = (BigInt(ms) * 1000n + BigInt(step % 1000)) * 1024n + BigInt(clock);
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = A[Number(v & 31n)]! + out;
    v >>= 5n;
  }
  return out;
}

/** A visitor's DID and handle, from the name they go by. */
export function visitorOf(name: string) {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "visitor";
  return { did: `did:plc:visitor${seedOf(name).toString(36)}`, handle: `${slug}.bsky.social` };
}

async function writeVisitorPost(
  db: Db,
  host: BlueskyHost,
  input: {
    name: string;
    text: string;
    parent: { uri: string; cid: string; root?: unknown } | null;
    at: number;
    rkey: string;
  },
) {
  const who = visitorOf(input.name);
  const uri = `at://${who.did}/${POST}/${input.rkey}`;
  const parentRef = input.parent ? { uri: input.parent.uri, cid: input.parent.cid } : null;
  const value: Record<string, unknown> = {
    $type: POST,
    text: input.text,
    createdAt: new Date(input.at).toISOString(),
    ...(parentRef && { reply: { root: input.parent!.root ?? parentRef, parent: parentRef } }),
  };
  const stored = {
    uri,
    cid: await host.cid(value),
    collection: POST,
    rkey: input.rkey,
    value,
    replyTo: parentRef?.uri ?? null,
    handle: who.handle,
  };
  await keepObject(db, { id: uri, platform: P, kind: POST, owner: who.did, createdAt: input.at, data: stored });
  return { uri, cid: stored.cid };
}

const postsOf = (db: Db, did: string, since: number) => findObjects(db, P, POST, { owner: did, since });

/**
 * The replies the account's recent posts grew by `now`, each a visitor's post from then on. Only those since the
 * last read are written (the mark is kept per account), so a read costs the new replies, not every one again.
 */
async function growReplies(db: Db, host: BlueskyHost, did: string, now: number) {
  const markId = `bsky-grown:${did}`;
  // A first read grows the last day's replies only: older ones were never notified to anyone reading.
  const mark = Number((await getObject(db, P, markId))?.data.at ?? now - 86_400_000);
  if (mark >= now) return;
  for (const post of await postsOf(db, did, now - GROW_WINDOW)) {
    const rec = post.data as { uri: string; cid: string; rkey: string; value: { reply?: { root?: unknown } } };
    const grown = sampleComments(rec.uri, postMetrics(rec.uri, post.createdAt, now).comments, post.createdAt);
    for (const [i, k] of grown.entries()) {
      if (k.createdAt > now) break;
      if (k.createdAt <= mark) continue;
      const parent = { uri: rec.uri, cid: rec.cid, root: rec.value.reply?.root };
      // The key comes from the reply's time and place, so the same reply is the same record at every read.
      const rkey = fixedTid(k.createdAt, i, seedOf(rec.uri) & 1023);
      await writeVisitorPost(db, host, { name: k.author, text: k.text, parent, at: k.createdAt, rkey });
    }
  }
  await db
    .insert(emuObjects)
    .values({
      id: markId,
      platform: P,
      kind: "grown",
      owner: did,
      createdAt: now,
      status: null,
      readyAt: null,
      data: { at: now },
    })
    .onConflictDoUpdate({ target: emuObjects.id, set: { data: { at: now } } });
}

export async function listNotifications(
  c: Context<EmuEnv>,
  host: BlueskyHost,
  account: { did: string; handle: string },
) {
  const q = new URL(c.req.url).searchParams;
  const limit = Number(q.get("limit") ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return c.json({ error: "InvalidRequest", message: "limit must be between 1 and 100" }, 400);
  const reasons = q.getAll("reasons").filter((r) => REASONS.includes(r));
  const seenAt = q.get("seenAt") ? Date.parse(q.get("seenAt")!) : null;
  const db = c.var.db;
  const now = c.var.now;
  await growReplies(db, host, account.did, now);
  // Others' posts that answer one of the account's (their parent's at-uri is in its repository), or name its handle.
  const others = { notOwner: account.did };
  const found = await Promise.all([
    findObjects(db, P, POST, { ...others, data: { replyTo: { startsWith: `at://${account.did}/${POST}/` } } }),
    findObjects(db, P, POST, { ...others, data: { "value.text": { contains: `@${account.handle}` } } }),
  ]);
  const rows = [...new Map(found.flat().map((r) => [r.id, r])).values()];
  const cursor = q.get("cursor");
  const list = rows
    .filter((r) => r.createdAt <= now)
    .map((r) => ({
      row: r,
      reason: String(r.data.replyTo ?? "").startsWith(`at://${account.did}/`) ? "reply" : "mention",
    }))
    .filter((n) => reasons.length === 0 || reasons.includes(n.reason))
    // Newest first; the cursor is the last answered time and key, so a page never repeats or skips.
    .map((n) => ({ ...n, key: `${String(n.row.createdAt).padStart(15, "0")}:${n.row.id}` }))
    .sort((a, b) => (a.key < b.key ? 1 : -1))
    .filter((n) => !cursor || n.key < cursor);
  const page = list.slice(0, limit);
  const notifications = [];
  for (const { row, reason } of page) {
    const view = await host.postView({ uri: row.id, indexedAt: row.createdAt }, row.owner);
    const data = row.data as { cid: string; value: Record<string, unknown>; replyTo: string | null };
    notifications.push({
      uri: row.id,
      cid: data.cid,
      author: view.author,
      reason,
      ...(reason === "reply" && data.replyTo && { reasonSubject: data.replyTo }),
      record: data.value,
      isRead: seenAt !== null && row.createdAt <= seenAt,
      indexedAt: new Date(row.createdAt).toISOString(),
      labels: [],
    });
  }
  return c.json({
    notifications,
    ...(page.length === limit && list.length > limit && { cursor: page.at(-1)!.key }),
    ...(seenAt !== null && { seenAt: new Date(seenAt).toISOString() }),
  });
}

/**
 * A visitor posts now (the sandbox's on-demand comment): a reply to the post at `postId` (an at-uri), or a post of
 * its own that names whom it mentions by handle. Null when there is no such post.
 */
export async function addVisitorPost(
  c: Context<EmuEnv>,
  host: BlueskyHost,
  input: { postId?: string; author: string; text: string },
) {
  const parent = input.postId ? await getObject(c.var.db, P, input.postId) : null;
  if (input.postId && parent?.kind !== POST) return null;
  const rec = parent?.data as { uri: string; cid: string; value: { reply?: { root?: unknown } } } | undefined;
  const made = await writeVisitorPost(c.var.db, host, {
    name: input.author,
    text: input.text,
    parent: rec ? { uri: rec.uri, cid: rec.cid, root: rec.value.reply?.root } : null,
    at: c.var.now,
    rkey: host.tid(c.var.now),
  });
  return { id: made.uri };
}

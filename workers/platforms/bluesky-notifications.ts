import { z } from "zod";
import { type BlueskyClient, pdsOf } from "./bluesky";
import { record, strongRef } from "./bluesky-shapes";
import { type AccountCredentials, PlatformError, type RemoteComment } from "./types";

/**
 * Bluesky's replies and mentions for the inbox (app.bsky.notification.listNotifications, through the account's
 * PDS; ADR 091), and likes as `app.bsky.feed.like` records. The list is newest first and its `cursor` pages to
 * older ones, so the position kept is the newest `indexedAt` taken in: a read pages back from the newest until
 * it reaches that time. The account's own seen state (`updateSeen`) is left alone: it is the person's, in
 * their app.
 */
const LIKE = "app.bsky.feed.like";
const PAGE = 50;
/** Pages read per poll: what is older waits for the next poll, which starts from the newest again. */
const MAX_PAGES = 10;

const Notification = z.object({
  uri: z.string(),
  author: z.object({ handle: z.string() }),
  reason: z.string(),
  record: record.shape.value,
  indexedAt: z.string(),
});
const NotificationPage = z.object({ notifications: z.array(Notification), cursor: z.string().optional() });

export interface BlueskyNotice extends RemoteComment {
  inReplyTo: string | null;
}

export async function readBlueskyNotifications(
  client: BlueskyClient,
  account: AccountCredentials,
  position: string | null,
): Promise<{ items: BlueskyNotice[]; cursor: string | null }> {
  const from = position ? Date.parse(position) : 0;
  const items: BlueskyNotice[] = [];
  let newest = position;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await client.xrpc.call(pdsOf(account), "app.bsky.notification.listNotifications", NotificationPage, {
      token: account.accessToken,
      params: { limit: PAGE, cursor },
    });
    let reached = false;
    for (const n of answer.notifications) {
      const at = Date.parse(n.indexedAt);
      // The same instant as the position is read again: the inbox's key makes it one item.
      if (at < from) reached = true;
      else if (n.reason === "reply" || n.reason === "mention")
        items.push({
          id: n.uri,
          author: n.author.handle,
          text: n.record.text ?? "",
          createdAt: n.record.createdAt ?? n.indexedAt,
          inReplyTo: n.record.reply?.parent.uri ?? null,
        });
      if (!newest || at > Date.parse(newest)) newest = new Date(at).toISOString();
    }
    cursor = answer.cursor;
    if (reached || !cursor) break;
  }
  return { items, cursor: newest };
}

/** The account's like of `subject`, if it has one (its own like records, newest first). */
async function likeOf(client: BlueskyClient, account: AccountCredentials, subject: string) {
  let cursor: string | undefined;
  for (let page = 0; page < 5; page++) {
    const answer = await client.xrpc.call(
      pdsOf(account),
      "com.atproto.repo.listRecords",
      z.object({
        records: z.array(z.object({ uri: z.string(), value: z.object({ subject: strongRef }) })),
        cursor: z.string().optional(),
      }),
      { params: { repo: account.platformUserId, collection: LIKE, limit: 100, cursor } },
    );
    const found = answer.records.find((r) => r.value.subject.uri === subject);
    if (found) return found.uri.split("/").at(-1)!;
    cursor = answer.cursor;
    if (!cursor) return null;
  }
  return null;
}

/** Likes the post (once: an existing like stands) or deletes the account's like of it. */
export async function setBlueskyLike(client: BlueskyClient, account: AccountCredentials, subject: string, on: boolean) {
  const pds = pdsOf(account);
  const existing = await likeOf(client, account, subject);
  if (on && existing) return;
  if (!on) {
    if (!existing) return;
    await client.xrpc.call(pds, "com.atproto.repo.deleteRecord", z.unknown(), {
      token: account.accessToken,
      json: { repo: account.platformUserId, collection: LIKE, rkey: existing },
    });
    return;
  }
  const [, , repo, collection, rkey] = subject.split("/");
  const target = await client.xrpc
    .call(pds, "com.atproto.repo.getRecord", record, { params: { repo, collection, rkey } })
    .catch((err) => {
      if (err instanceof PlatformError && err.details.code === "RecordNotFound")
        throw new PlatformError("permanent", "This post is gone from Bluesky.", { platform: "bluesky" });
      throw err;
    });
  if (!target.cid)
    throw new PlatformError("permanent", "Bluesky did not say which version of the post to like.", {
      platform: "bluesky",
    });
  await client.xrpc.call(pds, "com.atproto.repo.createRecord", strongRef, {
    token: account.accessToken,
    json: {
      repo: account.platformUserId,
      collection: LIKE,
      record: { $type: LIKE, subject: { uri: target.uri, cid: target.cid }, createdAt: new Date().toISOString() },
    },
  });
}

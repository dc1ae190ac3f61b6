import { BlueskyClient } from "../bluesky";
import { readBlueskyNotifications, setBlueskyLike } from "../bluesky-notifications";
import { PlatformError } from "../types";
import type { InboxAdapterFactory } from "./types";

/**
 * Bluesky (ADR 091): the replies in the post's thread (app.bsky.feed.getPostThread) and the account's reply and
 * mention notifications, answered with a post whose reply refs name the thread's root and the item; its record
 * key is chosen from the item and the text before the call, so a retry writes the same record and a lost answer
 * is found at that key. Like is an app.bsky.feed.like record.
 */
export const blueskyInbox: InboxAdapterFactory = (client) => {
  if (!(client instanceof BlueskyClient))
    throw new PlatformError("permanent", "Not the Bluesky client.", { platform: "bluesky" });
  return {
    platform: "bluesky",
    comments: (account, postRemoteId) => client.comments(account, postRemoteId),
    notifications: (account, cursor) => readBlueskyNotifications(client, account, cursor),
    reply: (account, itemRemoteId, text) => client.reply(account, itemRemoteId, text),
    findReply: (account, itemRemoteId, text) => client.findReply(account, itemRemoteId, text),
    like: (account, itemRemoteId, liked) => setBlueskyLike(client, account, itemRemoteId, liked),
  };
};

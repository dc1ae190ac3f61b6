import { MastodonClient } from "../mastodon";
import { PlatformError } from "../types";
import type { InboxAdapterFactory } from "./types";

/**
 * Mastodon (ADR 091): the status's descendants (GET /api/v1/statuses/:id/context) and the account's mention
 * notifications, answered with a status whose `in_reply_to_id` is the item, sent with an `Idempotency-Key` of the
 * item and text (a resend within the instance's hour gets the same status back); a lost answer after that hour
 * is looked up in the item's context. Like is a favourite.
 */
export const mastodonInbox: InboxAdapterFactory = (client) => {
  if (!(client instanceof MastodonClient))
    throw new PlatformError("permanent", "Not the Mastodon client.", { platform: "mastodon" });
  return {
    platform: "mastodon",
    comments: (account, postRemoteId) => client.comments(account, postRemoteId),
    notifications: (account, cursor) => client.mentions(account, cursor),
    reply: (account, itemRemoteId, text) => client.reply(account, itemRemoteId, text),
    findReply: (account, itemRemoteId, text, since) => client.findReply(account, itemRemoteId, text, since),
    like: (account, itemRemoteId, liked) => client.favourite(account, itemRemoteId, liked),
  };
};

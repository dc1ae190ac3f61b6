import { PlatformError } from "../types";
import { XClient } from "../x";
import type { InboxAdapterFactory } from "./types";

/**
 * X: the replies in the post's conversation (recent search `conversation_id:`) and the account's mentions
 * timeline (`GET /2/users/:id/mentions`), answered with a post whose `reply.in_reply_to_tweet_id` is the item
 * (§6.2); a lost answer is looked up in the account's own posts, where a reply carries
 * `referenced_tweets: replied_to` (ADR 027). Direct messages are read and answered with the v2 DM endpoints (ADR 092).
 * Replies are hidden and liked through X's own endpoints (ADR 083); X lets no app delete someone else's post.
 */
export const xInbox: InboxAdapterFactory = (client) => {
  if (!(client instanceof XClient)) throw new PlatformError("permanent", "Not the X client.", { platform: "twitter" });
  return {
    platform: "twitter",
    comments: (account, postRemoteId) => client.comments(account, postRemoteId),
    mentions: (account, since) => client.mentions(account, since),
    reply: (account, itemRemoteId, text) => client.reply(account, itemRemoteId, text),
    findReply: (account, itemRemoteId, text, since) => client.findReply(account, itemRemoteId, text, since),
    hide: (account, itemRemoteId, hidden) => client.moderation.setHidden(account, itemRemoteId, hidden),
    like: (account, itemRemoteId, liked) => client.moderation.setLiked(account, itemRemoteId, liked),
    messages: (account, since) => client.dms.inbound(account, since),
    sendMessage: (account, person, text) => client.dms.send(account, person, text),
    findMessage: (account, person, text, since) => client.dms.findSent(account, person, text, since),
  };
};

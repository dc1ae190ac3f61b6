import { PlatformError } from "../types";
import type { InboxAdapterFactory } from "./types";

/**
 * X: the replies in the post's conversation (recent search `conversation_id:`), answered with a post whose
 * `reply.in_reply_to_tweet_id` is the reply (§6.2); a lost answer is looked up in the account's own posts,
 * where a reply carries `referenced_tweets: replied_to` (ADR 027).
 */
export const xInbox: InboxAdapterFactory = (client) => {
  const { reply, findReply } = client;
  if (!reply || !findReply) throw new PlatformError("permanent", "The X client cannot reply.", { platform: "twitter" });
  return {
    platform: "twitter",
    comments: (account, postRemoteId) => client.comments(account, postRemoteId),
    reply: (account, itemRemoteId, text) => reply.call(client, account, itemRemoteId, text),
    findReply: (account, itemRemoteId, text, since) => findReply.call(client, account, itemRemoteId, text, since),
  };
};

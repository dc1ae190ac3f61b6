import { ThreadsClient } from "../threads";
import { PlatformError } from "../types";
import type { InboxAdapterFactory } from "./types";

/**
 * Threads: the replies to the account's post (`GET /{media-id}/replies`), answered with a TEXT container whose
 * `reply_to_id` is the reply (§10.3, `threads_manage_replies`); a lost answer is looked up in the account's own
 * replies (`/{user-id}/replies`, each with `replied_to`). A reply is hidden or shown with `manage_reply` (ADR 083);
 * Threads gives apps no like and no delete of someone else's reply.
 */
export const threadsInbox: InboxAdapterFactory = (client) => {
  if (!(client instanceof ThreadsClient))
    throw new PlatformError("permanent", "Not the Threads client.", { platform: "threads" });
  return {
    platform: "threads",
    comments: (account, postRemoteId) => client.comments(account, postRemoteId),
    reply: (account, itemRemoteId, text) => client.reply(account, itemRemoteId, text),
    findReply: (account, itemRemoteId, text, since) => client.findReply(account, itemRemoteId, text, since),
    hide: (account, itemRemoteId, hidden) => client.setHidden(account, itemRemoteId, hidden),
  };
};

import type { InboxAdapterFactory } from "./types";

/**
 * Threads: replies to the account's thread (GET /{media-id}/replies). Replying from the inbox is not offered yet: the
 * item is answered on Threads itself.
 */
export const threadsInbox: InboxAdapterFactory = (client) => ({
  platform: "threads",
  comments: (account, postRemoteId) => client.comments(account, postRemoteId),
});

import type { InboxAdapterFactory } from "./types";

/**
 * Bluesky: the replies in the post's thread (app.bsky.feed.getPostThread). Replying from the inbox is not offered yet: the
 * item is answered on Bluesky itself.
 */
export const blueskyInbox: InboxAdapterFactory = (client) => ({
  platform: "bluesky",
  comments: (account, postRemoteId) => client.comments(account, postRemoteId),
});

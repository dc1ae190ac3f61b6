import type { InboxAdapterFactory } from "./types";

/**
 * Mastodon: the status's descendants (GET /api/v1/statuses/:id/context). Replying from the inbox is not offered yet: the
 * item is answered on Mastodon itself.
 */
export const mastodonInbox: InboxAdapterFactory = (client) => ({
  platform: "mastodon",
  comments: (account, postRemoteId) => client.comments(account, postRemoteId),
});

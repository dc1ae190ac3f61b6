import type { InboxAdapterFactory } from "./types";

/**
 * Instagram: comments on the account's media (GET /{ig-media-id}/comments). Replying from the inbox is not offered yet: the
 * item is answered on Instagram itself.
 */
export const instagramInbox: InboxAdapterFactory = (client) => ({
  platform: "instagram",
  comments: (account, postRemoteId) => client.comments(account, postRemoteId),
});

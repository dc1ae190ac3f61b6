import type { InboxAdapterFactory } from "./types";

/**
 * Facebook: comments on the Page's post (GET /{page-post-id}/comments). Replying from the inbox is not offered yet: the
 * item is answered on Facebook itself.
 */
export const facebookInbox: InboxAdapterFactory = (client) => ({
  platform: "facebook",
  comments: (account, postRemoteId) => client.comments(account, postRemoteId),
});

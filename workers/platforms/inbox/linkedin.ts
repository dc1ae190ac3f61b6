import type { InboxAdapterFactory } from "./types";

/**
 * LinkedIn: comments on the organization's post (GET /rest/socialActions/{urn}/comments). Replying from the inbox is not offered yet: the
 * item is answered on LinkedIn itself.
 */
export const linkedinInbox: InboxAdapterFactory = (client) => ({
  platform: "linkedin",
  comments: (account, postRemoteId) => client.comments(account, postRemoteId),
});

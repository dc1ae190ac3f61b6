import type { InboxAdapterFactory } from "./types";

/**
 * YouTube: the video's top-level comment threads (GET /youtube/v3/commentThreads?videoId=). Replying from the inbox is not offered yet: the
 * item is answered on YouTube itself.
 */
export const youtubeInbox: InboxAdapterFactory = (client) => ({
  platform: "youtube",
  comments: (account, postRemoteId) => client.comments(account, postRemoteId),
});

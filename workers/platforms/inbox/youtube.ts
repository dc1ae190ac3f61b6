import { PlatformError } from "../types";
import { YouTubeClient } from "../youtube";
import type { InboxAdapterFactory } from "./types";

/**
 * YouTube: the video's top-level comment threads (GET /youtube/v3/commentThreads?videoId=), moderated as the
 * channel owner (ADR 083): hidden by holding the comment for review, shown by publishing it again, deleted by
 * rejecting it. Replying from the inbox is not offered yet, and the Data API has no like of a comment.
 */
export const youtubeInbox: InboxAdapterFactory = (client) => {
  if (!(client instanceof YouTubeClient))
    throw new PlatformError("permanent", "Not the YouTube client.", { platform: "youtube" });
  return {
    platform: "youtube",
    comments: (account, postRemoteId) => client.comments(account, postRemoteId),
    hide: (account, id, hidden) => client.moderate(account, id, hidden ? "heldForReview" : "published"),
    remove: (account, id) => client.moderate(account, id, "rejected"),
  };
};

import { InstagramClient } from "../instagram";
import { PlatformError } from "../types";
import type { InboxAdapterFactory } from "./types";

/**
 * Instagram: comments on the account's media (`GET /{ig-media-id}/comments`), also pushed by the `comments`
 * webhook; answered (`/{ig-comment-id}/replies`), hidden and deleted on the IG Comment node (ADR 083). The
 * Instagram API has no like of a comment, so the inbox offers none. Direct messages go through the
 * Messenger Platform (ADR 092).
 */
export const instagramInbox: InboxAdapterFactory = (client) => {
  if (!(client instanceof InstagramClient))
    throw new PlatformError("permanent", "Not the Instagram client.", { platform: "instagram" });
  const e = client.engagement;
  const m = client.messaging;
  return {
    platform: "instagram",
    comments: (account, postRemoteId) => client.comments(account, postRemoteId),
    reply: (account, id, text) => e.reply(account, id, text),
    findReply: (account, id, text, since) => e.findReply(account, id, text, since),
    hide: (account, id, hidden) => e.setHidden(account, id, hidden),
    remove: (account, id) => e.remove(account, id),
    messages: (account, since) => m.inbound(account, since),
    sendMessage: (account, person, text) => m.send(account, person, text),
    findMessage: (account, person, text, since) => m.findSent(account, person, text, since),
    person: (account, person) => m.person(account, person),
  };
};

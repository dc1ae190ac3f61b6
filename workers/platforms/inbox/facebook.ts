import { FacebookClient } from "../facebook";
import { PlatformError } from "../types";
import type { InboxAdapterFactory } from "./types";

/**
 * Facebook: comments on the Page's post (`GET /{page-post-id}/comments`), also pushed by the Page `feed` webhook;
 * answered, hidden, liked and deleted on the Comment node as the Page (ADR 083); Messenger threads are read
 * and answered through the Send API (ADR 092). A lost answer is looked up among
 * the comment's replies, where the Page's own carries `from.id` = the Page.
 */
export const facebookInbox: InboxAdapterFactory = (client) => {
  if (!(client instanceof FacebookClient))
    throw new PlatformError("permanent", "Not the Facebook client.", { platform: "facebook" });
  const e = client.engagement;
  const m = client.messaging;
  return {
    platform: "facebook",
    comments: (account, postRemoteId) => client.comments(account, postRemoteId),
    reply: (account, id, text) => e.reply(account, id, text),
    findReply: (account, id, text, since) => e.findReply(account, id, text, since),
    hide: (account, id, hidden) => e.setHidden(account, id, hidden),
    like: (account, id, liked) => e.setLiked(account, id, liked),
    remove: (account, id) => e.remove(account, id),
    messages: (account, since) => m.inbound(account, since),
    sendMessage: (account, person, text) => m.send(account, person, text),
    findMessage: (account, person, text, since) => m.findSent(account, person, text, since),
    person: (account, person) => m.person(account, person),
  };
};

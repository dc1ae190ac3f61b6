import { GoogleBusinessClient } from "../google-business";
import { PlatformError } from "../types";
import type { InboxAdapterFactory } from "./types";

/**
 * Google Business Profile (ADR 098): the location's reviews, read by their update time from the cursor and
 * answered with updateReply (a PUT: a second send replaces the first, and a lost answer is settled by reading the
 * review's reply). Local posts take no comments.
 */
export const googleBusinessInbox: InboxAdapterFactory = (client) => {
  if (!(client instanceof GoogleBusinessClient))
    throw new PlatformError("permanent", "Not the Business Profile client.", { platform: "google_business" });
  return {
    platform: "google_business",
    comments: () => client.comments(),
    reviews: (account, cursor) => client.reviews.since(account, cursor),
    reply: (account, itemRemoteId, text) => client.reviews.reply(account, itemRemoteId, text),
    findReply: (account, itemRemoteId, text) => client.reviews.findReply(account, itemRemoteId, text),
  };
};

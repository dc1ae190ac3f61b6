import type { Platform } from "../../platform-profile";
import type { AccountCredentials, PlatformClient, RemoteComment, RemoteMessage } from "../types";

/**
 * What the engagement inbox needs from one network (ADR 069). Each network is one file in this folder, listed
 * in `./index.ts`; a network without a file has no inbox yet. Calls go through the network's client, so the
 * URLs, versions and error classification are the ones publishing uses.
 */
export interface InboxAdapter {
  readonly platform: Platform;
  /** Comments and replies under one of the account's published posts. */
  comments(account: AccountCredentials, postRemoteId: string): Promise<RemoteComment[]>;
  /**
   * Posts that name the account (X's mentions timeline) written since `since`, each with the network's id of the
   * post it answers when it answers one. Absent where the network has no such read yet.
   */
  mentions?(
    account: AccountCredentials,
    since: number,
  ): Promise<Array<RemoteComment & { conversationId: string | null }>>;
  /**
   * What the network notified the account of after `cursor` (Mastodon's mention notifications, Bluesky's
   * listNotifications; ADR 091): each with the post it answers, and the cursor to read on from next time. The
   * poll keeps the cursor only once everything read was stored, so an outage is read again from it.
   */
  notifications?(
    account: AccountCredentials,
    cursor: string | null,
  ): Promise<{ items: Array<RemoteComment & { inReplyTo: string | null }>; cursor: string | null }>;
  /**
   * Reviews of the account's location updated since `cursor` (Business Profile, ADR 098), each with its stars and
   * when it was last updated (an edit after it was written, ADR 101), and the cursor to read on from; kept like `notifications`' cursor, only once everything read was stored.
   */
  reviews?(
    account: AccountCredentials,
    cursor: string | null,
  ): Promise<{ items: Array<RemoteComment & { rating: number | null; updatedAt?: string }>; cursor: string | null }>;
  /**
   * Answers one comment as the account. Absent where the network offers no reply to a comment through an API
   * Postline holds the permission for: the inbox then says so instead of trying.
   */
  reply?(account: AccountCredentials, itemRemoteId: string, text: string): Promise<{ remoteId: string }>;
  /** The account's own reply with exactly `text` under the item, made since `since`: settles a lost answer. */
  findReply?(
    account: AccountCredentials,
    itemRemoteId: string,
    text: string,
    since: number,
  ): Promise<{ remoteId: string } | null>;
  /** Hides the comment from everyone but its author and the account (or shows it again). Absent: no hide in the API. */
  hide?(account: AccountCredentials, itemRemoteId: string, hidden: boolean): Promise<void>;
  /** Likes the comment as the account (or takes the like back). Absent where the API has no like of a comment. */
  like?(account: AccountCredentials, itemRemoteId: string, liked: boolean): Promise<void>;
  /** Deletes the comment on the network. */
  remove?(account: AccountCredentials, itemRemoteId: string): Promise<void>;
  /** Direct messages people wrote to the account since `since` (ADR 092); absent where the API gives none. */
  messages?(account: AccountCredentials, since: number): Promise<RemoteMessage[]>;
  /** Answers the person of a conversation (`conversationId`: their network id) with a direct message. */
  sendMessage?(account: AccountCredentials, conversationId: string, text: string): Promise<{ remoteId: string }>;
  /**
   * The name and picture of a person who wrote to the account, by the id a webhook gives (Meta's User Profile
   * API); absent where the webhook or the read already names people.
   */
  person?(account: AccountCredentials, personId: string): Promise<{ name: string; pictureUrl: string | null }>;
  /** The account's own message with exactly `text` in the conversation since `since`: settles a lost answer. */
  findMessage?(
    account: AccountCredentials,
    conversationId: string,
    text: string,
    since: number,
  ): Promise<{ remoteId: string } | null>;
}

/** Builds a network's adapter over its client. */
export type InboxAdapterFactory = (client: PlatformClient) => InboxAdapter;

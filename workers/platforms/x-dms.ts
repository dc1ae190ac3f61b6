import type { AccountCredentials, RemoteMessage } from "./types";
import type { XApi } from "./x-api";

/**
 * X Direct Messages for the inbox (ADR 092): the account's DM events (`GET /2/dm_events`, `dm.read`) and an
 * answer in a one-to-one conversation (`POST /2/dm_conversations/with/:participant_id/messages`, `dm.write`).
 * A conversation is keyed by the other person's user id, whom the answer is sent to.
 */
const FIND_SKEW_MS = 5 * 60_000;
const FIELDS = "dm_event.fields=id,text,event_type,sender_id,dm_conversation_id,created_at";

interface DmEvents {
  data?: {
    id: string;
    text?: string;
    event_type: string;
    sender_id?: string;
    dm_conversation_id?: string;
    created_at?: string;
  }[];
  includes?: { users?: { id: string; username: string }[] };
}

export class XDirectMessages {
  constructor(private readonly api: XApi) {}

  private events(account: AccountCredentials) {
    return this.api.json<DmEvents>(
      account.accessToken,
      "GET",
      `${this.api.base}/2/dm_events?event_types=MessageCreate&max_results=100&${FIELDS}&expansions=sender_id&user.fields=username`,
    );
  }

  /** People's messages to the account since `since`, newest first. */
  async inbound(account: AccountCredentials, since: number): Promise<RemoteMessage[]> {
    const res = await this.events(account);
    const users = new Map((res.includes?.users ?? []).map((u) => [u.id, u.username]));
    return (res.data ?? [])
      .filter((e) => e.sender_id && e.sender_id !== account.platformUserId && Date.parse(e.created_at ?? "") >= since)
      .map((e) => ({
        id: e.id,
        author: users.get(e.sender_id!) ?? e.sender_id!,
        text: e.text ?? "",
        createdAt: e.created_at!,
        conversationId: e.sender_id!,
      }));
  }

  async send(account: AccountCredentials, participantId: string, text: string): Promise<{ remoteId: string }> {
    const res = await this.api.call(
      account.accessToken,
      "POST",
      `${this.api.base}/2/dm_conversations/with/${encodeURIComponent(participantId)}/messages`,
      { text },
      { creates: true },
    );
    const data = (res.data as { data?: { dm_event_id?: string } }).data;
    return { remoteId: data?.dm_event_id ?? "" };
  }

  /** The account's own message with exactly `text` in the conversation since `since`: settles a lost answer. */
  async findSent(account: AccountCredentials, participantId: string, text: string, since: number) {
    const res = await this.events(account);
    // A one-to-one conversation's id is the two user ids joined by a dash.
    const hit = (res.data ?? []).find(
      (e) =>
        e.sender_id === account.platformUserId &&
        e.dm_conversation_id?.split("-").includes(participantId) &&
        e.text === text &&
        Date.parse(e.created_at ?? "") >= since - FIND_SKEW_MS,
    );
    return hit ? { remoteId: hit.id } : null;
  }
}

import { z } from "zod";
import type { HttpClient } from "./http";
import { parseGraphTime } from "./meta";
import { type AccountCredentials, needing, type RemoteMessage } from "./types";

/**
 * Direct messages through the Messenger Platform (ADR 092): a Page's Messenger threads and an Instagram
 * professional account's, read with `GET /{id}/conversations` and answered with the Send API
 * `POST /{id}/messages` as a RESPONSE (allowed within 24 hours of the person's last message). For Instagram
 * through Facebook Login the calls go through the linked Page with `platform=instagram`.
 */
const FIND_SKEW_MS = 5 * 60_000;
const Person = z.object({ id: z.string(), name: z.string().optional(), username: z.string().optional() });
const Conversations = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      messages: z
        .object({
          data: z.array(
            z.object({ id: z.string(), message: z.string().default(""), from: Person, created_time: z.string() }),
          ),
        })
        .optional(),
    }),
  ),
});
const Profile = z.object({
  name: z.string().nullish(),
  username: z.string().nullish(),
  profile_pic: z.string().nullish(),
});
const Sent = z.object({ recipient_id: z.string().optional(), message_id: z.string().min(1) });

/** Where an account's messaging calls go: the node, its `platform` and the permission they need. */
export interface MessagingTarget {
  node: string;
  platform: "messenger" | "instagram";
  permission: string;
}

/** A Page's Messenger threads, on its own node. */
export const messengerTarget = (graph: string, account: AccountCredentials): MessagingTarget => ({
  node: `${graph}/${account.platformUserId}`,
  platform: "messenger",
  permission: "pages_messaging",
});

export class GraphMessaging {
  constructor(
    private readonly http: HttpClient,
    private readonly target: (account: AccountCredentials) => MessagingTarget,
  ) {}

  private async threads(account: AccountCredentials, userId?: string) {
    const t = this.target(account);
    const res = await needing(t.permission, () =>
      this.http.answer(`${t.node}/conversations`, Conversations, {
        query: {
          platform: t.platform,
          user_id: userId,
          fields: "id,updated_time,messages{id,message,from,created_time}",
          access_token: account.accessToken,
        },
      }),
    );
    return res.data.data.flatMap((c) => c.messages?.data ?? []);
  }

  /** The people's messages to the account written since `since`, keyed by the person (the thread). */
  async inbound(account: AccountCredentials, since: number): Promise<RemoteMessage[]> {
    return (await this.threads(account))
      .filter((m) => m.from.id !== account.platformUserId && parseGraphTime(m.created_time) >= since)
      .map((m) => ({
        id: m.id,
        author: m.from.username ?? m.from.name ?? m.from.id,
        text: m.message,
        createdAt: new Date(parseGraphTime(m.created_time)).toISOString(),
        conversationId: m.from.id,
      }));
  }

  /** Answers the person (`personId`: the PSID or IGSID) as the account. */
  async send(account: AccountCredentials, personId: string, text: string): Promise<{ remoteId: string }> {
    const t = this.target(account);
    const res = await needing(t.permission, () =>
      this.http.answer(`${t.node}/messages`, Sent, {
        json: { recipient: { id: personId }, messaging_type: "RESPONSE", message: { text } },
        query: { access_token: account.accessToken },
        creates: true,
      }),
    );
    return { remoteId: res.data.message_id };
  }

  /**
   * The User Profile API: the name (on Instagram, the username) and picture of a person a webhook named by id
   * only. Meta answers for a person who has messaged the account (their consent); the id's node is on the same
   * Graph host as the account's.
   */
  async person(account: AccountCredentials, personId: string): Promise<{ name: string; pictureUrl: string | null }> {
    const t = this.target(account);
    const graph = t.node.slice(0, t.node.lastIndexOf("/"));
    const res = await needing(t.permission, () =>
      this.http.answer(`${graph}/${personId}`, Profile, {
        query: {
          fields: t.platform === "instagram" ? "name,username,profile_pic" : "name,profile_pic",
          access_token: account.accessToken,
        },
      }),
    );
    return { name: res.data.username ?? res.data.name ?? personId, pictureUrl: res.data.profile_pic ?? null };
  }

  /** The account's own message with exactly `text` to the person since `since`: settles a lost answer. */
  async findSent(
    account: AccountCredentials,
    personId: string,
    text: string,
    since: number,
  ): Promise<{ remoteId: string } | null> {
    const hit = (await this.threads(account, personId)).find(
      (m) => m.from.id !== personId && m.message === text && parseGraphTime(m.created_time) >= since - FIND_SKEW_MS,
    );
    return hit ? { remoteId: hit.id } : null;
  }
}

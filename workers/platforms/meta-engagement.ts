import { z } from "zod";
import type { HttpClient } from "./http";
import { GraphAnswer, parseGraphTime } from "./meta";
import { type AccountCredentials, needing } from "./types";

/**
 * Answering, hiding, liking and deleting a comment through the Graph API (ADR 083), for a Facebook Page
 * (Comment node: replies `/{comment-id}/comments`, `is_hidden`, `/likes`; `pages_manage_engagement`) and an
 * Instagram professional account (IG Comment node: replies `/{ig-comment-id}/replies`, `hide`; no like in the
 * API). The host is the account's Graph (graph.instagram.com for Instagram Login).
 */
const FIND_SKEW_MS = 5 * 60_000;
const Success = GraphAnswer.success;
const Replies = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      message: z.string().optional(),
      text: z.string().optional(),
      from: z.object({ id: z.string() }).optional(),
      created_time: z.string().optional(),
      timestamp: z.string().optional(),
    }),
  ),
});

export class GraphEngagement {
  constructor(
    private readonly http: HttpClient,
    private readonly graph: (account: AccountCredentials) => string,
    private readonly kind: "facebook" | "instagram",
    /** The permission the account's writes on comments need (it differs by login for Instagram). */
    private readonly permission: (account: AccountCredentials) => string,
  ) {}

  private get repliesEdge() {
    return this.kind === "facebook" ? "comments" : "replies";
  }

  async reply(account: AccountCredentials, commentId: string, text: string): Promise<{ remoteId: string }> {
    const res = await needing(this.permission(account), () =>
      this.http.answer(`${this.graph(account)}/${commentId}/${this.repliesEdge}`, GraphAnswer.id, {
        form: { message: text, access_token: account.accessToken },
        creates: true,
      }),
    );
    return { remoteId: res.data.id };
  }

  /** The account's own reply with exactly `text` under the comment since `since`: settles a lost answer. */
  async findReply(
    account: AccountCredentials,
    commentId: string,
    text: string,
    since: number,
  ): Promise<{ remoteId: string } | null> {
    const fields = this.kind === "facebook" ? "id,message,from,created_time" : "id,text,from,timestamp";
    const res = await this.http.answer(`${this.graph(account)}/${commentId}/${this.repliesEdge}`, Replies, {
      query: { fields, access_token: account.accessToken },
    });
    const hit = res.data.data.find(
      (r) =>
        r.from?.id === account.platformUserId &&
        (r.message ?? r.text) === text &&
        parseGraphTime(r.created_time ?? r.timestamp) >= since - FIND_SKEW_MS,
    );
    return hit ? { remoteId: hit.id } : null;
  }

  async setHidden(account: AccountCredentials, commentId: string, hidden: boolean): Promise<void> {
    const flag = this.kind === "facebook" ? "is_hidden" : "hide";
    await needing(this.permission(account), () =>
      this.http.answer(`${this.graph(account)}/${commentId}`, Success, {
        form: { [flag]: String(hidden), access_token: account.accessToken },
      }),
    );
  }

  async remove(account: AccountCredentials, commentId: string): Promise<void> {
    await needing(this.permission(account), () =>
      this.http.answer(`${this.graph(account)}/${commentId}`, Success, {
        method: "DELETE",
        query: { access_token: account.accessToken },
      }),
    );
  }

  /** Facebook only: the Page likes (or stops liking) the comment. */
  async setLiked(account: AccountCredentials, commentId: string, liked: boolean): Promise<void> {
    await needing(this.permission(account), () =>
      this.http.answer(`${this.graph(account)}/${commentId}/likes`, Success, {
        method: liked ? "POST" : "DELETE",
        ...(liked ? { form: { access_token: account.accessToken } } : { query: { access_token: account.accessToken } }),
      }),
    );
  }
}

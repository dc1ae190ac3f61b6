import type { AccountCredentials } from "./types";
import type { XApi } from "./x-api";

/**
 * Moderating replies from the inbox on X (ADR 083): hide or show a reply in a conversation the account started
 * (`PUT /2/tweets/:id/hidden`, `tweet.moderate.write`) and like or unlike a post as the account
 * (`POST /2/users/:id/likes`, `DELETE /2/users/:id/likes/:tweet_id`, `like.write`). X offers no way to delete
 * someone else's post, so there is no remove.
 */
export class XModeration {
  constructor(private readonly api: XApi) {}

  async setHidden(account: AccountCredentials, tweetId: string, hidden: boolean): Promise<void> {
    await this.api.call(account.accessToken, "PUT", `${this.api.base}/2/tweets/${encodeURIComponent(tweetId)}/hidden`, {
      hidden,
    });
  }

  async setLiked(account: AccountCredentials, tweetId: string, liked: boolean): Promise<void> {
    const likes = `${this.api.base}/2/users/${encodeURIComponent(account.platformUserId)}/likes`;
    if (liked) await this.api.call(account.accessToken, "POST", likes, { tweet_id: tweetId });
    else await this.api.call(account.accessToken, "DELETE", `${likes}/${encodeURIComponent(tweetId)}`);
  }
}

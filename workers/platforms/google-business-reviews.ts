import type { BusinessApi } from "./google-business-api";
import type { AccountCredentials, RemoteComment } from "./types";

const STARS = ["ONE", "TWO", "THREE", "FOUR", "FIVE"];
const PAGE_SIZE = 50;
const MAX_PAGES = 10;

interface Review {
  name: string;
  reviewer?: { displayName?: string; isAnonymous?: boolean };
  starRating?: string;
  comment?: string;
  createTime?: string;
  updateTime?: string;
  reviewReply?: { comment?: string; updateTime?: string };
}

export type RemoteReview = RemoteComment & { rating: number | null; updatedAt: string };

/**
 * A location's reviews (My Business API v4 accounts.locations.reviews, ADR 098). Google offers no "since" filter,
 * so a read walks the newest-updated first and stops at the cursor: the newest `updateTime` taken in before. A
 * reply is updateReply, a PUT that replaces the review's reply, so sending it twice leaves one reply.
 */
export class BusinessReviews {
  constructor(
    private readonly api: BusinessApi,
    private readonly base: string,
    private readonly parentOf: (account: AccountCredentials) => string,
  ) {}

  /** Reviews updated at or after `cursor` (the newest page on a first read), and the cursor to read on from. */
  async since(account: AccountCredentials, cursor: string | null) {
    const from = cursor ? Date.parse(cursor) : Number.NEGATIVE_INFINITY;
    const items: RemoteReview[] = [];
    let newest = cursor ? from : Number.NEGATIVE_INFINITY;
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await this.api.json<{ reviews?: Review[]; nextPageToken?: string }>(
        account.accessToken,
        `${this.base}/v4/${this.parentOf(account)}/reviews`,
        { query: { pageSize: PAGE_SIZE, orderBy: "updateTime desc", pageToken } },
      );
      const reviews = res.reviews ?? [];
      const fresh = reviews.filter((r) => Date.parse(r.updateTime ?? "") >= from);
      for (const r of fresh) {
        items.push(remoteReview(r));
        newest = Math.max(newest, Date.parse(r.updateTime ?? ""));
      }
      pageToken = res.nextPageToken;
      if (!cursor || !pageToken || fresh.length < reviews.length) break;
    }
    return { items, cursor: Number.isFinite(newest) ? new Date(newest).toISOString() : cursor };
  }

  /** Answers the review; the reply's name is the review's own plus `/reply` (a review holds one reply). */
  async reply(account: AccountCredentials, reviewName: string, text: string) {
    await this.api.json(account.accessToken, `${this.base}/v4/${reviewName}/reply`, {
      method: "PUT",
      json: { comment: text },
      creates: true,
    });
    return { remoteId: `${reviewName}/reply` };
  }

  /** After a lost answer: the review already carries this reply. */
  async findReply(account: AccountCredentials, reviewName: string, text: string) {
    const review = await this.api.json<Review>(account.accessToken, `${this.base}/v4/${reviewName}`);
    return review.reviewReply?.comment === text ? { remoteId: `${reviewName}/reply` } : null;
  }
}

function remoteReview(r: Review): RemoteReview {
  const stars = STARS.indexOf(r.starRating ?? "");
  return {
    id: r.name,
    author: r.reviewer?.isAnonymous ? "A Google user" : (r.reviewer?.displayName ?? "A Google user"),
    text: r.comment ?? "",
    createdAt: r.createTime ?? r.updateTime ?? "",
    updatedAt: r.updateTime ?? "",
    rating: stars >= 0 ? stars + 1 : null,
  };
}

import { z } from "zod";
import { instanceOf, type MastodonApi } from "./mastodon-api";
import { plainText, Status } from "./mastodon-shapes";
import { type AccountCredentials, needing, type RemoteComment } from "./types";

/**
 * The account's mentions from its instance's notifications (docs.joinmastodon.org methods/notifications; ADR 091).
 * A reply to one of the account's statuses is a `mention` too (a reply names whom it answers). The cursor is the
 * newest notification id taken in; each read pages forward from it by the Link header's `prev` (`min_id`), and
 * stops while the instance's window still has room for publishing. The first read (no cursor yet) pages back
 * through the history by `next` instead, up to the same number of pages.
 */
const Notification = z.object({
  id: z.string().min(1),
  type: z.string(),
  created_at: z.string().optional(),
  status: Status.nullable().optional(),
});

/** Pages read per poll: 40 each, so a poll takes up to 400 mentions and leaves the rest for the next. */
const MAX_PAGES = 10;
/** Calls kept back in the account's 5-minute window (300 calls) for publishing and replies. */
const KEEP_FOR_PUBLISHING = 20;

export interface MastodonMention extends RemoteComment {
  /** The status it answers (null: it names the account without answering a status). */
  inReplyTo: string | null;
}

/** Where a Link header's `rel` points, as the path and query on the instance (its host is the instance's). */
export function linkTarget(link: string | null, rel: string): string | null {
  for (const part of (link ?? "").split(",")) {
    const m = part.match(/<([^>]+)>\s*;\s*rel="([^"]+)"/);
    if (m && m[2] === rel) {
      const url = new URL(m[1]!);
      return `${url.pathname}${url.search}`;
    }
  }
  return null;
}

export function readMentions(
  api: MastodonApi,
  account: AccountCredentials,
  cursor: string | null,
): Promise<{ items: MastodonMention[]; cursor: string | null }> {
  return needing("read:notifications", async () => {
    const instance = instanceOf(account.metadata);
    const items: MastodonMention[] = [];
    let next = cursor;
    let path: string | null = `/api/v1/notifications?types[]=mention&limit=40${cursor ? `&min_id=${cursor}` : ""}`;
    for (let page = 0; path && page < MAX_PAGES; page++) {
      const res = await api.request<unknown>(instance, account.accessToken, path);
      const list = z.array(Notification).parse(res.data);
      if (list.length === 0) break;
      for (const n of list)
        if (n.status)
          items.push({
            id: n.status.id,
            author: n.status.account?.acct ?? "",
            text: plainText(n.status.content ?? ""),
            createdAt: n.status.created_at ?? n.created_at ?? "",
            inReplyTo: n.status.in_reply_to_id ?? null,
          });
      if (next === null || BigInt(list[0]!.id) > BigInt(next)) next = list[0]!.id;
      if (Number(res.headers.get("X-RateLimit-Remaining") ?? KEEP_FOR_PUBLISHING + 1) <= KEEP_FOR_PUBLISHING) break;
      // From the cursor on, newer pages; without one (the first read), the history back from the newest.
      path = linkTarget(res.headers.get("Link"), cursor ? "prev" : "next");
    }
    return { items, cursor: next };
  });
}

/** Favourites the status as the account, or takes the favourite back (methods/statuses#favourite). */
export function setFavourite(api: MastodonApi, account: AccountCredentials, statusId: string, on: boolean) {
  return needing("write:favourites", async () => {
    const path = `/api/v1/statuses/${statusId}/${on ? "favourite" : "unfavourite"}`;
    await api.request(instanceOf(account.metadata), account.accessToken, path, { method: "POST" });
  });
}

import { DomainError } from "../errors";
import type { Platform } from "../platform-profile";
import type { PostFields } from "../posts";
import type { Actor } from "../tenancy/actor";
import { type FeedFetch, FeedProblem, fetchFeed } from "./fetch";
import { parseAnyFeed } from "./parse";
import { itemKeys, nextCheckAt, pickItems, renderTemplate } from "./rules";
import type { FeedRow, FeedStore } from "./store";

/** What a check needs beyond its feed: the shard's store, the network, and the post and media commands. */
export interface PollDeps {
  store: FeedStore;
  io: FeedFetch;
  now: () => number;
  /** The feed's member as they are now (role, workspace settings), or null when they left the workspace. */
  actorFor: (feed: FeedRow) => Promise<Actor | null>;
  /** The feed's connected accounts by id (disconnected ones absent). */
  accounts: (workspaceId: string) => Promise<Map<string, Platform>>;
  createPost: (actor: Actor, fields: PostFields, addToQueue: boolean) => Promise<{ _id: string }>;
  /** The picture an item's page names in its Open Graph tags, or null (no page, no tag, or it cannot be read). */
  pageImage: (pageUrl: string) => Promise<string | null>;
  /** The item's image stored in the media library, or null when it cannot be used. */
  saveImage: (actor: Actor, url: string) => Promise<string | null>;
  /** Tells the workspace's webhooks that an item became a post (`feed.item_posted`). */
  announce: (feed: FeedRow, item: { title: string; link: string | null }, postId: string) => Promise<void>;
}

export interface CheckResult {
  posted: number;
  error: string | null;
}

/**
 * One check of one feed: fetch (conditional), parse, keep the items none of whose keys was seen, reserve each
 * item's keys, then make its post. A failure is recorded on the feed (its card says why) and pushes the next
 * check back; it never throws, so one feed cannot stop the others.
 */
export async function checkFeed(feed: FeedRow, deps: PollDeps): Promise<CheckResult> {
  const now = deps.now();
  try {
    const actor = await deps.actorFor(feed);
    if (!actor) throw new FeedProblem("The member who added this feed is no longer in the workspace; add it again.");
    const answer = await fetchFeed(deps.io, feed.url, feed);
    if (!answer.changed) return await settle(feed, deps, now, { posted: 0, error: null });
    let parsed: ReturnType<typeof parseAnyFeed>;
    try {
      parsed = parseAnyFeed(new TextDecoder().decode(answer.bytes));
    } catch (err) {
      throw new FeedProblem(`This is not an RSS, Atom or JSON feed (${(err as Error).message}).`);
    }
    const keyed = parsed.items.map((item) => ({ ...item, keys: itemKeys(feed.url, item) }));
    const seen = await deps.store.seen(
      feed.workspaceId,
      keyed.flatMap((i) => i.keys),
    );
    const fresh = keyed.filter((i) => i.keys.every((k) => !seen.has(k)));
    const { post, skip } = pickItems(fresh, feed.lastCheckedAt === null);
    for (const item of skip) await deps.store.reserve(feed.workspaceId, item.keys, now);
    const accounts = await deps.accounts(feed.workspaceId);
    const chosen = feed.accountIds.filter((id) => accounts.has(id));
    let posted = 0;
    const problems: string[] = [];
    for (const item of post) {
      if (!(await deps.store.reserve(feed.workspaceId, item.keys, now))) continue;
      try {
        // The item's own picture, else the one its page names for link previews (og:image).
        const picture = item.image ?? (item.link ? await deps.pageImage(item.link) : null);
        const image = picture ? await deps.saveImage(actor, picture) : null;
        const selectedAccounts: Partial<Record<Platform, string[]>> = {};
        for (const id of chosen) (selectedAccounts[accounts.get(id)!] ??= []).push(id);
        const fields = {
          content: renderTemplate(feed.template, item),
          platforms: Object.keys(selectedAccounts) as Platform[],
          selectedAccounts: selectedAccounts as Record<string, string[]>,
          images: image ? [image] : [],
          videos: [],
          media: [],
          hashtags: [],
          mentions: [],
          metadata: { category: "other", source: "feed" },
          publishNow: false,
          channels: [],
          ...(feed.mode === "draft" ? { status: "draft" as const } : {}),
        } satisfies PostFields;
        const created = await deps.createPost(actor, fields, feed.mode === "queue");
        await deps.store.linkPost(feed.workspaceId, item.keys, created._id);
        posted += 1;
        await deps.announce(feed, item, created._id);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        problems.push(`"${item.title || item.link}" could not become a post: ${err.message}`);
      }
    }
    await deps.store.countPosted(feed.workspaceId, feed.id, posted);
    // Items beyond this check's share wait for the next one, which must read the feed again: kept, these validators
    // would have it answered 304 (nothing new) until the feed next changed, and the waiting items never posted.
    const waiting = fresh.length > post.length + skip.length;
    const validators = waiting
      ? { etag: null, lastModified: null }
      : { etag: answer.etag, lastModified: answer.lastModified };
    return await settle({ ...feed, title: parsed.title ?? feed.title, ...validators }, deps, now, {
      posted,
      error: problems[0] ?? null,
    });
  } catch (err) {
    const message =
      err instanceof FeedProblem ? err.message : `The check failed unexpectedly: ${(err as Error)?.message ?? err}`;
    if (!(err instanceof FeedProblem)) console.error("feed check failed", feed.id, err);
    return settle(feed, deps, now, { posted: 0, error: message }, true);
  }
}

/**
 * Records the check: what the feed said, when to look again, and the reason a failure or a refused item gives.
 * `lastCheckedAt` is the last check that read the feed, so a new feed's first good check is still its first.
 */
async function settle(feed: FeedRow, deps: PollDeps, now: number, result: CheckResult, failed = false) {
  const failures = failed ? feed.failures + 1 : 0;
  await deps.store.update(feed.workspaceId, feed.id, {
    title: feed.title,
    etag: feed.etag,
    lastModified: feed.lastModified,
    lastCheckedAt: failed ? feed.lastCheckedAt : now,
    nextCheckAt: nextCheckAt(now, failures),
    failures,
    lastError: result.error,
    updatedAt: now,
  });
  return result;
}

import type { Platform } from "../platform-profile";
import type { AccountCredentials, PlatformClient, RemoteComment } from "../platforms";
import { inboxAdapter, PlatformError, refreshOnce } from "../platforms";
import { ACCOUNTS_PER_RUN, freshComments, nextNewestAt, OVERLAP_MS, POLL_INTERVAL_MS, WATCH_WINDOW_MS } from "./rules";
import type { InboxStore, NewItem } from "./store";

type Target = NewItem["target"];

/** What polling needs: the shard's inbox tables, the clock, and the platform layer publishing uses. */
export interface InboxSyncDeps {
  store: InboxStore;
  now: () => number;
  client: (platform: Platform) => PlatformClient;
  credentials: (accountId: string) => Promise<AccountCredentials>;
  refreshCredentials: (accountId: string) => Promise<AccountCredentials | null>;
}

export interface PollResult {
  accountId: string;
  added: number;
  error: string | null;
}

/**
 * The cron's inbox poll (ADR 069): the accounts due, oldest poll first, each read post by post. Items are keyed
 * by the network's id, so a poll that runs twice (an overlapping cron, a retry) adds nothing twice. With
 * `workspaceId` (a member's "check now"), that workspace's accounts are read whenever they were last.
 */
export async function pollInboxes(
  deps: InboxSyncDeps,
  workspaceId?: string,
  moving: readonly string[] = [],
): Promise<PollResult[]> {
  const now = deps.now();
  const polledBefore = workspaceId ? Number.MAX_SAFE_INTEGER : now - POLL_INTERVAL_MS + 1;
  const due = await deps.store.accountsToPoll(polledBefore, ACCOUNTS_PER_RUN, workspaceId, moving);
  const results: PollResult[] = [];
  for (const account of due) results.push(await pollAccount(deps, account));
  return results;
}

async function pollAccount(
  deps: InboxSyncDeps,
  account: {
    id: string;
    workspaceId: string;
    platform: Platform;
    username: string;
    newestAt: number | null;
    remoteCursor: string | null;
  },
): Promise<PollResult> {
  const now = deps.now();
  const adapter = inboxAdapter(account.platform, deps.client(account.platform));
  if (!adapter) return { accountId: account.id, added: 0, error: null };
  let newestAt = account.newestAt;
  let remoteCursor = account.remoteCursor;
  let added = 0;
  let error: string | null = null;
  try {
    const access = refreshOnce(await deps.credentials(account.id), () => deps.refreshCredentials(account.id));
    // The account's own replies (a thread's parts, answers sent from here) are not for the inbox.
    // A Mastodon account (`name@instance`) is plain `name` to its own instance.
    const own = new Set([account.username, `@${account.username}`, account.username.split("@")[0]]);
    const take = async (
      found: Array<RemoteComment & { target: Target; conversationId?: string }>,
      kind: NewItem["kind"],
    ) => {
      const fresh = freshComments(found, account.newestAt, now).filter((c) => !own.has(c.author));
      added += await deps.store.addItems(
        account,
        fresh.map((c) => ({ ...c, kind })),
        now,
      );
      newestAt = nextNewestAt(newestAt, fresh);
    };
    const targets = (await deps.store.publishedTargets(account.id, now - WATCH_WINDOW_MS)).map((t) => ({
      ...t,
      remoteId: t.remoteId!,
    }));
    for (const target of targets) {
      const comments = await access.call((c) => adapter.comments(c, target.remoteId));
      await take(
        comments.map((c) => ({ ...c, target })),
        "comment",
      );
    }
    const mentions = adapter.mentions;
    if (mentions) {
      // A mention that answers one of our posts belongs to it; the rest stand alone.
      const since = account.newestAt == null ? now - WATCH_WINDOW_MS : account.newestAt - OVERLAP_MS;
      const found = await access.call((c) => mentions(c, since));
      const byRemote = new Map(targets.map((t) => [t.remoteId, t]));
      await take(
        found.map(({ conversationId, ...c }) => ({ ...c, target: byRemote.get(conversationId ?? "") ?? null })),
        "mention",
      );
    }
    const messages = adapter.messages;
    if (messages) {
      // Direct messages (ADR 092): one thread per person, read from the cursor like mentions.
      const since = account.newestAt == null ? now - WATCH_WINDOW_MS : account.newestAt - OVERLAP_MS;
      try {
        const found = await access.call((c) => messages(c, since));
        await take(
          found.map((m) => ({ ...m, target: null })),
          "message",
        );
      } catch (err) {
        // An account connected before messages were read lacks their permission: its comments and mentions still
        // come in (the cursor moves on), and the account says what a reconnect would add.
        if (!(err instanceof PlatformError && err.details.denied)) throw err;
        error = `Direct messages are not read: ${err.message} Reconnect the account to allow them.`;
      }
    }
    const notifications = adapter.notifications;
    if (notifications) {
      // The network's own cursor decides what is new: the time filter would drop a late-delivered mention.
      const read = await access.call((c) => notifications(c, account.remoteCursor));
      const byRemote = new Map(targets.map((t) => [t.remoteId, t]));
      const fresh = freshComments(read.items, null, now).filter((c) => !own.has(c.author));
      added += await deps.store.addItems(
        account,
        // A reply to our post is a comment on it; the rest are mentions standing alone.
        fresh.map(({ inReplyTo, ...c }) => {
          const target = byRemote.get(inReplyTo ?? "") ?? null;
          return { ...c, kind: target ? "comment" : "mention", target };
        }),
        now,
      );
      remoteCursor = read.cursor;
    }
    const reviews = adapter.reviews;
    if (reviews) {
      // A review is the location's, under no post; its stars come with it (ADR 098).
      const read = await access.call((c) => reviews(c, account.remoteCursor));
      const fresh = freshComments(read.items, null, now);
      added += await deps.store.addItems(
        account,
        fresh.map((c) => ({ ...c, kind: "review" as const, target: null })),
        now,
      );
      remoteCursor = read.cursor;
    }
  } catch (err) {
    // What was taken in stays; the cursors keep their place, so the next poll reads the rest again.
    error = err instanceof Error ? err.message : String(err);
    newestAt = account.newestAt;
    remoteCursor = account.remoteCursor;
  }
  await deps.store.saveCursor(account.id, account.workspaceId, newestAt, now, error, remoteCursor);
  return { accountId: account.id, added, error };
}

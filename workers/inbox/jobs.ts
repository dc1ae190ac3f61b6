import type { Platform } from "../platform-profile";
import type { AccountCredentials, PlatformClient } from "../platforms";
import { inboxAdapter, refreshOnce } from "../platforms";
import { ACCOUNTS_PER_RUN, POLL_INTERVAL_MS, WATCH_WINDOW_MS } from "./rules";
import { type Reading, SOURCE_READS } from "./source-reads";
import { type SourceRow, sourceRefusal, sourcesOf } from "./source-rules";
import type { InboxSourceStore } from "./source-store";
import type { InboxStore } from "./store";

/** What polling needs: the shard's inbox tables, the clock, and the platform layer publishing uses. */
export interface InboxSyncDeps {
  store: InboxStore;
  sources: InboxSourceStore;
  now: () => number;
  client: (platform: Platform) => PlatformClient;
  credentials: (accountId: string) => Promise<AccountCredentials>;
  refreshCredentials: (accountId: string) => Promise<AccountCredentials | null>;
}

export interface PollResult {
  accountId: string;
  workspaceId: string;
  added: number;
  /** Items already held that changed (an edited review). */
  changed: string[];
  /** Why sources failed, one sentence each; null when every source was read. */
  error: string | null;
}

/**
 * The cron's inbox poll (ADR 069): the accounts due, oldest poll first. Items are keyed by the network's id, so a
 * poll that runs twice (an overlapping cron, a retry) adds nothing twice. With `workspaceId` (a member's "check
 * now"), that workspace's accounts are read whenever they were last.
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

/**
 * Reads each of the account's sources on its own (ADR 101): one that the network refuses (a missing permission,
 * a 403, a 5xx, a rate limit) keeps its place and records why, and the others are read all the same.
 */
async function pollAccount(
  deps: InboxSyncDeps,
  account: { id: string; workspaceId: string; platform: Platform; username: string },
): Promise<PollResult> {
  const now = deps.now();
  const result: PollResult = {
    accountId: account.id,
    workspaceId: account.workspaceId,
    added: 0,
    changed: [],
    error: null,
  };
  const adapter = inboxAdapter(account.platform, deps.client(account.platform));
  // A network with nothing to read (TikTok, Pinterest) is still marked polled, or it would stay first in line.
  if (!adapter) {
    await deps.store.polled(account.id, account.workspaceId, now);
    return result;
  }
  const states = await deps.sources.states(account.id);
  const errors: string[] = [];
  let reading: Omit<Reading, "state"> | null = null;
  let setupError: unknown = null;
  try {
    const access = refreshOnce(await deps.credentials(account.id), () => deps.refreshCredentials(account.id));
    const targets = (await deps.store.publishedTargets(account.id, now - WATCH_WINDOW_MS)).map((t) => ({
      ...t,
      remoteId: t.remoteId!,
    }));
    reading = { store: deps.store, now, adapter, access, account, targets };
  } catch (err) {
    setupError = err;
  }
  for (const source of sourcesOf(adapter)) {
    const before = states.get(source);
    const kept = { newestAt: before?.newestAt ?? null, remoteCursor: before?.remoteCursor ?? null };
    let row: SourceRow;
    try {
      if (!reading) throw setupError;
      const read = await SOURCE_READS[source]({ ...reading, state: kept });
      result.added += read.added;
      result.changed.push(...read.changed);
      row = {
        source,
        newestAt: read.newestAt,
        remoteCursor: read.remoteCursor,
        checkedAt: now,
        okAt: now,
        error: null,
      };
    } catch (err) {
      // What was taken in stays; the source keeps its place, so the next poll reads the rest again.
      const error = sourceRefusal(source, err);
      errors.push(error);
      row = { source, ...kept, checkedAt: now, okAt: before?.okAt ?? null, error };
    }
    await deps.sources.save(account, row);
  }
  await deps.store.polled(account.id, account.workspaceId, now);
  return { ...result, error: errors.length ? errors.join(" ") : null };
}

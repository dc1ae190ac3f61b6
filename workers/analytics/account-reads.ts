import { sql } from "drizzle-orm";
import { allRendered } from "../db/batch-reads";
import type { Db } from "../db/client";
import type { AudienceData } from "../db/schema/analytics";
import type { Platform } from "../platform-profile";
import { $, platformFilter, platformKey } from "./period-scope";

/**
 * Per-account reads: the accounts, their followers and snapshots, audience, and when anything last synced. Each
 * statement is rendered once per isolate for its platforms and bound on each call (`allRendered`, ADR 048).
 */

export interface AccountRow {
  id: string;
  platform: Platform;
  username: string;
  displayName: string;
  status: "connected" | "needs_reconnect";
  followerCount: number | null;
}

export async function loadAccounts(
  db: Db,
  workspaceId: string,
  platforms: Platform[] | null = null,
): Promise<AccountRow[]> {
  return allRendered<AccountRow>(
    db,
    `analytics.accounts:${platformKey(platforms)}`,
    () => sql`
    select id, platform, username, display_name as displayName, status, follower_count as followerCount
    from connected_accounts where workspace_id = ${$("ws")} and status != 'disconnected' ${platformFilter(sql`platform`, platforms)}
    order by platform, username`,
    { ws: workspaceId },
  );
}

/**
 * Each account's latest follower count at `before` (from snapshots, else the count stored at connect time);
 * null when we had not measured it by then.
 */
export async function knownFollowersAt(db: Db, workspaceId: string, before: number, platforms: Platform[] | null) {
  return allRendered<{ accountId: string; platform: Platform; followers: number | null }>(
    db,
    `analytics.followers-at:${platformKey(platforms)}`,
    () => sql`
    select a.id as accountId, a.platform, coalesce(
      (select s.followers from account_metric_snapshots s where s.account_id = a.id and s.taken_at < ${$("before")} order by s.taken_at desc limit 1),
      case when a.created_at < ${$("before")} then a.follower_count end) as followers
    from connected_accounts a where a.workspace_id = ${$("ws")} and a.status != 'disconnected' ${platformFilter(sql`a.platform`, platforms)}`,
    { ws: workspaceId, before },
  );
}

/** knownFollowersAt with an unmeasured account counted as 0 (for totals). */
export async function followersAt(db: Db, workspaceId: string, before: number, platforms: Platform[] | null) {
  const rows = await knownFollowersAt(db, workspaceId, before, platforms);
  return rows.map((r) => ({ ...r, followers: r.followers ?? 0 }));
}

export async function loadAccountSnapshots(
  db: Db,
  workspaceId: string,
  range: { start: number; end: number; platforms: Platform[] | null },
  accountId?: string,
) {
  return allRendered<{
    accountId: string;
    platform: Platform;
    takenAt: number;
    followers: number;
    reach: number | null;
    impressions: number | null;
    profileViews: number | null;
  }>(
    db,
    `analytics.account-snapshots:${platformKey(range.platforms)}:${accountId ? "one" : "every"}`,
    () => sql`
    select account_id as accountId, platform, taken_at as takenAt, followers, reach, impressions, profile_views as profileViews
    from account_metric_snapshots
    where workspace_id = ${$("ws")} and taken_at >= ${$("start")} and taken_at < ${$("end")} ${platformFilter(sql`platform`, range.platforms)}
      ${accountId ? sql` and account_id = ${$("account")}` : sql``}
    order by taken_at`,
    { ws: workspaceId, start: range.start, end: range.end, ...(accountId ? { account: accountId } : {}) },
  );
}

export async function latestAudience(db: Db, workspaceId: string, platforms: Platform[] | null) {
  const rows = await allRendered<{
    accountId: string;
    platform: Platform;
    username: string;
    displayName: string;
    takenAt: number;
    data: string;
  }>(
    db,
    `analytics.audience:${platformKey(platforms)}`,
    () => sql`
    select s.account_id as accountId, s.platform, a.username, a.display_name as displayName, s.taken_at as takenAt, s.data
    from audience_snapshots s join connected_accounts a on a.id = s.account_id
    where s.workspace_id = ${$("ws")} ${platformFilter(sql`s.platform`, platforms)}
      and s.taken_at = (select max(s2.taken_at) from audience_snapshots s2 where s2.account_id = s.account_id)
    order by s.platform, a.username, s.account_id`,
    { ws: workspaceId },
  );
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as AudienceData }));
}

/** The latest sync of any figure: an account's metrics or a post's snapshot. */
export async function lastSyncedAt(db: Db, workspaceId: string): Promise<number | null> {
  // SQLite's two-argument max() is null when either is: 0 stands for "never".
  const [row] = await allRendered<{ at: number | null }>(
    db,
    "analytics.last-synced",
    () => sql`select nullif(max(
      coalesce((select max(last_account_sync_at) from analytics_sync_state where workspace_id = ${$("ws")}), 0),
      coalesce((select max(taken_at) from post_metric_snapshots where workspace_id = ${$("ws")}), 0)), 0) as at`,
    { ws: workspaceId },
  );
  return row?.at ?? null;
}

import { connectedAccounts, posts, postTargets } from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { dbOf, drizzleOf } from "./shards";

/** Direct inserts for tests that need state the API would take many calls to build, on the workspace's shard. */

export async function insertAccount(
  userId: string,
  platform: Platform,
  overrides: Partial<typeof connectedAccounts.$inferInsert> = {},
) {
  const id = crypto.randomUUID();
  await (await drizzleOf(userId)).insert(connectedAccounts).values({
    id,
    workspaceId: userId,
    userId,
    platform,
    platformUserId: `remote-${id.slice(0, 8)}`,
    username: `${platform}_user`,
    displayName: `${platform} user`,
    accountType: "business",
    accessTokenEnc: "test-only-not-a-real-ciphertext",
    ...overrides,
  });
  return id;
}

/** `n` accounts on one platform, inserted one by one in order; usernames `${prefix}_0`… when a prefix is given. */
export async function insertAccounts(userId: string, platform: Platform, n: number, prefix?: string) {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1)
    ids.push(await insertAccount(userId, platform, prefix === undefined ? {} : { username: `${prefix}_${i}` }));
  return ids;
}

/**
 * A personal workspace's Facebook Page (`${ws}-fb`) with `count` comments read by the rules, `${ws}-i0` at `newest`
 * and each next one a minute older, in one batch; the oldest and every `openEvery`-th after it are open, the rest done.
 */
export async function insertFacebookComments(ws: string, count: number, newest: number, openEvery = 1) {
  const db = await dbOf(ws);
  await db.batch([
    db
      .prepare(
        "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES (?1, ?2, ?2, 'facebook', ?1, 'shop', 'Shop', 'page', 'enc')",
      )
      .bind(`${ws}-fb`, ws),
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?4 - 1)
       INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, status, rules_applied_at)
       SELECT ?1 || '-i' || i, ?1, ?2, 'facebook', 'c' || i, 'comment', 'Ann', 'Hello', ?3 - i * 60000, ?3, CASE WHEN (?4 - 1 - i) % ?5 = 0 THEN 'open' ELSE 'done' END, ?3 FROM n`,
      )
      .bind(ws, `${ws}-fb`, newest, count, openEvery),
  ]);
}

export async function insertScheduledPost(
  userId: string,
  targets: Array<{
    accountId: string;
    platform: Platform;
    dueAt: number;
    status?: typeof postTargets.$inferInsert.status;
  }>,
  content = "Hello from a test",
) {
  const postId = crypto.randomUUID();
  const db = await drizzleOf(userId);
  // Times from the suite's clock, not SQL's unixepoch() defaults, so a shifted clock (ADR 051) sees fresh rows.
  const now = Date.now();
  await db.insert(posts).values({
    id: postId,
    workspaceId: userId,
    userId,
    content,
    status: "scheduled",
    scheduledAt: targets[0]?.dueAt ?? null,
    createdAt: now,
    updatedAt: now,
  });
  const ids: string[] = [];
  for (const t of targets) {
    const id = crypto.randomUUID();
    ids.push(id);
    await db.insert(postTargets).values({
      id,
      postId,
      workspaceId: userId,
      platform: t.platform,
      accountId: t.accountId,
      status: t.status ?? "scheduled",
      dueAt: t.dueAt,
      createdAt: now,
      updatedAt: now,
    });
  }
  return { postId, targetIds: ids };
}

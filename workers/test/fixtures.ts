import { connectedAccounts, posts, postTargets } from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { drizzleOf } from "./shards";

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

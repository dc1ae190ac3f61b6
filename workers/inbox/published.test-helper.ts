import { expect } from "vitest";
import { posts, postTargets } from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { type PublishDeps, publishTarget } from "../publishing/consumer";
import { publishDeps } from "../publishing/deps";
import { dbOf, drizzleOf, servicesOn } from "../test/shards";

/**
 * Publishes a post of `text` to the account through the real publishing path (with `deps`, e.g. metered ones, or the
 * workspace shard's own); its network id.
 */
export async function publishOn(
  input: { workspaceId: string; userId: string; accountId: string; platform: Platform },
  text: string,
  deps?: PublishDeps,
) {
  const postId = crypto.randomUUID();
  const targetId = crypto.randomUUID();
  const now = Date.now();
  const { workspaceId, userId, accountId, platform } = input;
  const db = await drizzleOf(workspaceId);
  await db.insert(posts).values({
    id: postId,
    workspaceId,
    userId,
    content: text,
    status: "scheduled",
    scheduledAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(postTargets).values({
    id: targetId,
    postId,
    workspaceId,
    platform,
    accountId,
    status: "queued",
    dueAt: now,
    createdAt: now,
    updatedAt: now,
  });
  expect(await publishTarget(targetId, deps ?? publishDeps(await servicesOn(workspaceId)))).toEqual({ ack: true });
  const target = await (await dbOf(workspaceId))
    .prepare("SELECT remote_id FROM post_targets WHERE id = ?")
    .bind(targetId)
    .first<{ remote_id: string }>();
  return { postId, remoteId: target!.remote_id };
}

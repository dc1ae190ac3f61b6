import { posts, postTargets } from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { call, registerUser } from "../test/helpers";
import { connectViaEmulator, platformHarness } from "../test/oauth";
import { drizzleOf } from "../test/shards";

/** A new user with the given flows connected through the emulator's consent pages, and the accounts they gave. */
export async function connectedUser(...flows: Array<[platform: string, variant?: string]>) {
  const u = await registerUser();
  for (const [platform, variant] of flows) await connectViaEmulator(u.cookie, platform, { variant });
  const accounts = (
    await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: u.cookie })
  ).body.data.accounts as Array<{
    _id: string;
    platform: Platform;
  }>;
  return { u, accounts };
}

/** Publishes `text` to every given account through its platform client and records the post as the publisher would. */
export async function publishToAll(userId: string, accounts: Array<{ _id: string; platform: Platform }>, text: string) {
  const db = await drizzleOf(userId);
  const { registry, accounts: service } = platformHarness({}, db);
  const postId = crypto.randomUUID();
  const publishedAt = Date.now();
  await db.insert(posts).values({
    id: postId,
    workspaceId: userId,
    userId,
    content: text,
    status: "published",
    platforms: accounts.map((a) => a.platform),
    publishedAt,
  });
  for (const a of accounts) {
    const { remoteId, permalink } = await registry[a.platform]!.publish(await service.accountCredentials(a._id), {
      marker: crypto.randomUUID(),
      // Bluesky keys its record by the target's creation time (exactly once, ADR 060).
      createdAt: publishedAt,
      text,
      media: [],
    });
    await db.insert(postTargets).values({
      id: crypto.randomUUID(),
      postId,
      workspaceId: userId,
      platform: a.platform,
      accountId: a._id,
      status: "published",
      remoteId,
      permalink,
      publishedAt,
    });
  }
  return postId;
}

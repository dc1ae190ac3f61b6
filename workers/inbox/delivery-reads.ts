import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { connectedAccounts, postTargets } from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { idChunks } from "./triage-store";

/** How `targetsByRemote` keys a post: the account and the network's id. */
export const targetKey = (accountId: string, remoteId: string) => `${accountId}\n${remoteId}`;

/** The reads a Meta webhook delivery needs (ADR 083), a delivery at a time: its accounts and the posts it is under. */
export class InboxDeliveryReads {
  constructor(private readonly db: Db) {}

  /**
   * The connected accounts (of any workspace on this shard) that are these network users, in one read: a webhook
   * names only the Page or Instagram account, and one delivery names many.
   */
  async accountsNamed(owners: Array<{ platform: Platform; ownerId: string }>) {
    const ids = [...new Set(owners.map((o) => o.ownerId))];
    if (ids.length === 0) return [];
    const platforms = new Set(owners.map((o) => `${o.platform}\n${o.ownerId}`));
    const reads = idChunks(ids).map((chunk) =>
      this.db
        .select({
          id: connectedAccounts.id,
          workspaceId: connectedAccounts.workspaceId,
          platform: connectedAccounts.platform,
          platformUserId: connectedAccounts.platformUserId,
          username: connectedAccounts.username,
        })
        .from(connectedAccounts)
        .where(and(inArray(connectedAccounts.platformUserId, chunk), eq(connectedAccounts.status, "connected"))),
    );
    const rows = (await this.db.batch(reads as [never, ...never[]])) as unknown as Array<
      Array<{ id: string; workspaceId: string; platform: Platform; platformUserId: string; username: string }>
    >;
    return rows.flat().filter((a) => platforms.has(`${a.platform}\n${a.platformUserId}`));
  }

  /**
   * Our published posts with these network ids, by account and id (`targetKey`), in one round trip: the posts
   * a delivery's comments are under.
   */
  async targetsByRemote(pairs: Array<{ accountId: string; remoteId: string }>) {
    const keys = [...new Map(pairs.map((p) => [targetKey(p.accountId, p.remoteId), p])).values()];
    const found = new Map<string, { id: string; postId: string; remoteId: string }>();
    if (keys.length === 0) return found;
    const reads = keys.map(({ accountId, remoteId }) =>
      this.db
        .select({ id: postTargets.id, postId: postTargets.postId, remoteId: postTargets.remoteId })
        .from(postTargets)
        .where(and(eq(postTargets.accountId, accountId), eq(postTargets.remoteId, remoteId)))
        .limit(1),
    );
    const rows = (await this.db.batch(reads as [never, ...never[]])) as unknown as Array<
      Array<{ id: string; postId: string; remoteId: string }>
    >;
    rows.forEach(([row], i) => {
      if (row) found.set(targetKey(keys[i]!.accountId, keys[i]!.remoteId), row);
    });
    return found;
  }
}

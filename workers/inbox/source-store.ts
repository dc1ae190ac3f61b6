import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { connectedAccounts, inboxPeople, inboxSources } from "../db/schema/index";
import type { InboxSource } from "../db/schema/value-lists";
import type { SourceRow } from "./source-rules";

/**
 * SQL over where each account's inbox sources stand and the people webhooks named by id (ADR 101); the only
 * writer of `inbox_sources` and `inbox_people`.
 */
export class InboxSourceStore {
  constructor(private readonly db: Db) {}

  /** The account's sources as the last poll left them. */
  async states(accountId: string): Promise<Map<InboxSource, SourceRow>> {
    const rows = await this.db.select().from(inboxSources).where(eq(inboxSources.accountId, accountId)).all();
    return new Map(rows.map((r) => [r.source, r]));
  }

  /** Records one source's read: where it now stands, or (`error`) why it failed with its place kept. */
  async save(account: { id: string; workspaceId: string }, row: SourceRow): Promise<void> {
    const set = {
      newestAt: row.newestAt,
      remoteCursor: row.remoteCursor,
      checkedAt: row.checkedAt,
      okAt: row.okAt,
      error: row.error,
    };
    await this.db
      .insert(inboxSources)
      .values({ accountId: account.id, workspaceId: account.workspaceId, source: row.source, ...set })
      .onConflictDoUpdate({ target: [inboxSources.accountId, inboxSources.source], set });
  }

  /** The workspace's connected accounts with their sources' rows. */
  async ofWorkspace(workspaceId: string) {
    const accounts = await this.db
      .select({
        id: connectedAccounts.id,
        platform: connectedAccounts.platform,
        username: connectedAccounts.username,
      })
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.workspaceId, workspaceId), eq(connectedAccounts.status, "connected")))
      .all();
    const rows = accounts.length
      ? await this.db
          .select()
          .from(inboxSources)
          .where(
            and(
              eq(inboxSources.workspaceId, workspaceId),
              inArray(
                inboxSources.accountId,
                accounts.map((a) => a.id),
              ),
            ),
          )
          .all()
      : [];
    return accounts.map((a) => ({
      ...a,
      rows: new Map(rows.filter((r) => r.accountId === a.id).map((r) => [r.source, r as SourceRow])),
    }));
  }

  /** The name (and picture) the network's profile read gave a person, if it was read before. */
  person(accountId: string, personId: string) {
    return this.db
      .select({ name: inboxPeople.name, pictureUrl: inboxPeople.pictureUrl })
      .from(inboxPeople)
      .where(and(eq(inboxPeople.accountId, accountId), eq(inboxPeople.personId, personId)))
      .get();
  }

  async keepPerson(
    accountId: string,
    personId: string,
    profile: { name: string; pictureUrl: string | null },
    now: number,
  ) {
    const set = { name: profile.name, pictureUrl: profile.pictureUrl, fetchedAt: now };
    await this.db
      .insert(inboxPeople)
      .values({ accountId, personId, ...set })
      .onConflictDoUpdate({ target: [inboxPeople.accountId, inboxPeople.personId], set });
  }
}

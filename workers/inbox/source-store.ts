import { and, eq } from "drizzle-orm";
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

  /** The workspace's connected accounts with their sources' rows, in one D1 batch (each call is a round trip). */
  async ofWorkspace(workspaceId: string) {
    const connected = and(eq(connectedAccounts.workspaceId, workspaceId), eq(connectedAccounts.status, "connected"));
    const [accounts, rows] = await this.db.batch([
      this.db
        .select({
          id: connectedAccounts.id,
          platform: connectedAccounts.platform,
          username: connectedAccounts.username,
        })
        .from(connectedAccounts)
        .where(connected),
      this.db
        .select({ row: inboxSources })
        .from(inboxSources)
        .innerJoin(connectedAccounts, eq(connectedAccounts.id, inboxSources.accountId))
        .where(connected),
    ]);
    return accounts.map((a) => ({
      ...a,
      rows: new Map(rows.filter((r) => r.row.accountId === a.id).map(({ row }) => [row.source, row as SourceRow])),
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

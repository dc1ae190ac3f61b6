import { and, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import { chunksOf, D1_MAX_PARAMS, readInRuns } from "../db/chunks";
import type { Db } from "../db/client";
import { connectedAccounts } from "../db/schema/accounts";
import { importedRows } from "../db/schema/imports";
import { media } from "../db/schema/media";
import { DomainError } from "../errors";
import type { Actor, PostStore } from "../posts";
import { type PostFields, postFieldsSchema } from "../posts";
import { type ImportLookups, type ImportRow, rowFields, rowKey } from "./rows";

export interface RowReport {
  row: number;
  errors: string[];
  /** Imported before (same content): importing skips it. */
  duplicate: boolean;
  postId?: string;
}

/** Bulk import (ADR 022): every row checked with the composer's rules; each row created at most once. */
export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly posts: PostStore,
    /** The create-post command (rules, approval, activity, staging), run for each row. */
    private readonly create: (actor: Actor, fields: PostFields) => Promise<{ _id: string }>,
  ) {}

  private async lookups(workspaceId: string, rows: ImportRow[]): Promise<ImportLookups> {
    const accounts = await this.db
      .select({ id: connectedAccounts.id, platform: connectedAccounts.platform, username: connectedAccounts.username })
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.workspaceId, workspaceId), ne(connectedAccounts.status, "disconnected")));
    const refs = [...new Set(rows.flatMap((r) => r.media.split(/[;|,\n]/).map((s) => s.trim().toLowerCase())))].filter(
      Boolean,
    );
    const urlIds = refs.flatMap((r) => /\/media\/(?:s\/)?([\w-]+)/.exec(r)?.[1] ?? []);
    const names = refs.filter((r) => !/^https?:\/\//.test(r));
    // As many names and URLs as the cells hold: each list read in runs within D1's 100 bound parameters (ADR 118).
    const lookup = (match: SQL) =>
      this.db
        .select({ id: media.id, name: sql<string>`lower(${media.originalName})` })
        .from(media)
        .where(and(eq(media.workspaceId, workspaceId), isNull(media.deletedAt), match));
    const [byName, byUrl] = await Promise.all([
      readInRuns(names, 1, (run) => lookup(inArray(sql`lower(${media.originalName})`, run))),
      readInRuns(urlIds, 1, (run) => lookup(inArray(media.id, run))),
    ]);
    const found = [...byName, ...byUrl];
    const ids = new Set(found.map((f) => f.id));
    return {
      accounts,
      mediaByName: new Map(found.map((f) => [f.name, f.id])),
      mediaIdOfUrl: (url) => {
        const id = /\/media\/(?:s\/)?([\w-]+)/.exec(url.toLowerCase())?.[1];
        return id && ids.has(id) ? id : null;
      },
    };
  }

  /** The dry run: each row's problems, in the composer's words, and whether it was imported before. */
  async check(actor: Actor, rows: ImportRow[]) {
    return (await this.checked(actor, rows)).map(({ row, errors, duplicate }) => ({ row, errors, duplicate }));
  }

  private async checked(actor: Actor, rows: ImportRow[]) {
    const lookups = await this.lookups(actor.workspace.id, rows);
    const keys = await Promise.all(rows.map(rowKey));
    const seen = new Set<string>();
    for (const run of chunksOf(keys, D1_MAX_PARAMS - 1)) {
      const some = await this.db
        .select({ key: importedRows.rowKey })
        .from(importedRows)
        .where(and(eq(importedRows.workspaceId, actor.workspace.id), inArray(importedRows.rowKey, run)));
      for (const s of some) seen.add(s.key);
    }
    const out = [];
    for (const [i, row] of rows.entries()) {
      const { fields, errors } = rowFields(row, lookups);
      const parsed = postFieldsSchema.safeParse(fields);
      if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => issue.message));
      else {
        const { messages, problems } = await this.posts.preflight(actor, parsed.data);
        errors.push(...messages, ...problems.map((p) => p.message));
      }
      out.push({
        row: row.row,
        errors: [...new Set(errors)],
        duplicate: seen.has(keys[i]!),
        key: keys[i]!,
        fields: parsed.success ? parsed.data : null,
      });
    }
    return out;
  }

  /**
   * Creates the rows that pass and were not imported before. Each row's key is reserved first (a primary
   * key), so a chunk sent twice, even at once, creates its posts once. A row the rules refuse creates nothing.
   */
  async import(actor: Actor, rows: ImportRow[]): Promise<{ created: number; skipped: number; rows: RowReport[] }> {
    const reports: RowReport[] = [];
    let created = 0;
    let skipped = 0;
    for (const r of await this.checked(actor, rows)) {
      if (r.duplicate) {
        skipped += 1;
        reports.push({ row: r.row, errors: [], duplicate: true });
        continue;
      }
      if (r.errors.length || !r.fields) {
        reports.push({ row: r.row, errors: r.errors, duplicate: false });
        continue;
      }
      const reserved = await this.db
        .insert(importedRows)
        .values({ workspaceId: actor.workspace.id, rowKey: r.key })
        .onConflictDoNothing()
        .returning({ key: importedRows.rowKey });
      if (reserved.length === 0) {
        skipped += 1;
        reports.push({ row: r.row, errors: [], duplicate: true });
        continue;
      }
      try {
        const post = await this.create(actor, r.fields);
        await this.db
          .update(importedRows)
          .set({ postId: post._id })
          .where(and(eq(importedRows.workspaceId, actor.workspace.id), eq(importedRows.rowKey, r.key)));
        created += 1;
        reports.push({ row: r.row, errors: [], duplicate: false, postId: post._id });
      } catch (err) {
        await this.db
          .delete(importedRows)
          .where(and(eq(importedRows.workspaceId, actor.workspace.id), eq(importedRows.rowKey, r.key)));
        if (!(err instanceof DomainError)) throw err;
        reports.push({ row: r.row, errors: [err.message], duplicate: false });
      }
    }
    return { created, skipped, rows: reports };
  }
}

import { and, eq, inArray } from "drizzle-orm";
import { chunksOf, D1_MAX_PARAMS } from "../db/chunks";
import type { Db } from "../db/client";
import { publicNames, workspaces } from "../db/schema/workspaces";

export type PublicNameKind = "link" | "bio";

/**
 * The directory's names of public URLs (ADR 093): `/l/<code>` and `/bio/<handle>` are opened without a session, so
 * the name finds its workspace here, and the workspace its shard, in one directory read whatever the shard count.
 * A name is claimed here before its row is written on the shard, so two shards never hold the same one; the
 * only writer of public_names.
 */
export interface PublicNames {
  /** Claims these names for the workspace; answers the ones it holds now (its own from before included). */
  claim(kind: PublicNameKind, names: readonly string[], workspaceId: string): Promise<Set<string>>;
  /** Gives a name back (a bio page's old handle); only the workspace holding it can. */
  release(kind: PublicNameKind, name: string, workspaceId: string): Promise<void>;
  /** The workspace holding a name and the shard its rows are on, or null for a name nobody holds. */
  place(kind: PublicNameKind, name: string): Promise<{ workspaceId: string; shard: string } | null>;
}

/** The public names in `db`, the directory database. */
export function directoryNames(db: Db): PublicNames {
  return {
    async claim(kind, names, workspaceId) {
      const wanted = [...new Set(names)];
      if (wanted.length === 0) return new Set();
      const rows = wanted.map((name) => ({ kind, name, workspaceId }));
      // A channel's short links (some 2,000 on Facebook): written at 3 parameters a row and read beside 2 other
      // values, in runs within D1's 100 bound parameters (ADR 118).
      // The reads of what the workspace holds then follow in the same batch (one round trip).
      const [first, ...rest] = chunksOf(rows, Math.floor(D1_MAX_PARAMS / 3)).map((run) =>
        db.insert(publicNames).values(run).onConflictDoNothing(),
      );
      const reads = chunksOf(wanted, D1_MAX_PARAMS - 2).map((run) =>
        db
          .select({ name: publicNames.name })
          .from(publicNames)
          .where(
            and(eq(publicNames.kind, kind), inArray(publicNames.name, run), eq(publicNames.workspaceId, workspaceId)),
          ),
      );
      const results = await db.batch([first!, ...rest, ...reads]);
      const held = results.slice(rest.length + 1) as Array<Array<{ name: string }>>;
      return new Set(held.flat().map((r) => r.name));
    },
    async release(kind, name, workspaceId) {
      await db
        .delete(publicNames)
        .where(and(eq(publicNames.kind, kind), eq(publicNames.name, name), eq(publicNames.workspaceId, workspaceId)));
    },
    async place(kind, name) {
      const [row] = await db
        .select({ workspaceId: publicNames.workspaceId, shard: workspaces.shard })
        .from(publicNames)
        .innerJoin(workspaces, eq(workspaces.id, publicNames.workspaceId))
        .where(and(eq(publicNames.kind, kind), eq(publicNames.name, name)));
      return row ?? null;
    },
  };
}

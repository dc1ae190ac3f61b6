import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { savedPieces } from "../db/schema/index";

export type PieceRow = typeof savedPieces.$inferSelect;

/** SQL of the pieces module: the only writer of saved_pieces. */
export class PieceStore {
  constructor(private readonly db: Db) {}

  list(workspaceId: string): Promise<PieceRow[]> {
    return this.db
      .select()
      .from(savedPieces)
      .where(eq(savedPieces.workspaceId, workspaceId))
      .orderBy(asc(savedPieces.kind), asc(savedPieces.name));
  }

  async count(workspaceId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(savedPieces)
      .where(eq(savedPieces.workspaceId, workspaceId));
    return row?.n ?? 0;
  }

  async get(workspaceId: string, id: string): Promise<PieceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(savedPieces)
      .where(and(eq(savedPieces.workspaceId, workspaceId), eq(savedPieces.id, id)));
    return row;
  }

  /** Inserts the piece; false when the channel already has a signature (the unique index decides a race). */
  async insert(row: typeof savedPieces.$inferInsert): Promise<boolean> {
    try {
      await this.db.insert(savedPieces).values(row);
      return true;
    } catch (error) {
      if (String((error as Error).cause ?? error).includes("UNIQUE")) return false;
      throw error;
    }
  }

  async update(workspaceId: string, id: string, patch: Partial<Pick<PieceRow, "name" | "body" | "updatedAt">>) {
    await this.db
      .update(savedPieces)
      .set(patch)
      .where(and(eq(savedPieces.workspaceId, workspaceId), eq(savedPieces.id, id)));
  }

  /** Deletes the piece; answers its name, or undefined when the workspace has no such piece. */
  async remove(workspaceId: string, id: string): Promise<string | undefined> {
    const [gone] = await this.db
      .delete(savedPieces)
      .where(and(eq(savedPieces.workspaceId, workspaceId), eq(savedPieces.id, id)))
      .returning({ name: savedPieces.name });
    return gone?.name;
  }
}

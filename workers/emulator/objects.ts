import { and, desc, eq, gte } from "drizzle-orm";
import type { Db } from "../db/client";
import { emuObjects } from "../db/schema/emulator";

/** The generic remote-object store every sub-app keeps its containers, posts and uploads in. */
export type EmuObject = typeof emuObjects.$inferSelect;

export async function createObject(db: Db, obj: Omit<EmuObject, "status" | "readyAt"> & Partial<Pick<EmuObject, "status" | "readyAt">>) {
  const row: EmuObject = { status: null, readyAt: null, ...obj };
  await db.insert(emuObjects).values(row);
  return row;
}

export async function getObject(db: Db, platform: string, id: string): Promise<EmuObject | null> {
  return (await db.select().from(emuObjects).where(and(eq(emuObjects.platform, platform), eq(emuObjects.id, id))).get()) ?? null;
}

export async function updateObject(db: Db, platform: string, id: string, patch: Partial<Pick<EmuObject, "status" | "data" | "readyAt">>) {
  await db.update(emuObjects).set(patch).where(and(eq(emuObjects.platform, platform), eq(emuObjects.id, id)));
}

export async function deleteObject(db: Db, platform: string, id: string) {
  await db.delete(emuObjects).where(and(eq(emuObjects.platform, platform), eq(emuObjects.id, id)));
}

export async function listObjects(db: Db, platform: string, kind: string, owner: string, opts: { since?: number; limit?: number } = {}) {
  return db
    .select()
    .from(emuObjects)
    .where(and(eq(emuObjects.platform, platform), eq(emuObjects.kind, kind), eq(emuObjects.owner, owner), gte(emuObjects.createdAt, opts.since ?? 0)))
    .orderBy(desc(emuObjects.createdAt))
    .limit(opts.limit ?? 100)
    .all();
}

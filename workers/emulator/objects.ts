import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { emuObjects } from "../db/schema/emulator";

/** The generic remote-object store every sub-app keeps its containers, posts and uploads in. */
export type EmuObject = typeof emuObjects.$inferSelect;

export async function createObject(
  db: Db,
  obj: Omit<EmuObject, "status" | "readyAt"> & Partial<Pick<EmuObject, "status" | "readyAt">>,
) {
  const row: EmuObject = { status: null, readyAt: null, ...obj };
  await db.insert(emuObjects).values(row);
  return row;
}

/** Stores an object that may already be there (one that appeared over the clock and is now addressable); keeps the first. */
export async function keepObject(db: Db, obj: Omit<EmuObject, "status" | "readyAt">) {
  await db
    .insert(emuObjects)
    .values({ status: null, readyAt: null, ...obj })
    .onConflictDoNothing();
}

/** Adds one to a counter object in a single statement, so parallel requests never collide on creating it. */
export async function incrementCounter(
  db: Db,
  obj: Pick<EmuObject, "id" | "platform" | "kind" | "owner" | "createdAt">,
): Promise<number> {
  const row = await db
    .insert(emuObjects)
    .values({ ...obj, status: null, readyAt: null, data: { count: 1 } })
    .onConflictDoUpdate({
      target: emuObjects.id,
      set: {
        data: sql`json_set(${emuObjects.data}, '$.count', coalesce(json_extract(${emuObjects.data}, '$.count'), 0) + 1)`,
      },
    })
    .returning({ data: emuObjects.data })
    .get();
  return Number(row?.data.count ?? 1);
}

export async function getObject(db: Db, platform: string, id: string): Promise<EmuObject | null> {
  return (
    (await db
      .select()
      .from(emuObjects)
      .where(and(eq(emuObjects.platform, platform), eq(emuObjects.id, id)))
      .get()) ?? null
  );
}

export async function updateObject(
  db: Db,
  platform: string,
  id: string,
  patch: Partial<Pick<EmuObject, "status" | "data" | "readyAt">>,
) {
  await db
    .update(emuObjects)
    .set(patch)
    .where(and(eq(emuObjects.platform, platform), eq(emuObjects.id, id)));
}

export async function deleteObject(db: Db, platform: string, id: string) {
  await db.delete(emuObjects).where(and(eq(emuObjects.platform, platform), eq(emuObjects.id, id)));
}

/** What narrows a listing beside platform and kind: the owner, created-at bounds and fields of `data` (null: absent). */
export interface ObjectWhere {
  owner?: string;
  since?: number;
  until?: number;
  data?: Record<string, string | number | null>;
}

function conditionsOf(platform: string, kind: string, where: ObjectWhere): SQL[] {
  const fields = Object.entries(where.data ?? {}).map(([field, value]) => {
    const at = sql`json_extract(${emuObjects.data}, ${`$.${field}`})`;
    return value === null ? sql`${at} IS NULL` : sql`${at} = ${value}`;
  });
  return [
    eq(emuObjects.platform, platform),
    eq(emuObjects.kind, kind),
    ...(where.owner === undefined ? [] : [eq(emuObjects.owner, where.owner)]),
    ...(where.since === undefined ? [] : [gte(emuObjects.createdAt, where.since)]),
    ...(where.until === undefined ? [] : [lte(emuObjects.createdAt, where.until)]),
    ...fields,
  ];
}

/** A platform's objects of one kind that match `where`, newest first; all of them unless `limit` is given. */
export async function findObjects(db: Db, platform: string, kind: string, where: ObjectWhere, limit?: number) {
  const query = db
    .select()
    .from(emuObjects)
    .where(and(...conditionsOf(platform, kind, where)))
    .orderBy(desc(emuObjects.createdAt));
  return (limit === undefined ? query : query.limit(limit)).all();
}

/** An owner's objects of one kind (since a time), newest first: the first 100 unless `limit` says. */
export async function listObjects(
  db: Db,
  platform: string,
  kind: string,
  owner: string,
  opts: { since?: number; limit?: number } = {},
) {
  return findObjects(db, platform, kind, { owner, since: opts.since ?? 0 }, opts.limit ?? 100);
}

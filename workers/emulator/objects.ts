import { and, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from "drizzle-orm";
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

/** How a field of `data` must read: equal to a value (null: absent), one of several, starting with or (any case) holding text. */
export type DataMatch =
  | string
  | number
  | null
  | { in: (string | number)[] }
  | { startsWith: string }
  | { contains: string };

/** What narrows a listing beside platform and kind: the owner (or any other), created-at bounds and fields of `data`. */
export interface ObjectWhere {
  owner?: string;
  notOwner?: string;
  since?: number;
  until?: number;
  data?: Record<string, DataMatch>;
}

function dataCondition(field: string, match: DataMatch): SQL {
  const at = sql`json_extract(${emuObjects.data}, ${`$.${field}`})`;
  if (match === null) return sql`${at} IS NULL`;
  if (typeof match !== "object") return sql`${at} = ${match}`;
  if ("in" in match) return match.in.length ? inArray(at, match.in) : sql`0`;
  // Not LIKE: D1 refuses a pattern over 50 bytes, and an at-uri prefix is longer.
  if ("startsWith" in match) return sql`substr(${at}, 1, ${match.startsWith.length}) = ${match.startsWith}`;
  return sql`instr(lower(${at}), ${match.contains.toLowerCase()}) > 0`;
}

function conditionsOf(platform: string, kind: string | readonly string[], where: ObjectWhere): SQL[] {
  return [
    eq(emuObjects.platform, platform),
    typeof kind === "string" ? eq(emuObjects.kind, kind) : inArray(emuObjects.kind, [...kind]),
    ...(where.owner === undefined ? [] : [eq(emuObjects.owner, where.owner)]),
    ...(where.notOwner === undefined ? [] : [ne(emuObjects.owner, where.notOwner)]),
    ...(where.since === undefined ? [] : [gte(emuObjects.createdAt, where.since)]),
    ...(where.until === undefined ? [] : [lte(emuObjects.createdAt, where.until)]),
    ...Object.entries(where.data ?? {}).map(([field, match]) => dataCondition(field, match)),
  ];
}

/** A platform's objects of one kind (or of several) that match `where`, newest first; all unless `limit` is given. */
export async function findObjects(
  db: Db,
  platform: string,
  kind: string | readonly string[],
  where: ObjectWhere,
  limit?: number,
) {
  const query = db
    .select()
    .from(emuObjects)
    .where(and(...conditionsOf(platform, kind, where)))
    // Objects made at the same instant: the later written first, as newest-first reads them.
    .orderBy(desc(emuObjects.createdAt), sql`rowid desc`);
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

/** How many of a platform's objects of one kind match `where`. */
export async function countObjects(db: Db, platform: string, kind: string, where: ObjectWhere): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(emuObjects)
    .where(and(...conditionsOf(platform, kind, where)))
    .get();
  return row?.n ?? 0;
}

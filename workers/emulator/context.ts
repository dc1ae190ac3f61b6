import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { createDb, type Db } from "../db/client";
import { emuSettings } from "../db/schema/emulator";
import type { BodyPart } from "./request";

/** Every emulator sub-app shares this env: the D1 handle and the emulator clock read once per request. */
export type EmuEnv = { Bindings: Env; Variables: { db: Db; now: number; uploads?: Map<string, BodyPart> } };
export type EmuContext = Context<EmuEnv>;

const CLOCK_KEY = "clock_offset_ms";

export async function clockOffset(db: Db): Promise<number> {
  const row = await db.select().from(emuSettings).where(eq(emuSettings.key, CLOCK_KEY)).get();
  return row ? Number(row.value) : 0;
}

export async function advanceClock(db: Db, byMs: number): Promise<number> {
  const next = (await clockOffset(db)) + byMs;
  await db
    .insert(emuSettings)
    .values({ key: CLOCK_KEY, value: String(next) })
    .onConflictDoUpdate({ target: emuSettings.key, set: { value: String(next) } });
  return next;
}

/** The emulator's "now" is real time plus an offset tests move forward, so nothing ever sleeps. */
export const emuContext = createMiddleware<EmuEnv>(async (c, next) => {
  const db = createDb(c.env.DB);
  c.set("db", db);
  c.set("now", Date.now() + (await clockOffset(db)));
  await next();
});

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

/**
 * Platform settings the docs leave open, changed through `POST /sandbox/settings` (PLATFORMS.md §2.2: Instagram's
 * publishing quota is 50 posts / 24 h in the media_publish reference, 100 in another section; clients read it;
 * `tiktokAudited: 0` is a TikTok app before its audit, whose Direct Posts may only be SELF_ONLY).
 */
export const SETTINGS_DEFAULTS = {
  instagramQuotaTotal: 50,
  tiktokAudited: 1,
  businessProfileQuota: 300,
  /** 1: the Pinterest app has Trial access (1,000 requests a day, pins visible only to their creator); 0: Standard. */
  pinterestTrialAccess: 0,
};
export type EmuSettings = typeof SETTINGS_DEFAULTS;

export async function emuSetting<K extends keyof EmuSettings>(db: Db, key: K): Promise<EmuSettings[K]> {
  const row = await db.select().from(emuSettings).where(eq(emuSettings.key, key)).get();
  return row ? Number(row.value) : SETTINGS_DEFAULTS[key];
}

export async function setEmuSettings(db: Db, settings: Partial<EmuSettings>) {
  for (const [key, value] of Object.entries(settings))
    await db
      .insert(emuSettings)
      .values({ key, value: String(value) })
      .onConflictDoUpdate({ target: emuSettings.key, set: { value: String(value) } });
}

/** The emulator's "now" is real time plus an offset tests move forward, so nothing ever sleeps. */
export const emuContext = createMiddleware<EmuEnv>(async (c, next) => {
  const db = createDb(c.env.DB);
  c.set("db", db);
  c.set("now", Date.now() + (await clockOffset(db)));
  await next();
});

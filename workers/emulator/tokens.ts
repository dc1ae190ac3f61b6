import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { type EmuGrant, emuCodes, emuTokens } from "../db/schema/emulator";
import { opaqueToken } from "./ids";

/** Issued tokens and authorization codes, shared by every platform's OAuth emulation. */

export type TokenRow = typeof emuTokens.$inferSelect;

export async function issueToken(
  db: Db,
  input: {
    platform: string;
    kind: string;
    grant: EmuGrant;
    scopes: string;
    now: number;
    ttlMs: number | null;
    prefix: string;
  },
): Promise<TokenRow> {
  const row: TokenRow = {
    token: opaqueToken(input.prefix),
    platform: input.platform,
    kind: input.kind,
    grant: input.grant,
    scopes: input.scopes,
    issuedAt: input.now,
    expiresAt: input.ttlMs === null ? null : input.now + input.ttlMs,
    revokedAt: null,
  };
  await db.insert(emuTokens).values(row);
  return row;
}

export type TokenCheck = { ok: true; row: TokenRow } | { ok: false; reason: "invalid" | "expired"; row?: TokenRow };

export async function checkToken(
  db: Db,
  platform: string,
  token: string | undefined | null,
  now: number,
): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: "invalid" };
  const row = await db
    .select()
    .from(emuTokens)
    .where(and(eq(emuTokens.token, token), eq(emuTokens.platform, platform)))
    .get();
  if (!row || row.revokedAt !== null) return { ok: false, reason: "invalid" };
  if (row.expiresAt !== null && row.expiresAt <= now) return { ok: false, reason: "expired", row };
  return { ok: true, row };
}

/**
 * Uses a single-use token (a rotating refresh token): it is revoked in the statement that finds it, so of two
 * requests racing with the same token only one succeeds, as on the platforms. Null when it is unknown, used,
 * revoked, expired or of another kind.
 */
export async function consumeToken(
  db: Db,
  platform: string,
  kind: string,
  token: string | undefined | null,
  now: number,
): Promise<TokenRow | null> {
  if (!token) return null;
  const row = await db
    .update(emuTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(emuTokens.token, token),
        eq(emuTokens.platform, platform),
        eq(emuTokens.kind, kind),
        isNull(emuTokens.revokedAt),
        or(isNull(emuTokens.expiresAt), gt(emuTokens.expiresAt, now)),
      ),
    )
    .returning()
    .get();
  return row ?? null;
}

/** Revokes every live token of a platform; returns how many. */
export async function revokeAll(db: Db, platform: string, now: number): Promise<number> {
  const rows = await db
    .update(emuTokens)
    .set({ revokedAt: now })
    .where(and(eq(emuTokens.platform, platform), isNull(emuTokens.revokedAt)))
    .returning({ token: emuTokens.token });
  return rows.length;
}

export async function issueCode(
  db: Db,
  input: {
    platform: string;
    clientId: string;
    redirectUri: string;
    scopes: string;
    codeChallenge: string | null;
    grant: EmuGrant;
    now: number;
    ttlMs: number;
  },
): Promise<string> {
  const code = opaqueToken("AQ", 24);
  await db.insert(emuCodes).values({
    code,
    platform: input.platform,
    clientId: input.clientId,
    redirectUri: input.redirectUri,
    scopes: input.scopes,
    codeChallenge: input.codeChallenge,
    grant: input.grant,
    expiresAt: input.now + input.ttlMs,
  });
  return code;
}

/** Single use: the code is marked used in the same statement that checks it, so a replay finds nothing. */
export async function redeemCode(
  db: Db,
  input: { platform: string; code: string; clientId: string; redirectUri: string; now: number },
): Promise<typeof emuCodes.$inferSelect | null> {
  const row = await db
    .update(emuCodes)
    .set({ usedAt: input.now })
    .where(and(eq(emuCodes.code, input.code), eq(emuCodes.platform, input.platform), isNull(emuCodes.usedAt)))
    .returning()
    .get();
  if (!row || row.expiresAt <= input.now || row.clientId !== input.clientId || row.redirectUri !== input.redirectUri)
    return null;
  return row;
}

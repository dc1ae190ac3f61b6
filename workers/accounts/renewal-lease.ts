import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { connectedAccounts } from "../db/schema/accounts";
import { PlatformError } from "../platforms";
import { BRAND } from "./connect";

type AccountRow = typeof connectedAccounts.$inferSelect;

/**
 * How long one caller holds an account's renewal (ADR 111): longer than a token call takes, short enough that a
 * holder that crashed mid-call stops blocking the account before a queue retry comes back.
 */
export const RENEWAL_LEASE_MS = 30_000;
/** How often a caller waiting on another's renewal reads the account again. */
const POLL_MS = 200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The account was disconnected (or never existed): the publisher fails the target, nothing to retry. */
export class AccountGoneError extends Error {
  constructor(readonly accountId: string) {
    super("The connected account no longer exists.");
  }
}

/**
 * Runs `renew` for one caller at a time per account (ADR 111). X, TikTok and Bluesky rotate refresh tokens: a
 * second renewal with the same refresh token is refused, which used to flag a healthy account for reconnecting.
 * The caller that takes the lease renews (and `renew` must release it, `releaseRenewal`, on every way out); the
 * others wait for its tokens, or its refusal, and take the lease themselves if it lapsed with nothing new.
 */
export async function renewOnce(
  db: Db,
  now: () => number,
  row: AccountRow,
  renew: (held: AccountRow) => Promise<AccountRow>,
): Promise<AccountRow> {
  const deadline = now() + 2 * RENEWAL_LEASE_MS;
  for (;;) {
    const at = now();
    const held = await db
      .update(connectedAccounts)
      .set({ refreshingUntil: at + RENEWAL_LEASE_MS })
      .where(
        and(
          eq(connectedAccounts.id, row.id),
          or(isNull(connectedAccounts.refreshingUntil), lte(connectedAccounts.refreshingUntil, at)),
        ),
      )
      .returning()
      .get();
    if (held) {
      // Renewed by someone else between the caller's read and this lease: theirs is the token to use.
      if (held.accessTokenEnc !== row.accessTokenEnc && held.status === "connected") {
        await releaseRenewal(db, row.id);
        return { ...held, refreshingUntil: null };
      }
      return renew(held);
    }
    if (at > deadline)
      throw new PlatformError("retryable", `${BRAND[row.platform]} access is still being renewed.`, {
        platform: row.platform,
      });
    await pause(POLL_MS);
    const current = await db.select().from(connectedAccounts).where(eq(connectedAccounts.id, row.id)).get();
    if (!current || current.status === "disconnected") throw new AccountGoneError(row.id);
    if (current.refreshingUntil !== null && current.refreshingUntil > now()) continue;
    if (current.status === "needs_reconnect")
      throw new PlatformError("auth", current.statusReason ?? "Please reconnect this account.", {
        platform: row.platform,
      });
    if (current.accessTokenEnc !== row.accessTokenEnc) return current;
    // The holder gave up without new tokens (an outage, a crash): take the lease and renew here.
  }
}

export async function releaseRenewal(db: Db, accountId: string) {
  await db.update(connectedAccounts).set({ refreshingUntil: null }).where(eq(connectedAccounts.id, accountId));
}

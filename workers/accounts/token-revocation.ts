import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { connectedAccounts } from "../db/schema/accounts";
import type { PlatformRegistry } from "../platforms";
import type { TokenCipher } from "./token-crypto";

/**
 * The platform's revocation of the tokens a disconnect forgets (OAuth's RFC 7009, a Bluesky session's deletion).
 * A refusal or an outage is only logged: the account is gone from Postline either way.
 */
export async function revokeTokens(
  deps: { registry: PlatformRegistry; cipher: TokenCipher },
  row: typeof connectedAccounts.$inferSelect,
) {
  const client = deps.registry[row.platform];
  if (!client?.revoke || !row.accessTokenEnc) return;
  try {
    const tokens = {
      accessToken: await deps.cipher.decrypt(row.accessTokenEnc),
      refreshToken: row.refreshTokenEnc ? await deps.cipher.decrypt(row.refreshTokenEnc) : null,
    };
    await client.revoke(tokens, { platformUserId: row.platformUserId, metadata: row.metadata ?? {} });
  } catch (err) {
    console.warn("token revocation failed on disconnect", row.platform, row.id, err);
  }
}

/**
 * For a workspace being deleted: reads its accounts' tokens now and returns the call that revokes them at the
 * networks, made once the rows are gone (as a disconnect does: a revocation never keeps anything connected).
 */
export async function workspaceRevocation(
  deps: { db: Db; registry: PlatformRegistry; cipher: TokenCipher },
  workspaceId: string,
): Promise<() => Promise<void>> {
  const rows = await deps.db
    .select()
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.workspaceId, workspaceId), ne(connectedAccounts.accessTokenEnc, "")));
  return async () => {
    await Promise.all(rows.map((row) => revokeTokens(deps, row)));
  };
}

import type { connectedAccounts } from "../db/schema/accounts";
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

import { and, eq, isNull } from "drizzle-orm";
import type { AuthContext } from "../auth";
import { randomToken, sha256Hex } from "../crypto";
import type { Db } from "../db/client";
import type { connectedAccounts } from "../db/schema/accounts";
import { oauthStates } from "../db/schema/oauth";
import { Invalid, notFound, Unavailable } from "../errors";
import { byPlatform, type Platform } from "../platform-profile";
import {
  type AuthorizeStart,
  callbackUrl,
  normalizeInstance,
  type PlatformClient,
  PlatformError,
  type RemoteAccount,
  type TokenSet,
} from "../platforms";
import { placedToken } from "../tenancy/public-token";
import type { TokenCipher } from "./token-crypto";

/** Connecting accounts: the OAuth consent (start, callback) and the app-password sign-in, storing what they bring. */

export const STATE_TTL_MS = 10 * 60_000;

export const ConnectMessages = {
  badState: "This connection request is invalid or has expired. Please try connecting again.",
  denied: (brand: string) => `You cancelled the ${brand} connection.`,
  noCode: "The platform did not return an authorization code.",
  noAccounts: (brand: string) => `No ${brand} account was found for this login.`,
  instance: (brand: string) => `Enter the domain of your ${brand} server, like mastodon.social.`,
} as const;

export const BRAND = byPlatform((p) => p.brand);

type AccountRow = typeof connectedAccounts.$inferSelect;

/** A reconnect of this account: the permission it lacks, when a refusal named one (metadata.missingPermission). */
function missingPermissions(row: AccountRow): { missing: string[] } {
  const missing = row.metadata?.missingPermission;
  return { missing: typeof missing === "string" ? [missing] : [] };
}

/** A failure of the OAuth callback; its message goes back to the settings page. */
export class ConnectError extends Error {}

/** What connecting needs of AccountsService: the platform's client, the workspace's account, storing accounts. */
export interface ConnectDeps {
  db: Db;
  cipher: TokenCipher;
  now: () => number;
  origin: string;
  client: (platform: Platform) => PlatformClient;
  owned: (workspaceId: string, id: string) => Promise<AccountRow>;
  /** Stores the accounts a consent or sign-in brought (AccountsService keeps connected_accounts' writes). */
  store: (
    workspaceId: string,
    userId: string,
    platform: Platform,
    tokens: TokenSet,
    remote: RemoteAccount[],
  ) => Promise<string[]>;
}

/**
 * Starts a consent: stores the hashed state and the encrypted PKCE verifier, returns the authorize URL.
 * `reconnectId` names the workspace's account being reconnected: the consent then asks again for the
 * permission the platform refused it (missingPermission, stored when it was flagged).
 */
export async function startConnect(
  deps: ConnectDeps,
  auth: AuthContext,
  workspaceId: string,
  platform: Platform,
  variant?: string,
  reconnectId?: string,
  named?: string,
): Promise<URL> {
  const client = deps.client(platform);
  const chosen = variant ?? client.variants?.[0];
  if (client.variants ? !chosen || !client.variants.includes(chosen) : variant !== undefined) {
    throw new Invalid(`Unknown connection type for ${BRAND[platform]}.`);
  }
  const reconnecting = reconnectId ? await deps.owned(workspaceId, reconnectId) : undefined;
  const reconnect = reconnecting && missingPermissions(reconnecting);
  // Open networks: the server the user named, or, for a reconnect, the one the account is on (ADR 059).
  let instance: string | undefined;
  if (client.perInstance) {
    const known = reconnecting?.metadata?.[client.named?.metadataKey ?? "instance"];
    const normalize = client.named?.normalize ?? normalizeInstance;
    instance = typeof known === "string" ? known : (normalize(named ?? "") ?? undefined);
    if (!instance) throw new Invalid(client.named?.hint ?? ConnectMessages.instance(BRAND[platform]));
  }
  // The state names the workspace: the return finds its shard whatever workspace the browser is in by then.
  const state = placedToken(workspaceId, randomToken(32));
  const codeVerifier = randomToken(48);
  const redirectUri = callbackUrl(deps.origin, platform);
  let start: URL | AuthorizeStart;
  try {
    start = await client.authorizeUrl({ state, redirectUri, codeVerifier, variant: chosen, reconnect, instance });
  } catch (err) {
    // A live server without this platform's app credentials: say which settings are missing.
    if (err instanceof PlatformError) throw new Unavailable(`${BRAND[platform]} cannot be connected: ${err.message}`);
    throw err;
  }
  await deps.db.insert(oauthStates).values({
    id: crypto.randomUUID(),
    stateHash: await sha256Hex(state),
    workspaceId,
    userId: auth.user.id,
    sessionId: auth.sessionId,
    platform,
    variant: chosen ?? null,
    instance: instance ?? null,
    codeVerifierEnc: await deps.cipher.encrypt(codeVerifier),
    clientStateEnc: start instanceof URL ? null : await deps.cipher.encrypt(start.secret),
    redirectUri,
    expiresAt: deps.now() + STATE_TTL_MS,
  });
  return start instanceof URL ? start : start.url;
}

/**
 * The OAuth callback. The state must exist, belong to this user and session, be unused and unexpired;
 * it is consumed before anything else happens, so a replay or a Deny leaves nothing usable behind.
 */
/** Returns the ids of the accounts stored (new, or the same platform accounts connected again). */
export async function completeConnect(
  deps: ConnectDeps,
  auth: AuthContext,
  platform: Platform,
  params: URLSearchParams,
): Promise<string[]> {
  const client = deps.client(platform);
  const state = params.get("state");
  if (!state) throw new ConnectError(ConnectMessages.badState);
  const now = deps.now();
  const row = await deps.db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, await sha256Hex(state)),
        eq(oauthStates.userId, auth.user.id),
        eq(oauthStates.sessionId, auth.sessionId),
        eq(oauthStates.platform, platform),
        isNull(oauthStates.usedAt),
      ),
    )
    .returning()
    .get();
  if (!row || row.expiresAt <= now) throw new ConnectError(ConnectMessages.badState);
  if (params.get("error")) throw new ConnectError(ConnectMessages.denied(BRAND[platform]));
  const code = params.get("code");
  if (!code) throw new ConnectError(ConnectMessages.noCode);
  const codeVerifier = row.codeVerifierEnc ? await deps.cipher.decrypt(row.codeVerifierEnc) : undefined;
  const variant = row.variant ?? undefined;
  const instance = row.instance ?? undefined;
  const secret = row.clientStateEnc ? await deps.cipher.decrypt(row.clientStateEnc) : undefined;
  const issuer = params.get("iss") ?? undefined;
  try {
    const tokens = await client.exchangeCode({
      code,
      redirectUri: row.redirectUri,
      codeVerifier,
      variant,
      instance,
      secret,
      issuer,
    });
    const remote = await client.accounts(tokens, variant, instance);
    if (remote.length === 0) throw new ConnectError(ConnectMessages.noAccounts(BRAND[platform]));
    // Into the workspace the consent was started in, whatever the browser switched to meanwhile.
    return await deps.store(row.workspaceId, auth.user.id, platform, tokens, remote);
  } catch (err) {
    if (err instanceof PlatformError) throw new ConnectError(`${BRAND[platform]}: ${err.message}`);
    throw err;
  }
}

/**
 * Connects with a handle and an app password (Bluesky): the client signs in on the account's own server and
 * the tokens are stored encrypted like a consent's; the password itself is never stored. A refusal is the
 * user's to fix (a mistyped handle or password): 400 with the platform's words; an outage is a 503.
 */
export async function signIn(
  deps: ConnectDeps,
  auth: AuthContext,
  workspaceId: string,
  platform: Platform,
  input: { identifier: string; appPassword: string },
): Promise<string[]> {
  const client = deps.client(platform);
  if (!client.signIn) throw notFound();
  try {
    const { tokens, accounts } = await client.signIn({ identifier: input.identifier, password: input.appPassword });
    return await deps.store(workspaceId, auth.user.id, platform, tokens, accounts);
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    if (err.kind === "retryable") throw new Unavailable(`${BRAND[platform]} could not be reached: ${err.message}`);
    throw new Invalid(`${BRAND[platform]}: ${err.message}`);
  }
}

import { and, eq, ne, sql } from "drizzle-orm";
import type { AuthContext } from "../auth";
import type { EmitEvent } from "../automation";
import type { Db } from "../db/client";
import { connectedAccounts } from "../db/schema/accounts";
import { notFound } from "../errors";
import { PLATFORM_NAMES, type Platform } from "../platform-profile";
import type { PlatformRegistry } from "../platforms";
import {
  type AccountCredentials,
  type PlatformClient,
  PlatformError,
  type RemoteAccount,
  type TokenSet,
} from "../platforms";
import { recordActivity } from "../workspaces";
import { BRAND, type ConnectDeps, completeConnect, signIn, startConnect } from "./connect";
import { healthFacts, refreshDue } from "./health";
import { reconnectReason } from "./reconnect";
import { AccountGoneError, releaseRenewal, renewOnce } from "./renewal-lease";
import type { TokenCipher } from "./token-crypto";
import { revokeTokens, workspaceRevocation } from "./token-revocation";
import { type AccountView, toAccountView } from "./view";

/** A token this close to expiry is refreshed before it is handed out. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

type AccountRow = typeof connectedAccounts.$inferSelect;

export interface AccountsDeps {
  db: Db;
  registry: PlatformRegistry;
  cipher: TokenCipher;
  now: () => number;
  origin: string;
  /** Webhook events (account.needs_reconnect). */
  emit: EmitEvent;
  /** Holds the flagged account's scheduled channels ("Waiting for reconnect") instead of letting them fail. */
  holdChannels: (accountId: string, reason: string) => Promise<void>;
}

/** Connected accounts: connecting (connect.ts), the list, refresh, health checks and disconnect. */
export class AccountsService {
  constructor(private deps: AccountsDeps) {}

  client(platform: Platform): PlatformClient {
    const client = this.deps.registry[platform];
    if (!client) throw notFound();
    return client;
  }

  /** Starts a consent (connect.ts); `reconnectId` asks again for what the platform refused that account. */
  start(
    auth: AuthContext,
    workspaceId: string,
    platform: Platform,
    variant?: string,
    reconnectId?: string,
    named?: string,
  ) {
    return startConnect(this.connectDeps(), auth, workspaceId, platform, variant, reconnectId, named);
  }

  /** The OAuth callback (connect.ts): the ids of the accounts stored. */
  complete(auth: AuthContext, platform: Platform, params: URLSearchParams) {
    return completeConnect(this.connectDeps(), auth, platform, params);
  }

  /** Connects with a handle and an app password (connect.ts). */
  signIn(
    auth: AuthContext,
    workspaceId: string,
    platform: Platform,
    input: { identifier: string; appPassword: string },
  ) {
    return signIn(this.connectDeps(), auth, workspaceId, platform, input);
  }

  private connectDeps(): ConnectDeps {
    return {
      ...this.deps,
      client: (platform) => this.client(platform),
      owned: (workspaceId, id) => this.owned(workspaceId, id),
      store: (...args) => this.store(...args),
    };
  }

  private async store(
    workspaceId: string,
    userId: string,
    platform: Platform,
    tokens: TokenSet,
    remote: RemoteAccount[],
  ): Promise<string[]> {
    const { db, cipher } = this.deps;
    // Accounts from one consent share an owner key, so the UI can group an Instagram account with its Page.
    const ownerKey = `${platform}:${String(remote[0]!.metadata?.fbUserId ?? remote[0]!.platformUserId)}`;
    const now = this.deps.now();
    const statements = [];
    for (const account of remote) {
      const own = account.tokens ?? tokens;
      const values = {
        platform: account.platform ?? platform,
        platformUserId: account.platformUserId,
        username: account.username,
        displayName: account.displayName,
        profilePicture: account.profilePicture ?? null,
        followerCount: account.followerCount ?? null,
        accountType: account.accountType,
        connectionType: String(account.metadata?.connectionType ?? "standard"),
        status: "connected" as const,
        statusReason: null,
        accessTokenEnc: await cipher.encrypt(own.accessToken),
        refreshTokenEnc: own.refreshToken ? await cipher.encrypt(own.refreshToken) : null,
        tokenExpiresAt: own.expiresAt,
        refreshExpiresAt: own.refreshExpiresAt ?? null,
        scopes: own.scopes?.join(" ") ?? null,
        ownerKey,
        metadata: account.metadata ?? {},
        updatedAt: now,
      };
      statements.push(
        db
          .insert(connectedAccounts)
          .values({ id: crypto.randomUUID(), workspaceId, userId, connectedAt: now, ...values })
          .onConflictDoUpdate({
            target: [connectedAccounts.workspaceId, connectedAccounts.platform, connectedAccounts.platformUserId],
            // A reconnect that brings no refresh token (Google without a fresh consent) keeps the stored one.
            set: own.refreshToken
              ? values
              : {
                  ...values,
                  refreshTokenEnc: sql`${connectedAccounts.refreshTokenEnc}`,
                  refreshExpiresAt: sql`${connectedAccounts.refreshExpiresAt}`,
                },
          })
          .returning({ id: connectedAccounts.id }),
      );
    }
    const stored = (await db.batch(statements as [(typeof statements)[number], ...typeof statements])).flat();
    await db.batch(
      stored.map((r, i) =>
        recordActivity(db, {
          workspaceId,
          userId,
          action: "connected",
          subject: "account",
          subjectId: r.id,
          summary: `${remote[i]!.displayName} on ${PLATFORM_NAMES[remote[i]!.platform ?? platform]}`,
          at: now,
        }),
      ) as [ReturnType<typeof recordActivity>],
    );
    return stored.map((r) => r.id);
  }

  async list(workspaceId: string): Promise<AccountView[]> {
    const rows = await this.deps.db
      .select()
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.workspaceId, workspaceId), ne(connectedAccounts.status, "disconnected")))
      .orderBy(connectedAccounts.connectedAt)
      .all();
    return rows.map((row) => toAccountView(row, this.deps.now()));
  }

  private async owned(workspaceId: string, id: string): Promise<AccountRow> {
    const row = await this.deps.db
      .select()
      .from(connectedAccounts)
      .where(
        and(
          eq(connectedAccounts.id, id),
          eq(connectedAccounts.workspaceId, workspaceId),
          ne(connectedAccounts.status, "disconnected"),
        ),
      )
      .get();
    if (!row) throw notFound();
    return row;
  }

  async get(workspaceId: string, id: string): Promise<AccountView> {
    return toAccountView(await this.owned(workspaceId, id), this.deps.now());
  }

  /**
   * Forgets the account's tokens and hides it; the row stays (status `disconnected`) so its held channels
   * and published history keep their account, and a reconnect of the same platform account revives it.
   */
  /** Forgets the account's tokens; `by` is the member who asked (for the activity log). */
  async disconnect(workspaceId: string, id: string, by: string): Promise<AccountView> {
    const row = await this.owned(workspaceId, id);
    await recordActivity(this.deps.db, {
      workspaceId,
      userId: by,
      action: "disconnected",
      subject: "account",
      subjectId: row.id,
      summary: `${row.displayName} on ${PLATFORM_NAMES[row.platform]}`,
      at: this.deps.now(),
    });
    await this.deps.db
      .update(connectedAccounts)
      .set({
        status: "disconnected",
        statusReason: null,
        accessTokenEnc: "",
        refreshTokenEnc: null,
        tokenExpiresAt: null,
        refreshExpiresAt: null,
        updatedAt: this.deps.now(),
      })
      .where(eq(connectedAccounts.id, row.id));
    // After the row forgets them: a revocation that fails or hangs never keeps the account connected.
    await revokeTokens(this.deps, row);
    return toAccountView(row, this.deps.now());
  }

  /** For a workspace being deleted: its tokens' revocation, read now and made later (token-revocation.ts). */
  revocationOf = (workspaceId: string) => workspaceRevocation(this.deps, workspaceId);

  /**
   * Refreshes the workspace's account now (the "Refresh connection" action); a failure marks it needs_reconnect.
   * Tokens without an expiry (Facebook Page tokens) have nothing to refresh.
   */
  async refreshOwned(workspaceId: string, id: string): Promise<AccountView> {
    const row = await this.owned(workspaceId, id);
    return toAccountView(row.tokenExpiresAt === null ? row : await this.refreshRow(row), this.deps.now());
  }

  /**
   * What the publisher and the analytics sync call: valid credentials for an account, refreshed first when
   * the token expires within REFRESH_MARGIN_MS. Throws PlatformError `auth` when the user must reconnect. `read`: the
   * rows of `accountRead`, when the caller read them in its own batch.
   */
  async accountCredentials(accountId: string, read?: AccountRow[]): Promise<AccountCredentials> {
    let row = read ? read[0] : await this.accountRead(accountId).get();
    if (!row || row.status === "disconnected") throw new AccountGoneError(accountId);
    if (row.status === "needs_reconnect") {
      throw new PlatformError("auth", row.statusReason ?? "Please reconnect this account.", { platform: row.platform });
    }
    if (row.tokenExpiresAt !== null && row.tokenExpiresAt - this.deps.now() < REFRESH_MARGIN_MS)
      row = await this.refreshRow(row);
    return this.credentialsOf(row);
  }

  /** The account's row as a statement: a publish reads it in its move's batch, then hands it to `accountCredentials`. */
  accountRead = (accountId: string) =>
    this.deps.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, accountId));

  /**
   * After a platform refused the access token (401): refreshes once, when the account holds a refresh token,
   * and returns the new credentials; null when there is nothing to refresh with. A refused refresh marks the
   * account needs_reconnect (refreshRow) and throws `auth`.
   */
  async refreshAfterRejection(accountId: string): Promise<AccountCredentials | null> {
    const row = await this.deps.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, accountId)).get();
    if (!row || row.status === "needs_reconnect" || !row.refreshTokenEnc) return null;
    return this.credentialsOf(await this.refreshRow(row));
  }

  private async credentialsOf(row: AccountRow): Promise<AccountCredentials> {
    return {
      platformUserId: row.platformUserId,
      accessToken: await this.deps.cipher.decrypt(row.accessTokenEnc),
      accountType: row.accountType,
      metadata: row.metadata ?? {},
    };
  }

  /**
   * Marks an account as needing reconnect, e.g. when a publish gets an `auth` error, and returns the
   * reason the user reads ("Reconnect Sunrise Bakery and allow pages_manage_posts." for a missing permission).
   */
  async markNeedsReconnect(
    accountId: string,
    cause: string | Pick<PlatformError, "message" | "details">,
  ): Promise<string> {
    const row = await this.deps.db
      .select({ name: connectedAccounts.displayName, status: connectedAccounts.status })
      .from(connectedAccounts)
      .where(eq(connectedAccounts.id, accountId))
      .get();
    const reason = typeof cause === "string" ? cause : reconnectReason(row?.name ?? "this account", cause);
    const missing = typeof cause === "string" ? null : (cause.details.denied?.permission ?? null);
    const flagged = await this.deps.db
      .update(connectedAccounts)
      .set({
        status: "needs_reconnect",
        statusReason: reason,
        // What the one-click reconnect asks for again; a reconnect stores fresh metadata, which drops it.
        ...(missing && {
          metadata: sql`json_set(coalesce(${connectedAccounts.metadata}, '{}'), '$.missingPermission', ${missing})`,
        }),
        updatedAt: this.deps.now(),
      })
      .where(eq(connectedAccounts.id, accountId))
      .returning({ workspaceId: connectedAccounts.workspaceId, platform: connectedAccounts.platform });
    // Announced once, when the account goes from working to flagged.
    if (flagged[0] && row?.status !== "needs_reconnect") {
      const { workspaceId, platform } = flagged[0];
      await this.deps.emit(workspaceId, "account.needs_reconnect", { accountId, platform, reason });
    }
    if (flagged[0]) await this.deps.holdChannels(accountId, reason);
    return reason;
  }

  /**
   * The daily connection check of one account: renews a token that ends within the health window (before
   * it lapses), then makes the platform's cheapest identity call. A refusal marks the account
   * needs_reconnect with the platform's reason; an outage says nothing about the connection.
   */
  async checkConnection(accountId: string): Promise<AccountRow | null> {
    let row = await this.deps.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, accountId)).get();
    if (!row || row.status === "disconnected") return null;
    const now = this.deps.now();
    let verifiedAt = row.lastVerifiedAt;
    if (row.status === "connected") {
      try {
        // Without a refresh token a refused renewal (Facebook Login, LinkedIn without partner access) only
        // means the token runs out on its date: the account shows "expiring" until then, not broken.
        if (refreshDue(healthFacts(row), now))
          row = await this.refreshRow(row, { markOnRefusal: !!row.refreshTokenEnc });
      } catch (err) {
        if (!(err instanceof PlatformError) || err.kind === "retryable") throw err;
        // A refused refresh token was marked by refreshRow; its error carries the reason it stored.
        if (row.refreshTokenEnc) row = { ...row, status: "needs_reconnect", statusReason: err.message };
      }
      if (row.status === "connected") {
        try {
          const client = this.client(row.platform);
          const credentials = await this.credentialsOf(row);
          await client.checkAccess(credentials);
          verifiedAt = now;
          // What the platform may have changed since (a Mastodon instance's limits, ADR 059) is read again daily.
          if (client.accountFacts) row = await this.refreshFacts(row, await client.accountFacts(credentials));
        } catch (err) {
          if (!(err instanceof PlatformError)) throw err;
          if (err.kind === "auth")
            row = { ...row, status: "needs_reconnect", statusReason: await this.markNeedsReconnect(row.id, err) };
        }
      }
    }
    await this.deps.db
      .update(connectedAccounts)
      .set({ healthCheckedAt: now, lastVerifiedAt: verifiedAt })
      .where(eq(connectedAccounts.id, row.id));
    return { ...row, healthCheckedAt: now, lastVerifiedAt: verifiedAt };
  }

  private async refreshFacts(row: AccountRow, facts: Record<string, unknown>): Promise<AccountRow> {
    const metadata = { ...(row.metadata ?? {}), ...facts };
    await this.deps.db.update(connectedAccounts).set({ metadata }).where(eq(connectedAccounts.id, row.id));
    return { ...row, metadata };
  }

  /** Renews the account's token once however many callers ask at the same time (ADR 111, renewal-lease.ts). */
  private refreshRow(row: AccountRow, opts: { markOnRefusal: boolean } = { markOnRefusal: true }): Promise<AccountRow> {
    return renewOnce(this.deps.db, this.deps.now, row, (held) => this.renewHeld(held, opts));
  }

  /** The renewal itself, by the caller holding the lease; every way out releases it. */
  private async renewHeld(row: AccountRow, opts: { markOnRefusal: boolean }): Promise<AccountRow> {
    const client = this.client(row.platform);
    const { cipher, db } = this.deps;
    try {
      const tokens = await client.refresh(
        {
          accessToken: await cipher.decrypt(row.accessTokenEnc),
          refreshToken: row.refreshTokenEnc ? await cipher.decrypt(row.refreshTokenEnc) : null,
          expiresAt: row.tokenExpiresAt,
          refreshExpiresAt: row.refreshExpiresAt,
        },
        { platformUserId: row.platformUserId, metadata: row.metadata ?? {} },
      );
      const patch = {
        accessTokenEnc: await cipher.encrypt(tokens.accessToken),
        refreshTokenEnc: tokens.refreshToken ? await cipher.encrypt(tokens.refreshToken) : row.refreshTokenEnc,
        tokenExpiresAt: tokens.expiresAt,
        refreshExpiresAt: tokens.refreshExpiresAt ?? row.refreshExpiresAt,
        status: "connected" as const,
        statusReason: null,
        refreshingUntil: null,
        updatedAt: this.deps.now(),
      };
      await db.update(connectedAccounts).set(patch).where(eq(connectedAccounts.id, row.id));
      return { ...row, ...patch };
    } catch (err) {
      await releaseRenewal(db, row.id);
      // An outage is not the user's problem: only a refusal (auth/permanent) asks them to reconnect.
      if (!(err instanceof PlatformError) || err.kind === "retryable") throw err;
      const reason = `${BRAND[row.platform]} refused to refresh access: ${err.message}`;
      if (opts.markOnRefusal) await this.markNeedsReconnect(row.id, reason);
      throw new PlatformError("auth", reason, { ...err.details, platform: row.platform });
    }
  }
}

import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { instanceApps } from "../db/schema/accounts";
import type { Platform } from "../platform-profile";
import type { InstanceApp, InstanceAppStore } from "../platforms";
import type { TokenCipher } from "./token-crypto";

/**
 * Postline's app registrations per Mastodon instance (ADR 059), in the directory database: one server-wide row
 * per instance and redirect URI, shared by every workspace, with the client secret encrypted like a token.
 */
export class D1InstanceApps implements InstanceAppStore {
  constructor(
    private readonly db: Db,
    private readonly cipher: TokenCipher,
    private readonly now: () => number,
  ) {}

  async get(platform: Platform, instance: string, redirectUri: string): Promise<InstanceApp | null> {
    const row = await this.db
      .select()
      .from(instanceApps)
      .where(
        and(
          eq(instanceApps.platform, platform),
          eq(instanceApps.instance, instance),
          eq(instanceApps.redirectUri, redirectUri),
        ),
      )
      .get();
    if (!row) return null;
    return { clientId: row.clientId, clientSecret: await this.cipher.decrypt(row.clientSecretEnc), scopes: row.scopes };
  }

  /**
   * Two connects racing on a new instance both register; the first saved registration is the one kept. A
   * registration made for other scopes (Postline asks for more since ADR 091) is replaced by the new one.
   */
  async save(platform: Platform, instance: string, redirectUri: string, app: InstanceApp): Promise<void> {
    const row = {
      clientId: app.clientId,
      clientSecretEnc: await this.cipher.encrypt(app.clientSecret),
      scopes: app.scopes,
      createdAt: this.now(),
    };
    await this.db
      .insert(instanceApps)
      .values({ platform, instance, redirectUri, ...row })
      .onConflictDoUpdate({
        target: [instanceApps.platform, instanceApps.instance, instanceApps.redirectUri],
        set: row,
        setWhere: ne(instanceApps.scopes, app.scopes),
      });
  }
}

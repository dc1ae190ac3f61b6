import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { PublicUser } from "../auth";
import { constantTimeEqualText, randomBytes, randomToken, sha256Hex } from "../crypto";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema/automation";
import { Invalid, notFound } from "../errors";
import { API_KEY_SCOPES, type ApiKeyScope, keyIdOf, keyIsLive } from "../tenancy/key-scopes";
import type { ActivityEntry } from "../workspaces";

export const createKeySchema = z.object({
  name: z
    .string({ error: "Please name the key" })
    .trim()
    .min(1, "Please name the key")
    .max(100, "The key's name is at most 100 characters"),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: "Scopes are read, write and publish" }), {
      error: "Please choose the key's scopes",
    })
    .min(1, "Please choose at least one scope")
    .transform((s) => [...new Set(s)]),
  expiresAt: z.iso.datetime({ offset: true, error: "The expiry must be an ISO 8601 date and time" }).optional(),
});
/** What Settings → API and /api/keys answer on success. */
export const KeyMessages = {
  created: "API key created. Copy it now: it is shown only once.",
  revoked: "API key revoked",
} as const;

export type CreateKeyInput = z.infer<typeof createKeySchema>;

/** What a request authenticated with a key carries besides the user: the key's workspace and scopes. */
export interface ApiKeyContext {
  id: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
}

type KeyRow = typeof apiKeys.$inferSelect;

/** The key as its owner sees it: never the secret or its hash. */
export function toKeyView(row: KeyRow, now: number) {
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  return {
    id: row.id,
    name: row.name,
    workspaceId: row.workspaceId,
    scopes: row.scopes,
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
    createdAt: iso(row.createdAt),
    active: keyIsLive(row, now),
  };
}

/** "Last used" is shown to the minute; writing it at most once a minute keeps a busy key off D1. */
const LAST_USED_GRANULARITY_MS = 60_000;

export class ApiKeyService {
  constructor(
    private readonly db: Db,
    private readonly getUser: (id: string) => Promise<PublicUser | null>,
    private readonly now: () => number,
    /** The activity log's insert in the key's workspace (keys live in the directory, their log beside the posts). */
    private readonly activity: (entry: ActivityEntry) => PromiseLike<unknown>,
  ) {}

  private async log(owner: { userId: string; workspaceId: string }, action: ActivityEntry["action"], key: KeyRow) {
    const summary = `"${key.name}" (${key.scopes.join(", ")})`;
    await this.activity({ ...owner, action, subject: "api_key", subjectId: key.id, summary, at: this.now() });
  }

  /** Creates a key; the token is returned here once and never again. */
  async create(owner: { userId: string; workspaceId: string }, input: CreateKeyInput) {
    const now = this.now();
    const expiresAt = input.expiresAt ? Date.parse(input.expiresAt) : null;
    if (expiresAt !== null && expiresAt <= now) throw new Invalid("The expiry must be in the future");
    const id = [...randomBytes(8)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const token = `pl_${id}_${randomToken(32)}`;
    const [row] = await this.db
      .insert(apiKeys)
      .values({
        id,
        workspaceId: owner.workspaceId,
        userId: owner.userId,
        name: input.name,
        secretHash: await sha256Hex(token),
        scopes: input.scopes,
        expiresAt,
        createdAt: now,
      })
      .returning();
    await this.log(owner, "key_created", row!);
    return { ...toKeyView(row!, now), token };
  }

  /** The caller's own keys in this workspace, newest first. */
  async list(owner: { userId: string; workspaceId: string }) {
    const rows = await this.db.query.apiKeys.findMany({
      where: and(eq(apiKeys.workspaceId, owner.workspaceId), eq(apiKeys.userId, owner.userId)),
      orderBy: desc(apiKeys.createdAt),
    });
    return rows.map((r) => toKeyView(r, this.now()));
  }

  async revoke(owner: { userId: string; workspaceId: string }, id: string) {
    const [row] = await this.db
      .update(apiKeys)
      .set({ revokedAt: this.now() })
      .where(
        and(
          eq(apiKeys.id, id),
          eq(apiKeys.workspaceId, owner.workspaceId),
          eq(apiKeys.userId, owner.userId),
          isNull(apiKeys.revokedAt),
        ),
      )
      .returning();
    if (!row) throw notFound();
    await this.log(owner, "key_revoked", row);
    return toKeyView(row, this.now());
  }

  /** The user and key behind a `pl_…` token; null for an unknown, revoked or expired key. */
  async resolve(token: string): Promise<{ user: PublicUser; key: ApiKeyContext } | null> {
    const id = keyIdOf(token);
    if (!id) return null;
    const row = await this.db.query.apiKeys.findFirst({ where: eq(apiKeys.id, id) });
    const now = this.now();
    if (!row || !constantTimeEqualText(row.secretHash, await sha256Hex(token)) || !keyIsLive(row, now)) return null;
    const user = await this.getUser(row.userId);
    if (!user) return null;
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now - LAST_USED_GRANULARITY_MS))),
      );
    return { user, key: { id: row.id, workspaceId: row.workspaceId, scopes: row.scopes } };
  }
}

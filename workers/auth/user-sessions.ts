import { DurableObject } from "cloudflare:workers";

export interface SessionRecord {
  id: string;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
  userAgent: string | null;
}

/**
 * One instance per user holds that user's sessions, so "revoke all" is a single local delete and
 * a lookup never scans other users. Only token hashes are stored. See docs/decisions/001-sessions.md.
 */
export class UserSessions extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      last_seen_at INTEGER NOT NULL,
      user_agent TEXT
    )`);
  }

  create(input: { id: string; tokenHash: string; now: number; expiresAt: number; userAgent: string | null }): void {
    this.sql.exec(
      "INSERT INTO sessions (id, token_hash, created_at, expires_at, last_seen_at, user_agent) VALUES (?, ?, ?, ?, ?, ?)",
      input.id,
      input.tokenHash,
      input.now,
      input.expiresAt,
      input.now,
      input.userAgent,
    );
  }

  /**
   * The live session for a token hash, or null. Every signed-in request asks this, so it writes only when it must:
   * a write makes the object commit before it answers. Expired rows are dropped when one is met and when a live
   * session's last-seen time moves on (at most once a minute).
   */
  validate(tokenHash: string, now: number): SessionRecord | null {
    const row = this.sql
      .exec<{ id: string; created_at: number; expires_at: number; last_seen_at: number; user_agent: string | null }>(
        "SELECT id, created_at, expires_at, last_seen_at, user_agent FROM sessions WHERE token_hash = ?",
        tokenHash,
      )
      .toArray()[0];
    if (!row) return null;
    if (row.expires_at <= now) {
      this.dropExpired(now);
      return null;
    }
    if (now - row.last_seen_at > 60_000) {
      this.sql.exec("UPDATE sessions SET last_seen_at = ? WHERE id = ?", now, row.id);
      this.dropExpired(now);
    }
    return {
      id: row.id,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      lastSeenAt: row.last_seen_at,
      userAgent: row.user_agent,
    };
  }

  private dropExpired(now: number): void {
    this.sql.exec("DELETE FROM sessions WHERE expires_at <= ?", now);
  }

  list(now: number): SessionRecord[] {
    return this.sql
      .exec<{ id: string; created_at: number; expires_at: number; last_seen_at: number; user_agent: string | null }>(
        "SELECT id, created_at, expires_at, last_seen_at, user_agent FROM sessions WHERE expires_at > ? ORDER BY created_at DESC",
        now,
      )
      .toArray()
      .map((r) => ({
        id: r.id,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        lastSeenAt: r.last_seen_at,
        userAgent: r.user_agent,
      }));
  }

  revoke(sessionId: string): void {
    this.sql.exec("DELETE FROM sessions WHERE id = ?", sessionId);
  }

  /** Drops every session but the one named (the device that changed the password stays signed in). */
  revokeAll(exceptSessionId: string | null): number {
    const cursor = exceptSessionId
      ? this.sql.exec("DELETE FROM sessions WHERE id != ?", exceptSessionId)
      : this.sql.exec("DELETE FROM sessions");
    return cursor.rowsWritten;
  }
}

import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { POSTLINE_MAIL_BRAND } from "../branding";
import { constantTimeEqualText, randomDigits, randomToken, sha256Hex } from "../crypto";
import { prepared } from "../db/batch-reads";
import type { Db } from "../db/client";
import { passwordResets, users } from "../db/schema/index";
import { Conflict, Invalid, Unauthenticated } from "../errors";
import { brandedMail, type Mailer } from "../mail";
import { validTimeZone } from "../tenancy/time-zone";
import { hashPassword, verifyPassword } from "./passwords";
import { AuthMessages } from "./schemas";
import type { SessionRecord, UserSessions } from "./user-sessions";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_GRANT_TTL_MS = 10 * 60_000;

type UserRow = typeof users.$inferSelect;

export interface PublicUser {
  _id: string;
  id: string;
  email: string;
  displayName: string;
  timezone: string;
  createdAt: string;
}

export interface AuthContext {
  user: PublicUser;
  sessionId: string;
}

export function toPublicUser(
  row: Pick<UserRow, "id" | "email" | "displayName" | "timezone" | "createdAt">,
): PublicUser {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    timezone: row.timezone,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The columns of `users` a session's caller is made of, as D1 answers them (snake_case). */
interface UserFields {
  id: string;
  email: string;
  display_name: string;
  timezone: string;
  created_at: number;
}

const publicUserOf = (row: UserFields): PublicUser =>
  toPublicUser({
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    timezone: row.timezone,
    createdAt: row.created_at,
  });

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Tokens are `<userId>.<random>`: the prefix routes to the user's session object, the rest is the secret. */
function userIdOf(token: string): string | null {
  const dot = token.indexOf(".");
  return dot > 0 ? token.slice(0, dot) : null;
}

export class AuthService {
  constructor(
    private readonly deps: {
      db: Db;
      sessions: DurableObjectNamespace<UserSessions>;
      mailer: Mailer;
      secret: string;
      now: () => number;
      /** A new user's personal workspace, as inserts joined to the sign-up's batch (the workspaces module's, ADR 080). */
      personalWorkspace: (user: UserRow, now: number) => Promise<BatchItem<"sqlite">[]>;
    },
  ) {}

  private sessionsOf(userId: string) {
    return this.deps.sessions.get(this.deps.sessions.idFromName(userId));
  }

  private async startSession(user: UserRow, userAgent: string | null) {
    const token = `${user.id}.${randomToken()}`;
    const now = this.deps.now();
    const expiresAt = now + SESSION_TTL_MS;
    const id = crypto.randomUUID();
    await this.sessionsOf(user.id).create({ id, tokenHash: await sha256Hex(token), now, expiresAt, userAgent });
    return { token, sessionId: id, expiresAt, user: toPublicUser(user) };
  }

  async register(
    input: { email: string; password: string; displayName: string; timezone?: string },
    userAgent: string | null,
  ) {
    const email = normaliseEmail(input.email);
    const existing = await this.deps.db.query.users.findFirst({ where: eq(users.email, email) });
    if (existing) throw new Conflict("An account with this email already exists");
    const now = this.deps.now();
    const row: UserRow = {
      id: crypto.randomUUID(),
      email,
      displayName: input.displayName.trim(),
      passwordHash: await hashPassword(input.password),
      timezone: validTimeZone(input.timezone) ?? "UTC",
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.db.batch([
      this.deps.db.insert(users).values(row),
      ...(await this.deps.personalWorkspace(row, now)),
    ]);
    return this.startSession(row, userAgent);
  }

  async login(input: { email: string; password: string }, userAgent: string | null) {
    const user = await this.deps.db.query.users.findFirst({ where: eq(users.email, normaliseEmail(input.email)) });
    let valid = false;
    if (user) valid = await verifyPassword(input.password, user.passwordHash);
    // Hash even for an unknown email so response time does not reveal which addresses exist.
    else await hashPassword(input.password);
    if (!user || !valid) throw new Unauthenticated("Invalid email or password");
    return this.startSession(user, userAgent);
  }

  /**
   * The caller of a session token, or null. `alongside(userId)` names directory statements for the token's user
   * (the membership lookup and a route's early read, ADR 050) sent in one D1 batch with the user's row: one round
   * trip for what were two or three. Their results come back in `alongside`. The batch (reads only) goes beside the
   * session's check in its Durable Object rather than after it, so a request waits for the slower of the two, not
   * both; what it read is dropped unless the session holds.
   */
  async resolve(
    token: string,
    alongside: (userId: string) => D1PreparedStatement[] = () => [],
  ): Promise<(AuthContext & { alongside: D1Result[] }) | null> {
    const userId = userIdOf(token);
    if (!userId || token.length > 200) return null;
    const { db } = this.deps;
    const tokenHash = await sha256Hex(token);
    const [session, [found, ...rest]] = await Promise.all([
      this.sessionsOf(userId).validate(tokenHash, this.deps.now()),
      db.$client.batch([
        prepared(db, sql`select id, email, display_name, timezone, created_at from ${users} where id = ${userId}`),
        ...alongside(userId),
      ]),
    ]);
    if (!session) return null;
    const row = found?.results[0] as UserFields | undefined;
    return row ? { user: publicUserOf(row), sessionId: session.id, alongside: rest } : null;
  }

  async getUser(userId: string): Promise<PublicUser | null> {
    const row = await this.deps.db.query.users.findFirst({ where: eq(users.id, userId) });
    return row ? toPublicUser(row) : null;
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.sessionsOf(auth.user.id).revoke(auth.sessionId);
  }

  listSessions(userId: string): Promise<SessionRecord[]> {
    return this.sessionsOf(userId).list(this.deps.now());
  }

  revokeAll(userId: string, exceptSessionId: string | null): Promise<number> {
    return this.sessionsOf(userId).revokeAll(exceptSessionId);
  }

  private codeHash(resetId: string, code: string) {
    return sha256Hex(`${this.deps.secret}:${resetId}:${code}`);
  }

  /** Sends a code when the address has an account; answers the same either way so accounts cannot be probed. */
  async sendOtp(emailInput: string): Promise<void> {
    const user = await this.deps.db.query.users.findFirst({ where: eq(users.email, normaliseEmail(emailInput)) });
    if (!user) return;
    const id = crypto.randomUUID();
    const code = randomDigits(6);
    const now = this.deps.now();
    // A new code replaces any earlier one.
    await this.deps.db
      .update(passwordResets)
      .set({ consumedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.consumedAt)));
    await this.deps.db.insert(passwordResets).values({
      id,
      userId: user.id,
      codeHash: await this.codeHash(id, code),
      expiresAt: now + OTP_TTL_MS,
      createdAt: now,
    });
    // A reset belongs to the person, not to a workspace: it comes in Postline's own brand (issue 41).
    const mail = brandedMail(POSTLINE_MAIL_BRAND, {
      subject: "Your Postline password reset code",
      paragraphs: [`Your Postline password reset code is ${code}. It expires in 10 minutes and can be used once.`],
      footer: ["If you did not ask to reset your password, you can ignore this message."],
    });
    await this.deps.mailer.send({ to: user.email, ...mail });
  }

  /** Checks a code and returns a short-lived reset grant (the only thing update-password accepts). */
  async verifyOtp(emailInput: string, code: string): Promise<{ resetToken: string; expiresAt: number }> {
    const invalid = new Invalid("Invalid OTP. Please try again.");
    const user = await this.deps.db.query.users.findFirst({ where: eq(users.email, normaliseEmail(emailInput)) });
    if (!user) throw invalid;
    const reset = await this.deps.db.query.passwordResets.findFirst({
      where: and(eq(passwordResets.userId, user.id), isNull(passwordResets.consumedAt)),
      orderBy: desc(passwordResets.createdAt),
    });
    const now = this.deps.now();
    if (!reset || reset.verifiedAt) throw invalid;
    if (reset.expiresAt <= now) throw new Invalid("OTP has expired. Please request a new one.");
    if (reset.attempts >= OTP_MAX_ATTEMPTS) throw new Invalid("Too many attempts. Please request a new OTP.");
    const matches = constantTimeEqualText(await this.codeHash(reset.id, code.trim()), reset.codeHash);
    if (!matches) {
      const attempts = reset.attempts + 1;
      await this.deps.db.update(passwordResets).set({ attempts }).where(eq(passwordResets.id, reset.id));
      if (attempts >= OTP_MAX_ATTEMPTS) throw new Invalid("Too many attempts. Please request a new OTP.");
      throw invalid;
    }
    const resetToken = randomToken();
    const expiresAt = now + RESET_GRANT_TTL_MS;
    await this.deps.db
      .update(passwordResets)
      .set({ verifiedAt: now, grantHash: await sha256Hex(resetToken), grantExpiresAt: expiresAt })
      .where(eq(passwordResets.id, reset.id));
    return { resetToken, expiresAt };
  }

  /** Sets a new password from a verified reset grant, then signs the user out everywhere. */
  async resetPassword(emailInput: string, newPassword: string, resetToken: string | undefined): Promise<void> {
    if (!resetToken) throw new Invalid(AuthMessages.verifyOtpFirst);
    const user = await this.deps.db.query.users.findFirst({ where: eq(users.email, normaliseEmail(emailInput)) });
    const grantHash = await sha256Hex(resetToken);
    const reset = user
      ? await this.deps.db.query.passwordResets.findFirst({
          where: and(
            eq(passwordResets.userId, user.id),
            eq(passwordResets.grantHash, grantHash),
            isNull(passwordResets.consumedAt),
          ),
        })
      : undefined;
    const now = this.deps.now();
    if (!user || !reset?.grantExpiresAt || reset.grantExpiresAt <= now) throw new Invalid(AuthMessages.verifyOtpFirst);
    const passwordHash = await hashPassword(newPassword);
    await this.deps.db.batch([
      this.deps.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id)),
      this.deps.db.update(passwordResets).set({ consumedAt: now }).where(eq(passwordResets.id, reset.id)),
    ]);
    await this.revokeAll(user.id, null);
  }

  /** Refuses (400) a password that is not the user's current one: Settings' Verify and password change. */
  async confirmPassword(userId: string, password: string): Promise<void> {
    const row = await this.deps.db.query.users.findFirst({ where: eq(users.id, userId) });
    if (!row || !(await verifyPassword(password, row.passwordHash))) throw new Invalid(AuthMessages.currentIncorrect);
  }

  /** Changes the password and revokes every other session of the user. */
  async changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<number> {
    await this.confirmPassword(auth.user.id, currentPassword);
    await this.deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: this.deps.now() })
      .where(eq(users.id, auth.user.id));
    return this.revokeAll(auth.user.id, auth.sessionId);
  }

  async setTimezone(userId: string, timezone: string): Promise<void> {
    await this.deps.db.update(users).set({ timezone, updatedAt: this.deps.now() }).where(eq(users.id, userId));
  }
}

/**
 * A user's stand-in on a shard that is not the directory (ADR 081): the rows a member writes there (posts,
 * comments, notices) reference `users`, and foreign keys do not cross databases. Only the id is real; no
 * address, name or password is copied, and nothing reads it (display data comes from the directory).
 */
export function userAnchor(db: Db, userId: string) {
  return db
    .insert(users)
    .values({
      id: userId,
      email: `${userId}@anchor.invalid`,
      displayName: "",
      passwordHash: "!",
      createdAt: 0,
      updatedAt: 0,
    })
    .onConflictDoNothing();
}

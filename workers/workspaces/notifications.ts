import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { notifications, users } from "../db/schema/index";
import type { Mailer } from "../mail/mailer";

export interface Notice {
  workspaceId: string;
  userId: string;
  /** approved | rejected | client_review */
  kind: string;
  postId: string | null;
  message: string;
  /** The email's subject; its body is the message and a link back. */
  subject: string;
}

/** Members' in-app notices, each also emailed through the Mailer. */
export class Notifications {
  constructor(private readonly deps: { db: Db; mailer: Mailer; now: () => number; origin: string }) {}

  async notify(notice: Notice): Promise<void> {
    const { db, mailer, now, origin } = this.deps;
    const [to] = await db.select({ email: users.email }).from(users).where(eq(users.id, notice.userId));
    if (!to) return;
    const { subject, ...row } = notice;
    await db.insert(notifications).values({ id: crypto.randomUUID(), ...row, createdAt: now() });
    await mailer.send({ to: to.email, subject, text: `${notice.message}\n\nOpen Postline: ${origin}/content` });
  }

  /** The member's latest notices in one workspace, newest first. */
  async list(workspaceId: string, userId: string) {
    const rows = await this.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.workspaceId, workspaceId), eq(notifications.userId, userId)))
      .orderBy(desc(notifications.createdAt))
      .limit(50);
    const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());
    return rows.map((n) => ({
      id: n.id,
      kind: n.kind,
      postId: n.postId,
      message: n.message,
      createdAt: iso(n.createdAt),
      readAt: iso(n.readAt),
    }));
  }

  /** Marks one of the member's own notices read; false when it is not theirs (or not in this workspace). */
  async markRead(workspaceId: string, userId: string, id: string): Promise<boolean> {
    const done = await this.deps.db
      .update(notifications)
      .set({ readAt: this.deps.now() })
      .where(
        and(
          eq(notifications.id, id),
          eq(notifications.workspaceId, workspaceId),
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    if (done.length > 0) return true;
    const [mine] = await this.deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(eq(notifications.id, id), eq(notifications.workspaceId, workspaceId), eq(notifications.userId, userId)),
      );
    return mine !== undefined;
  }
}

import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { mailBrandById } from "../branding";
import type { Db } from "../db/client";
import { notifications, posts } from "../db/schema/index";
import { brandedMail, type MailOutbox } from "../mail";
import { PLATFORM_NAMES, type Platform } from "../platform-profile";
import { excerpt } from "../posts";
import type { People } from "../tenancy/people";
import { workspaceLink } from "../tenancy/workspace-link";

export interface Notice {
  workspaceId: string;
  userId: string;
  /** approval_requested | approved | rejected | mention | client_review | publish_failed */
  kind: string;
  postId: string | null;
  /** Words, or words made in the reader's time zone when they name a time (never a raw ISO instant). */
  message: string | ((timeZone: string) => string);
  /** The email's subject; its body is the message and a link back, in the workspace's brand. */
  subject: string;
  /** Where the email's link leads when the notice is not about a post (the inbox's notices). */
  path?: string;
}

/** Where a notice about a post leads: the Content Hub with that post's details open. */
export const postPath = (postId: string) => `/content?post=${encodeURIComponent(postId)}`;

/** A notice's writes for a batch (its row and its email's outbox row, ADR 129) and the mail to send after it. */
export interface NoticeWrites {
  writes: BatchItem<"sqlite">[];
  mail: string[];
}

/** Members' in-app notices, each also emailed: the mail recorded with the notice, sent once it is (ADR 129). */
export class Notifications {
  constructor(
    private readonly deps: { db: Db; people: People; outbox: MailOutbox; now: () => number; origin: string },
  ) {}

  async notify(notice: Notice): Promise<void> {
    const { writes, mail } = await this.prepare(notice);
    if (writes.length) await this.deps.db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    await this.send(mail);
  }

  /**
   * The notice's row and its email's outbox row, for the batch of the write it tells of (nothing for someone who is
   * no member now: they hear nothing more of the workspace's posts or clients).
   */
  async prepare(notice: Notice): Promise<NoticeWrites> {
    const { db, people, outbox, now, origin } = this.deps;
    const to = await people.member(notice.workspaceId, notice.userId);
    if (!to) return { writes: [], mail: [] };
    const { subject, path, ...row } = notice;
    const message = typeof row.message === "string" ? row.message : row.message(to.timezone);
    const page = notice.postId ? postPath(notice.postId) : (path ?? "/content");
    const link = `${origin}${workspaceLink(page, notice.workspaceId)}`;
    // Review requests and the rest come from the workspace, in its brand (issue 41), with a plain-text part.
    const brand = await mailBrandById(db, people, notice.workspaceId, origin);
    const email = outbox.entry(notice.workspaceId, {
      to: to.email,
      ...brandedMail(brand, { subject, paragraphs: [message], action: { label: "Open Postline", url: link } }),
    });
    const insert = db.insert(notifications).values({ id: crypto.randomUUID(), ...row, message, createdAt: now() });
    return { writes: [insert, email.write], mail: [email.id] };
  }

  /** Several notices' writes as one. */
  async prepareAll(notices: Notice[]): Promise<NoticeWrites> {
    const each = await Promise.all(notices.map((n) => this.prepare(n)));
    return { writes: each.flatMap((e) => e.writes), mail: each.flatMap((e) => e.mail) };
  }

  /** Sends the emails of notices whose batch committed. */
  send(mail: string[]): Promise<void> {
    return this.deps.outbox.send(mail);
  }

  /** A channel that failed for good reaches its post's author: in the bell, and by email. */
  async channelFailed(target: { workspaceId: string; postId: string; platform: Platform }, reason: string) {
    const [post] = await this.deps.db
      .select({ userId: posts.userId, content: posts.content })
      .from(posts)
      .where(and(eq(posts.id, target.postId), eq(posts.workspaceId, target.workspaceId)));
    if (!post) return;
    const network = PLATFORM_NAMES[target.platform];
    await this.notify({
      workspaceId: target.workspaceId,
      userId: post.userId,
      kind: "publish_failed",
      postId: target.postId,
      message: `"${excerpt(post.content)}" failed on ${network}: ${reason}`,
      subject: `A post failed to publish on ${network}`,
    });
  }

  /** The member's latest notices in one workspace, newest first, and how many of all their notices are unread. */
  async list(workspaceId: string, userId: string) {
    const mine = and(eq(notifications.workspaceId, workspaceId), eq(notifications.userId, userId));
    const [rows, [unread]] = await this.deps.db.batch([
      this.deps.db.select().from(notifications).where(mine).orderBy(desc(notifications.createdAt)).limit(50),
      this.deps.db
        .select({ n: count() })
        .from(notifications)
        .where(and(mine, isNull(notifications.readAt))),
    ]);
    const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());
    return {
      unread: unread?.n ?? 0,
      notifications: rows.map((n) => ({
        id: n.id,
        kind: n.kind,
        postId: n.postId,
        message: n.message,
        createdAt: iso(n.createdAt),
        readAt: iso(n.readAt),
      })),
    };
  }

  /** Marks every unread notice of the member in this workspace read; returns how many were. */
  async markAllRead(workspaceId: string, userId: string): Promise<number> {
    const done = await this.deps.db
      .update(notifications)
      .set({ readAt: this.deps.now() })
      .where(
        and(eq(notifications.workspaceId, workspaceId), eq(notifications.userId, userId), isNull(notifications.readAt)),
      )
      .returning({ id: notifications.id });
    return done.length;
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

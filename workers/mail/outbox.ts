import { and, eq, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema/mail";
import type { Mailer, MailMessage } from "./mailer";

/** A sender's claim on a mail older than this belongs to a request that died before sending it: another may send it. */
export const STALE_SEND_MS = 2 * 60_000;

/** A mail to record in a write's batch: its row, and its id for `send` once the batch committed. */
export interface OutboxEntry {
  id: string;
  write: BatchItem<"sqlite">;
}

type Row = typeof mailOutbox.$inferSelect;

/**
 * Mail a write promises (ADR 129): recorded in the write's own D1 batch, sent after it. The request that wrote it
 * sends it; if that request died first, a retry answered from its work (ADR 125) or the minute cron sends it. A
 * sender claims a row with a conditional UPDATE, so two senders never send one mail; a sent row is deleted.
 */
export class MailOutbox {
  constructor(private readonly deps: { db: Db; mailer: Mailer; now: () => number }) {}

  /** The row of `message` for the write's batch (no attachments: reports send theirs directly). */
  entry(workspaceId: string, message: Omit<MailMessage, "attachments">): OutboxEntry {
    const id = crypto.randomUUID();
    const { to, subject, text, html = null } = message;
    const write = this.deps.db
      .insert(mailOutbox)
      .values({ id, workspaceId, to, subject, text, html, createdAt: this.deps.now() });
    return { id, write };
  }

  /** Sends the mails these rows hold, each once (the request that recorded them, right after its batch). */
  async send(ids: string[]): Promise<void> {
    if (ids.length) await this.sendClaimed(inArray(mailOutbox.id, ids));
  }

  /** Sends a workspace's mails still unsent: the retry of a request that died after its batch (ADR 125). */
  async sendPending(workspaceId: string): Promise<void> {
    await this.sendClaimed(eq(mailOutbox.workspaceId, workspaceId));
  }

  /** The cron's sweep: mails whose request died and was never retried, once they are a minute old. */
  async sendAbandoned(): Promise<void> {
    await this.sendClaimed(lt(mailOutbox.createdAt, this.deps.now() - 60_000));
  }

  private async sendClaimed(which: SQL) {
    const { db, mailer, now } = this.deps;
    const at = now();
    const claimed = await db
      .update(mailOutbox)
      .set({ claimedAt: at })
      .where(and(which, or(isNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, at - STALE_SEND_MS))))
      .returning();
    for (const [i, row] of claimed.entries()) {
      try {
        await mailer.send(messageOf(row));
      } catch (err) {
        // Not sent: this one and the rest not tried yet are let go of, for the next sender.
        const left = claimed.slice(i).map((r) => r.id);
        await db.update(mailOutbox).set({ claimedAt: null }).where(inArray(mailOutbox.id, left));
        throw err;
      }
      await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
    }
  }
}

const messageOf = (row: Row): MailMessage => ({
  to: row.to,
  subject: row.subject,
  text: row.text,
  ...(row.html === null ? {} : { html: row.html }),
});

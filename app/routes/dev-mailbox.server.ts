import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../workers/db/client";
import { devMailAttachments, devMailbox } from "../../workers/db/schema/index";

/** The newest local mails first (password-reset codes, scheduled reports), with their attachments' names. */
export async function latestMail(db: Db, limit = 50) {
  const rows = await db.select().from(devMailbox).orderBy(desc(devMailbox.createdAt)).limit(limit);
  const files = rows.length
    ? await db
        .select({ id: devMailAttachments.id, mailId: devMailAttachments.mailId, filename: devMailAttachments.filename })
        .from(devMailAttachments)
        .where(
          inArray(
            devMailAttachments.mailId,
            rows.map((m) => m.id),
          ),
        )
    : [];
  return rows.map((m) => ({
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    sentAt: new Date(m.createdAt).toISOString(),
    attachments: files
      .filter((f) => f.mailId === m.id)
      .map((f) => ({ filename: f.filename, url: `/dev/mailbox/attachments/${f.id}` })),
  }));
}

/** One attachment's bytes, as the recipient's mail program would save it. */
export async function mailAttachment(db: Db, id: string): Promise<Response | null> {
  const [row] = await db.select().from(devMailAttachments).where(eq(devMailAttachments.id, id));
  if (!row) return null;
  const bytes = Uint8Array.from(atob(row.contentBase64), (c) => c.charCodeAt(0));
  return new Response(bytes, {
    headers: {
      "Content-Type": row.contentType,
      "Content-Disposition": `inline; filename="${row.filename.replace(/"/g, "")}"`,
      "Cache-Control": "no-store",
    },
  });
}

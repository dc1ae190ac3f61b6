import { desc } from "drizzle-orm";
import type { Db } from "../../workers/db/client";
import { devMailbox } from "../../workers/db/schema/index";

/** The newest local mails first (password-reset codes), for finishing a flow without real email. */
export async function latestMail(db: Db, limit = 50) {
  const rows = await db.select().from(devMailbox).orderBy(desc(devMailbox.createdAt)).limit(limit);
  return rows.map((m) => ({
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    sentAt: new Date(m.createdAt).toISOString(),
  }));
}

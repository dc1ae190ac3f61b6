import { and, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { constantTimeEqualText, hmacSha256 } from "../crypto";
import type { Db } from "../db/client";
import { reportRecipients, reportSchedules, workspaces } from "../db/schema/index";
import { notFound } from "../errors";

/** A schedule's recipient as the API shows it. */
export interface RecipientView {
  email: string;
  member: boolean;
  unsubscribed: boolean;
}

/** Members by lower-cased email: a recipient who is a member is mailed as one (no unsubscribe link). */
export type MemberEmails = ReadonlyMap<string, string>;

/** The workspace's members by address, from the workspaces service's list. */
export const memberEmails = async (
  directory: { members(workspaceId: string): Promise<Array<{ email: string; userId: string }>> },
  workspaceId: string,
): Promise<MemberEmails> =>
  new Map((await directory.members(workspaceId)).map((m) => [m.email.toLowerCase(), m.userId]));

/**
 * The statements that make a schedule's recipients `emails`: new ones are added, dropped ones removed, and one who
 * unsubscribed stays unsubscribed if listed again (their choice outlives an edit of the schedule).
 */
export function recipientWrites(
  db: Db,
  schedule: { id: string; workspaceId: string },
  emails: readonly string[],
  members: MemberEmails,
  now: number,
) {
  const drop = db
    .delete(reportRecipients)
    .where(
      and(
        eq(reportRecipients.scheduleId, schedule.id),
        emails.length ? notInArray(reportRecipients.email, [...emails]) : undefined,
      ),
    );
  const add = emails.map((email) =>
    db
      .insert(reportRecipients)
      .values({
        id: crypto.randomUUID(),
        scheduleId: schedule.id,
        workspaceId: schedule.workspaceId,
        email,
        userId: members.get(email) ?? null,
        createdAt: now,
      })
      .onConflictDoNothing(),
  );
  return [drop, ...add] as const;
}

/** Every schedule's recipients, by schedule id. */
export async function recipientsOf(db: Db, scheduleIds: string[]): Promise<Map<string, RecipientView[]>> {
  const out = new Map<string, RecipientView[]>(scheduleIds.map((id) => [id, []]));
  if (!scheduleIds.length) return out;
  const rows = await db
    .select()
    .from(reportRecipients)
    .where(inArray(reportRecipients.scheduleId, scheduleIds))
    .orderBy(reportRecipients.createdAt, reportRecipients.email);
  for (const r of rows)
    out.get(r.scheduleId)?.push({ email: r.email, member: r.userId !== null, unsubscribed: r.unsubscribedAt !== null });
  return out;
}

/** The addresses a schedule's next report goes to: its creator's and every recipient still subscribed. */
export async function activeRecipients(db: Db, scheduleId: string, creatorEmail: string) {
  const rows = await db
    .select({ email: reportRecipients.email })
    .from(reportRecipients)
    .where(and(eq(reportRecipients.scheduleId, scheduleId), isNull(reportRecipients.unsubscribedAt)));
  return [...new Set([creatorEmail.toLowerCase(), ...rows.map((r) => r.email)])].map((email) => ({ email }));
}

/** The recipient row of an address that is not a member's (its mail carries an unsubscribe link), or null. */
export async function externalRecipientId(db: Db, scheduleId: string, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: reportRecipients.id })
    .from(reportRecipients)
    .where(
      and(
        eq(reportRecipients.scheduleId, scheduleId),
        eq(reportRecipients.email, email),
        isNull(reportRecipients.userId),
      ),
    );
  return row?.id ?? null;
}

/** An external recipient's unsubscribe token: the row's id and its signature, so the token finds its workspace. */
export const unsubscribeToken = async (secret: string, recipientId: string) =>
  `${recipientId}.${await hmacSha256(secret, `report-unsubscribe:${recipientId}`)}`;

/** The recipient a token names, with its workspace and report, or 404 for a token that is not ours. */
async function recipientOf(db: Db, secret: string, token: string) {
  const [id, sig] = token.split(".");
  const expected = id ? await hmacSha256(secret, `report-unsubscribe:${id}`) : "";
  if (!id || !sig || !constantTimeEqualText(expected, sig)) throw notFound();
  const [row] = await db
    .select({ recipient: reportRecipients, kind: reportSchedules.kind, workspace: workspaces.name })
    .from(reportRecipients)
    .innerJoin(reportSchedules, eq(reportSchedules.id, reportRecipients.scheduleId))
    .innerJoin(workspaces, eq(workspaces.id, reportRecipients.workspaceId))
    .where(eq(reportRecipients.id, id));
  if (!row) throw notFound();
  return row;
}

/** What the unsubscribe page shows before the click: whose report, to which address, and whether it still goes. */
export async function unsubscribeView(db: Db, secret: string, token: string) {
  const { recipient, kind, workspace } = await recipientOf(db, secret, token);
  return { email: recipient.email, workspace, kind, unsubscribed: recipient.unsubscribedAt !== null };
}

/** Stops the report to that address (idempotent: a second click changes nothing). */
export async function unsubscribe(db: Db, secret: string, token: string, now: number) {
  const { recipient, kind, workspace } = await recipientOf(db, secret, token);
  if (recipient.unsubscribedAt === null)
    await db.update(reportRecipients).set({ unsubscribedAt: now }).where(eq(reportRecipients.id, recipient.id));
  return { email: recipient.email, workspace, kind, unsubscribed: true };
}

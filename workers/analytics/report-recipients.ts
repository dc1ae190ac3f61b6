import { and, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { constantTimeEqualText, hmacSha256 } from "../crypto";
import { readInRuns } from "../db/chunks";
import type { Db } from "../db/client";
import { reportRecipients, reportSchedules } from "../db/schema/index";
import { notFound } from "../errors";
import type { People } from "../tenancy/people";
import { placedToken } from "../tenancy/public-token";

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
  // In runs (a workspace may have more schedules than D1 binds); a schedule's rows are in one run.
  const rows = await readInRuns(scheduleIds, 0, (run) =>
    db
      .select()
      .from(reportRecipients)
      .where(inArray(reportRecipients.scheduleId, run))
      .orderBy(reportRecipients.createdAt, reportRecipients.email),
  );
  for (const r of rows)
    out.get(r.scheduleId)?.push({ email: r.email, member: r.userId !== null, unsubscribed: r.unsubscribedAt !== null });
  return out;
}

/**
 * The addresses a schedule's next report goes to: its creator's and every recipient still subscribed. A member
 * (the creator, or a recipient listed as one) gets it only while still in the workspace (`memberIds`): one who left
 * or was removed gets no more of its figures, and has no unsubscribe link to stop them.
 */
export async function activeRecipients(
  db: Db,
  schedule: { id: string; userId: string },
  creatorEmail: string,
  memberIds: ReadonlySet<string>,
) {
  const rows = await db
    .select({ email: reportRecipients.email, userId: reportRecipients.userId })
    .from(reportRecipients)
    .where(and(eq(reportRecipients.scheduleId, schedule.id), isNull(reportRecipients.unsubscribedAt)));
  const emails = [
    ...(memberIds.has(schedule.userId) ? [creatorEmail.toLowerCase()] : []),
    ...rows.filter((r) => r.userId === null || memberIds.has(r.userId)).map((r) => r.email),
  ];
  return [...new Set(emails)].map((email) => ({ email }));
}

/** The recipient row of an address that is not a member's (its mail carries an unsubscribe link), or null. */
export async function externalRecipient(db: Db, scheduleId: string, email: string) {
  const [row] = await db
    .select({ id: reportRecipients.id, workspaceId: reportRecipients.workspaceId })
    .from(reportRecipients)
    .where(
      and(
        eq(reportRecipients.scheduleId, scheduleId),
        eq(reportRecipients.email, email),
        isNull(reportRecipients.userId),
      ),
    );
  return row ?? null;
}

/**
 * An external recipient's unsubscribe token: its workspace (to find the shard, ADR 081), the row's id and the id's
 * signature, `<workspace id>.<recipient id>_<signature>`.
 */
export const unsubscribeToken = async (secret: string, recipient: { id: string; workspaceId: string }) =>
  placedToken(
    recipient.workspaceId,
    `${recipient.id}_${await hmacSha256(secret, `report-unsubscribe:${recipient.id}`)}`,
  );

/** What reading a token needs: the shard the token's workspace is on, and workspaces' names from the directory. */
export interface UnsubscribeDeps {
  db: Db;
  people: Pick<People, "workspaces">;
  secret: string;
}

/** A token's recipient id and signature; a token mailed before shards is `<recipient id>.<signature>`. */
function tokenParts(token: string): [string | undefined, string | undefined] {
  const [head, tail] = token.split(".");
  // The id is a UUID; the signature is base64url, which may hold a "_" too.
  const placed = tail && /^[0-9a-f-]{36}_/.test(tail);
  return placed ? [tail.slice(0, 36), tail.slice(37)] : [head, tail];
}

/** The recipient a token names, with its workspace's name and report, or 404 for a token that is not ours. */
async function recipientOf({ db, people, secret }: UnsubscribeDeps, token: string) {
  const [id, sig] = tokenParts(token);
  const expected = id ? await hmacSha256(secret, `report-unsubscribe:${id}`) : "";
  if (!id || !sig || !constantTimeEqualText(expected, sig)) throw notFound();
  const [row] = await db
    .select({ recipient: reportRecipients, kind: reportSchedules.kind })
    .from(reportRecipients)
    .innerJoin(reportSchedules, eq(reportSchedules.id, reportRecipients.scheduleId))
    .where(eq(reportRecipients.id, id));
  const workspace = row && (await people.workspaces([row.recipient.workspaceId])).get(row.recipient.workspaceId);
  if (!row || !workspace) throw notFound();
  return { ...row, workspace: workspace.name };
}

/** What the unsubscribe page shows before the click: whose report, to which address, and whether it still goes. */
export async function unsubscribeView(deps: UnsubscribeDeps, token: string) {
  const { recipient, kind, workspace } = await recipientOf(deps, token);
  return { email: recipient.email, workspace, kind, unsubscribed: recipient.unsubscribedAt !== null };
}

/** Stops the report to that address (idempotent: a second click changes nothing). */
export async function unsubscribe(deps: UnsubscribeDeps, token: string, now: number) {
  const { recipient, kind, workspace } = await recipientOf(deps, token);
  if (recipient.unsubscribedAt === null)
    await deps.db.update(reportRecipients).set({ unsubscribedAt: now }).where(eq(reportRecipients.id, recipient.id));
  return { email: recipient.email, workspace, kind, unsubscribed: true };
}

/** The deps of a token's workspace's shard (the link is opened without a session). */
export const unsubscribeDeps = async (
  services: {
    servicesForToken(token: string): Promise<{ db: Db }>;
    people: UnsubscribeDeps["people"];
    config: { SESSION_SECRET: string };
  },
  token: string,
): Promise<UnsubscribeDeps> => ({
  db: (await services.servicesForToken(token)).db,
  people: services.people,
  secret: services.config.SESSION_SECRET,
});

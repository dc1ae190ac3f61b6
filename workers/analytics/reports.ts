import { TZDate } from "@date-fns/tz";
import { and, desc, eq, getTableColumns, type SQL } from "drizzle-orm";
import { z } from "zod";
import { BrandService } from "../branding";
import { chunksOf, D1_MAX_PARAMS } from "../db/chunks";
import type { Db } from "../db/client";
import { REPORT_FORMATS, REPORT_KINDS, reportDeliveries, reportFiles, reportSchedules } from "../db/schema/index";
import { notFound } from "../errors";
import type { ClaimMark } from "../http/idempotency";
import type { MemberRef } from "../tenancy/membership";
import { notMoving } from "../tenancy/moving";
import type { People } from "../tenancy/people";
import { renderReport } from "./export/render";
import { REPORT_TITLES } from "./export/report-data";
import { resolveRange } from "./period";
import { type DeliveryDeps, deliverDueReports, deliveryRows } from "./report-delivery";
import {
  activeRecipients,
  type MemberEmails,
  type RecipientView,
  recipientsOf,
  recipientWrites,
} from "./report-recipients";
import type { ScheduleInput } from "./schedule-input";

type Schedule = typeof reportSchedules.$inferSelect;

export const ScheduleData = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  frequency: z.enum(["weekly", "monthly"]),
  weekday: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  hour: z.number(),
  enabled: z.boolean(),
  lastSentAt: z.string().nullable(),
  description: z.string(),
  /** Besides the member who set it up; `member` false is a client's address, mailed with an unsubscribe link. */
  recipients: z.array(z.object({ email: z.string(), member: z.boolean(), unsubscribed: z.boolean() })),
});
export const RecentReport = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  size: z.number(),
  createdAt: z.string(),
  downloadUrl: z.string(),
});

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const hourLabel = (h: number) => `${h % 12 === 0 ? 12 : h % 12}:00 ${h < 12 ? "AM" : "PM"}`;

/**
 * A schedule as the API and the Reports tab show it. Its hour is the workspace's (ADR 085), which may not be the
 * reader's: the description names the zone.
 */
export function present(s: Schedule, timezone: string, recipients: RecipientView[] = []) {
  const when = s.frequency === "weekly" ? `every ${DAYS[s.weekday ?? 0]}` : `on day ${s.dayOfMonth} of each month`;
  return {
    id: s.id,
    kind: s.kind,
    format: s.format,
    frequency: s.frequency,
    weekday: s.weekday,
    dayOfMonth: s.dayOfMonth,
    hour: s.hour,
    enabled: s.enabled,
    lastSentAt: s.lastSentAt ? new Date(s.lastSentAt).toISOString() : null,
    description: `${REPORT_TITLES[s.kind]} ${when} at ${hourLabel(s.hour)} ${timezone} time`,
    recipients,
  };
}

/** The most recent scheduled instant at or before `now`, in the workspace's time zone (DST by date-fns/tz). */
export function lastOccurrence(
  s: Pick<Schedule, "frequency" | "weekday" | "dayOfMonth" | "hour">,
  now: number,
  timezone: string,
): number {
  const local = new TZDate(now, timezone);
  if (s.frequency === "weekly") {
    const back = (local.getDay() - (s.weekday ?? 0) + 7) % 7;
    let at = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() - back,
      s.hour,
      0,
      0,
      0,
      timezone,
    ).getTime();
    if (at > now)
      at = new TZDate(
        local.getFullYear(),
        local.getMonth(),
        local.getDate() - back - 7,
        s.hour,
        0,
        0,
        0,
        timezone,
      ).getTime();
    return at;
  }
  let at = new TZDate(local.getFullYear(), local.getMonth(), s.dayOfMonth ?? 1, s.hour, 0, 0, 0, timezone).getTime();
  if (at > now)
    at = new TZDate(local.getFullYear(), local.getMonth() - 1, s.dayOfMonth ?? 1, s.hour, 0, 0, 0, timezone).getTime();
  return at;
}

export const isDue = (s: Schedule, now: number, timezone: string) =>
  s.enabled && lastOccurrence(s, now, timezone) > (s.lastSentAt ?? s.createdAt);

export async function listSchedules(db: Db, workspace: { id: string; timezone: string }) {
  const rows = await db.query.reportSchedules.findMany({
    where: eq(reportSchedules.workspaceId, workspace.id),
    orderBy: reportSchedules.createdAt,
  });
  const recipients = await recipientsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, workspace.timezone, recipients.get(r.id)));
}

async function presentOne(db: Db, row: Schedule, timezone: string) {
  return present(row, timezone, (await recipientsOf(db, [row.id])).get(row.id));
}

/** One schedule of the workspace as the API shows it; a 404 when it is not the workspace's. */
export async function getSchedule(db: Db, workspace: { id: string; timezone: string }, id: string) {
  const row = await db.query.reportSchedules.findFirst({
    where: and(eq(reportSchedules.id, id), eq(reportSchedules.workspaceId, workspace.id)),
  });
  if (!row) throw notFound();
  return presentOne(db, row, workspace.timezone);
}

/**
 * A schedule of the workspace; its reports are mailed to the member who set it up and to its recipients. A request's
 * Idempotency-Key claim is marked with it in the batch that creates it (ADR 125).
 */
export async function createSchedule(
  db: Db,
  member: MemberRef,
  input: ScheduleInput,
  now: number,
  members: MemberEmails,
  timezone: string,
  mark?: ClaimMark,
) {
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(reportSchedules)
      .values({ id, ...member, ...normalize(input), createdAt: now })
      .returning(),
    ...recipientWrites(db, { id, workspaceId: member.workspaceId }, input.recipients, members, now),
    ...(mark ? [mark(id)] : []),
  ]);
  return presentOne(db, row!, timezone);
}

export async function updateSchedule(
  db: Db,
  workspace: { id: string; timezone: string },
  id: string,
  input: ScheduleInput,
  now: number,
  members: MemberEmails,
) {
  const workspaceId = workspace.id;
  const [row] = await db
    .update(reportSchedules)
    .set(normalize(input))
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.workspaceId, workspaceId)))
    .returning();
  if (!row) return null;
  const [first, ...rest] = recipientWrites(db, { id, workspaceId }, input.recipients, members, now);
  await db.batch([first, ...rest]);
  return presentOne(db, row, workspace.timezone);
}

export async function deleteSchedule(db: Db, workspaceId: string, id: string) {
  const rows = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.workspaceId, workspaceId)))
    .returning({ id: reportSchedules.id });
  return rows.length > 0;
}

function normalize(input: ScheduleInput) {
  return {
    kind: input.kind,
    format: input.format,
    frequency: input.frequency,
    weekday: input.frequency === "weekly" ? input.weekday! : null,
    dayOfMonth: input.frequency === "monthly" ? input.dayOfMonth! : null,
    hour: input.hour,
    enabled: input.enabled,
  };
}

export async function recentReports(db: Db, workspaceId: string) {
  const rows = await db.query.reportFiles.findMany({
    where: eq(reportFiles.workspaceId, workspaceId),
    orderBy: desc(reportFiles.createdAt),
    limit: 20,
  });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    format: r.format,
    size: r.size,
    createdAt: new Date(r.createdAt).toISOString(),
    downloadUrl: `/api/analytics/reports/recent/${r.id}/download`,
  }));
}

export type ReportDeps = DeliveryDeps;

/** Where a workspace's report files live in R2 (deleting the workspace removes the prefix). */
export const reportFilesOf = (workspaceId: string) => `reports/${workspaceId}/`;

/** What making and mailing a report needs, from a request's or the cron's services. */
export const reportDeps = (s: {
  db: Db;
  people: People;
  now: () => number;
  env: { MEDIA: R2Bucket };
  mailer: DeliveryDeps["mailer"];
  /** Where a mail's links lead: the request's origin for Send now (as a member's notices), APP_ORIGIN for cron. */
  appOrigin: string;
  config: { SESSION_SECRET: string };
}): ReportDeps => ({
  db: s.db,
  people: s.people,
  now: s.now,
  bucket: s.env.MEDIA,
  mailer: s.mailer,
  origin: s.appOrigin,
  secret: s.config.SESSION_SECRET,
});

/**
 * Schedules with their workspace's name and time zone and their creator's address. Those live in the directory,
 * which a shard's SQL cannot join (ADR 081): one directory read for the page's people and one for its workspaces.
 */
async function schedulesWhere(deps: ReportDeps, where: SQL | undefined) {
  const schedules = await deps.db.select().from(reportSchedules).where(where);
  const [people, places] = await Promise.all([
    deps.people.byIds(schedules.map((s) => s.userId)),
    deps.people.workspaces(schedules.map((s) => s.workspaceId)),
  ]);
  return schedules.flatMap((schedule) => {
    const person = people.get(schedule.userId);
    const place = places.get(schedule.workspaceId);
    return person && place ? [{ schedule, email: person.email, timezone: place.timezone, name: place.name }] : [];
  });
}

/**
 * "Send now": the schedule's report for the period ending now, to its recipients, without waiting for its hour
 * (its next scheduled one still goes). Answers how many mails went, or null for a schedule not of the workspace.
 */
export async function sendNow(deps: ReportDeps, workspaceId: string, id: string): Promise<number | null> {
  const [row] = await schedulesWhere(
    deps,
    and(eq(reportSchedules.id, id), eq(reportSchedules.workspaceId, workspaceId)),
  );
  if (!row) return null;
  const fileId = await makeReport(deps, row.schedule, row, deps.now(), false);
  return deliverDueReports(deps, fileId);
}

/**
 * Cron: makes every due scheduled report at its hour in the workspace's time zone, keeps it in R2 and lists it,
 * with a pending delivery per recipient in the same batch; then the Mailer sends what is due (report-delivery.ts).
 * Answers how many reports were made.
 */
export async function runDueReports(deps: ReportDeps, moving: readonly string[] = []): Promise<number> {
  const now = deps.now();
  let made = 0;
  const due = and(eq(reportSchedules.enabled, true), notMoving(reportSchedules.workspaceId, moving));
  for (const { schedule, email, timezone, name } of await schedulesWhere(deps, due!)) {
    if (!isDue(schedule, now, timezone)) continue;
    try {
      await makeReport(deps, schedule, { email, timezone, name }, now);
      made += 1;
    } catch (err) {
      // One workspace's failure must not stop the others; its schedule stays due and is tried next minute.
      console.error(`scheduled report ${schedule.id} failed: ${err instanceof Error ? err.message : err}`);
    }
  }
  await deliverDueReports(deps);
  return made;
}

/**
 * Delivery rows in one INSERT within D1's 100 bound parameters: drizzle binds each column given a value or a default,
 * at most every column (a schedule's 21 recipients were one statement of 189).
 */
const DELIVERIES_PER_INSERT = Math.floor(D1_MAX_PARAMS / Object.keys(getTableColumns(reportDeliveries)).length);

async function makeReport(
  deps: ReportDeps,
  schedule: Schedule,
  ws: { email: string; timezone: string; name: string },
  now: number,
  scheduled = true,
) {
  const range = resolveRange(
    { period: schedule.frequency === "weekly" ? "7d" : "30d", platforms: null },
    now,
    ws.timezone,
  );
  const brands = new BrandService(deps.db, deps.bucket, deps.now);
  const file = await renderReport(
    deps.db,
    { workspaceId: schedule.workspaceId, userId: schedule.userId, timezone: ws.timezone },
    range,
    schedule.kind,
    schedule.format,
    {
      people: deps.people,
      brand: () => brands.forReport({ id: schedule.workspaceId, name: ws.name }),
      bucket: deps.bucket,
    },
  );
  const id = crypto.randomUUID();
  const key = `${reportFilesOf(schedule.workspaceId)}${id}.${schedule.format}`;
  await deps.bucket.put(key, file.body, {
    httpMetadata: { contentType: file.contentType, contentDisposition: `attachment; filename="${file.filename}"` },
  });
  const members = await deps.people.members(schedule.workspaceId);
  const memberIds = new Set(members.map((m) => m.id));
  const recipients = await activeRecipients(deps.db, schedule, ws.email, memberIds);
  const ref = { id, scheduleId: schedule.id, workspaceId: schedule.workspaceId };
  await deps.db.batch([
    deps.db.insert(reportFiles).values({
      ...ref,
      userId: schedule.userId,
      kind: schedule.kind,
      format: schedule.format,
      r2Key: key,
      size: file.body.byteLength,
      createdAt: now,
    }),
    // A report sent on request leaves the schedule's own clock alone.
    deps.db
      .update(reportSchedules)
      .set({ lastSentAt: scheduled ? now : schedule.lastSentAt })
      .where(eq(reportSchedules.id, schedule.id)),
    ...chunksOf(deliveryRows(ref, recipients, now), DELIVERIES_PER_INSERT).map((run) =>
      deps.db.insert(reportDeliveries).values(run),
    ),
  ]);
  return id;
}

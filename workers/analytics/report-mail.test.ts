import { env, SELF } from "cloudflare:test";
import { eq, inArray, like } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "../db/client";
import {
  devMailAttachments,
  devMailbox,
  reportDeliveries,
  reportRecipients,
  reportSchedules,
  users,
  workspaces,
} from "../db/schema/index";
import type { Mailer } from "../mail";
import { DevMailboxMailer } from "../mail/mailer";
import { directoryPeople } from "../tenancy/people";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { addMember, drizzleOf } from "../test/shards";
import { FIXTURE_YEAR, SPRING_FORWARD } from "./fixture.test-helper";
import { REPORT_MAIL_ATTEMPTS, REPORT_MAIL_BACKOFF_MS } from "./report-delivery";
import { runDueReports } from "./reports";
import { MAX_RECIPIENTS } from "./schedule-input";

const directory = createDb(env.DB);
/** The shard of the case's workspace (`scheduled` reads it), which holds its schedules and deliveries. */
let db: Db = directory;
const DAY = 86_400_000;
const deps = (now: number, mailer: Mailer = new DevMailboxMailer(directory), attachmentLimit?: number) => ({
  db,
  people: directoryPeople(directory),
  now: () => now,
  bucket: env.MEDIA,
  mailer,
  origin: "http://localhost",
  secret: env.SESSION_SECRET,
  attachmentLimit,
});

/** A fresh owner and a schedule of their workspace, made due from `createdAt` on. */
async function scheduled(body: Record<string, unknown>, createdAt: number, timezone = "UTC") {
  const owner = await registerUser({ displayName: "Olga" });
  db = await drizzleOf(owner.user.id);
  const res = await call<"POST /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
    token: owner.token,
    body: { kind: "summary", format: "pdf", ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await db
    .update(reportSchedules)
    .set({ createdAt })
    .where(eq(reportSchedules.id, res.body.data.id))
    .returning();
  await directory.update(workspaces).set({ timezone, name: "Acme Bakery" }).where(eq(workspaces.id, row!.workspaceId));
  return { owner, schedule: res.body.data, workspaceId: row!.workspaceId };
}
const mailTo = (to: string) =>
  directory.select().from(devMailbox).where(eq(devMailbox.to, to)).orderBy(devMailbox.createdAt);

// runDueReports makes every due schedule of the database: each case removes its own when done.
afterEach(async () => {
  await db.delete(reportSchedules);
});

describe("scheduled reports to clients", () => {
  it("validates recipients and lists them as members or clients", async () => {
    const owner = await registerUser();
    const bad = await call<"POST /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      token: owner.token,
      body: { kind: "summary", frequency: "weekly", weekday: 1, hour: 9, recipients: ["client@example", "x"] },
    });
    expect(bad.body).toEqual({
      success: false,
      message: "Each recipient must be an email address, like client@example.com.",
    });
    const ok = await call<"POST /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      token: owner.token,
      body: {
        kind: "summary",
        frequency: "weekly",
        weekday: 1,
        hour: 9,
        recipients: [" Client@Example.com ", "client@example.com", owner.email.toUpperCase()],
      },
    });
    expect(ok.body.data.recipients).toEqual([
      { email: "client@example.com", member: false, unsubscribed: false },
      { email: owner.email, member: true, unsubscribed: false },
    ]);
  });

  it("mails the PDF to the owner and a client, with an unsubscribe link for the client only, which works", {
    timeout: 30_000,
  }, async () => {
    const now = Date.now();
    const weekday = new Date(now).getUTCDay();
    const client = `client-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { owner, schedule, workspaceId } = await scheduled(
      { frequency: "weekly", weekday, hour: 0, recipients: [client] },
      now - 8 * DAY,
    );
    // The agency's brand for this client: the mail wears it (issue 41).
    const brand = { token: owner.token, method: "PUT" };
    expect((await call("/api/brand", { ...brand, body: { color: "#0f766e" } })).status).toBe(200);
    const form = new FormData();
    form.append("logo", fileOf(jpegBytes(64, 64), "logo.jpg"));
    expect((await call("/api/brand/logo", { ...brand, body: form })).status).toBe(200);
    expect(await runDueReports(deps(now))).toBe(1);

    const [ownerMail] = await mailTo(owner.email);
    const [clientMail] = await mailTo(client);
    expect(clientMail!.subject).toBe("Acme Bakery: Summary Report");
    expect(clientMail!.text).toContain("The report is attached (PDF).");
    expect(ownerMail!.text).not.toContain("Unsubscribe");
    // Two parts that say the same: plain text under the workspace's name, HTML in its colour with its logo.
    expect(clientMail!.text.startsWith("Acme Bakery\n\nHere is Acme Bakery's weekly Summary Report.")).toBe(true);
    expect(clientMail!.html).toContain("background:#0f766e;color:#ffffff");
    expect(clientMail!.html).toContain(`<img src="http://localhost/api/brand-logos/${workspaceId}?v=`);
    expect(clientMail!.html).toContain("The report is attached (PDF).");
    expect(clientMail!.html).toMatch(/<a href="http:\/\/localhost\/unsubscribe\/[^"]+"/);
    expect(ownerMail!.html).not.toContain("Unsubscribe");
    const attachments = await directory
      .select()
      .from(devMailAttachments)
      .where(inArray(devMailAttachments.mailId, [ownerMail!.id, clientMail!.id]));
    expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["Acme-Bakery-summary.pdf", "application/pdf"],
      ["Acme-Bakery-summary.pdf", "application/pdf"],
    ]);
    expect(atob(attachments[0]!.contentBase64).slice(0, 5)).toBe("%PDF-");

    const token = clientMail!.text.match(/\/unsubscribe\/(\S+)/)![1]!;
    const view = await call<"GET /api/report-unsubscribe/:token">(`/api/report-unsubscribe/${token}`);
    expect(view.body.data).toEqual({ email: client, workspace: "Acme Bakery", kind: "summary", unsubscribed: false });
    expect((await call(`/api/report-unsubscribe/${token}x`, { method: "POST" })).status).toBe(404);
    const done = await call<"POST /api/report-unsubscribe/:token">(`/api/report-unsubscribe/${token}`, {
      method: "POST",
    });
    expect(done.body.message).toBe(`${client} will no longer receive this report.`);
    const listed = await call<"GET /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      token: owner.token,
    });
    expect(listed.body.data.schedules[0]!.recipients).toEqual([{ email: client, member: false, unsubscribed: true }]);

    // The next week's report goes to the owner only.
    expect(await runDueReports(deps(now + 7 * DAY))).toBe(1);
    expect(await mailTo(client)).toHaveLength(1);
    expect(await mailTo(owner.email)).toHaveLength(2);
    expect(schedule.recipients).toHaveLength(1);
  });

  it("a member who set a report up or was listed on it gets no more once they leave; the client still does", {
    timeout: 30_000,
  }, async () => {
    const owner = await registerUser({ displayName: "Olga" });
    const [editor, colleague] = [await registerUser(), await registerUser()];
    const ws = owner.user.id;
    db = await drizzleOf(ws);
    await addMember(ws, editor.user.id, "editor");
    await addMember(ws, colleague.user.id, "viewer");
    const as = (u: { token: string }) => ({ token: u.token, headers: { "X-Workspace-Id": ws } });
    const client = `client-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const made = await call<"POST /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      ...as(editor),
      body: {
        kind: "summary",
        format: "csv",
        frequency: "weekly",
        weekday: 1,
        hour: 9,
        recipients: [colleague.email, client],
      },
    });
    expect(made.body.data.recipients).toEqual([
      { email: client, member: false, unsubscribed: false },
      { email: colleague.email, member: true, unsubscribed: false },
    ]);
    for (const gone of [editor, colleague])
      expect(
        (
          await call<"DELETE /api/workspaces/:id/members/:userId">(`/api/workspaces/${ws}/members/${gone.user.id}`, {
            ...as(owner),
            method: "DELETE",
          })
        ).status,
      ).toBe(200);
    const sent = await call<"POST /api/analytics/reports/schedules/:id/send">(
      `/api/analytics/reports/schedules/${made.body.data.id}/send`,
      { ...as(owner), method: "POST" },
    );
    expect(sent.body).toMatchObject({ success: true, message: "Report sent to 1 recipient" });
    expect(await mailTo(client)).toHaveLength(1);
    expect(await mailTo(editor.email)).toEqual([]);
    expect(await mailTo(colleague.email)).toEqual([]);
  });

  it("Send now mails the report at once and leaves the schedule's own clock alone", { timeout: 30_000 }, async () => {
    const { owner, schedule } = await scheduled(
      { format: "csv", frequency: "weekly", weekday: 1, hour: 9 },
      Date.now(),
    );
    const send = (token: string, id = schedule.id) =>
      call<"POST /api/analytics/reports/schedules/:id/send">(`/api/analytics/reports/schedules/${id}/send`, {
        token,
        method: "POST",
      });
    const stranger = await registerUser();
    expect((await send(stranger.token)).status).toBe(404);
    const sent = await send(owner.token);
    expect(sent.body).toMatchObject({ success: true, message: "Report sent to 1 recipient", data: { sent: 1 } });
    expect((await mailTo(owner.email))[0]!.subject).toBe("Acme Bakery: Summary Report");
    const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, schedule.id));
    expect(row!.lastSentAt).toBeNull();
  });

  it("goes out at the schedule's hour in the workspace's zone on both sides of a DST change", {
    timeout: 30_000,
  }, async () => {
    // Mondays around New York's spring-forward Sunday: 9:00 is 14:00 UTC before it and 13:00 UTC after.
    const weekBefore = (h: number, m = 0) => Date.UTC(FIXTURE_YEAR, 2, SPRING_FORWARD - 6, h, m);
    const weekAfter = (h: number, m = 0) => Date.UTC(FIXTURE_YEAR, 2, SPRING_FORWARD + 1, h, m);
    const { owner } = await scheduled(
      { format: "csv", frequency: "weekly", weekday: 1, hour: 9 },
      weekBefore(0),
      "America/New_York",
    );
    expect(await runDueReports(deps(weekBefore(13, 59)))).toBe(0);
    expect(await runDueReports(deps(weekBefore(14)))).toBe(1);
    expect(await runDueReports(deps(weekAfter(12, 59)))).toBe(0);
    expect(await runDueReports(deps(weekAfter(13)))).toBe(1);
    expect(await mailTo(owner.email)).toHaveLength(2);
  });

  it("retries a refused mail with backoff, and marks it failed after its last attempt", {
    timeout: 30_000,
  }, async () => {
    const now = Date.now();
    await scheduled({ format: "csv", frequency: "weekly", weekday: new Date(now).getUTCDay(), hour: 0 }, now - 8 * DAY);
    const refusing: Mailer = {
      send: async () => {
        throw new Error("451 try again later");
      },
    };
    expect(await runDueReports(deps(now, refusing))).toBe(1);
    const [pending] = await db.select().from(reportDeliveries);
    expect(pending).toMatchObject({ status: "pending", attempts: 1, lastError: "451 try again later" });
    expect(pending!.nextAttemptAt).toBe(now + REPORT_MAIL_BACKOFF_MS[0]);

    // Not before its time; then it goes.
    await runDueReports(deps(now + REPORT_MAIL_BACKOFF_MS[0] - 1));
    expect((await db.select().from(reportDeliveries))[0]!.attempts).toBe(1);
    await runDueReports(deps(now + REPORT_MAIL_BACKOFF_MS[0]));
    expect((await db.select().from(reportDeliveries))[0]).toMatchObject({ status: "sent", attempts: 2 });

    // A mail refused every time: failed after its last attempt, with the error.
    await db.update(reportSchedules).set({ lastSentAt: null, createdAt: now - 8 * DAY });
    await db.delete(reportDeliveries);
    let at = now;
    for (let i = 0; i < REPORT_MAIL_ATTEMPTS; i++) {
      await runDueReports(deps(at, refusing));
      at += REPORT_MAIL_BACKOFF_MS[i] ?? 0;
    }
    expect((await db.select().from(reportDeliveries))[0]).toMatchObject({
      status: "failed",
      attempts: REPORT_MAIL_ATTEMPTS,
      nextAttemptAt: null,
    });
  });

  it("sends a large report as a signed, expiring link instead of an attachment", { timeout: 30_000 }, async () => {
    const now = Date.now();
    const { owner } = await scheduled(
      { frequency: "weekly", weekday: new Date(now).getUTCDay(), hour: 0 },
      now - 8 * DAY,
    );
    await runDueReports(deps(now, undefined, 10));
    const [mail] = await mailTo(owner.email);
    const link = mail!.text.match(/http:\/\/localhost(\/api\/report-files\/\S+)/)![1]!;
    expect(mail!.text).toContain("the link works for 7 days");
    expect(await directory.select().from(devMailAttachments).where(eq(devMailAttachments.mailId, mail!.id))).toEqual(
      [],
    );
    const file = await SELF.fetch(`http://localhost${link}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    await file.arrayBuffer();
    // A signature changed in its first character (to one it did not have: one in 64 already began with "A").
    const forged = link.replace(/sig=(.)/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`);
    expect((await call(forged)).status).toBe(404);
  });
});

// D1 binds at most 100 parameters a statement: lists that grow with a shard's schedules or a report's recipients are
// read and written in runs.
describe("reports past D1's 100 bound parameters", () => {
  it("Send now reaches a schedule's every recipient at the most it takes", { timeout: 30_000 }, async () => {
    const clients = Array.from(
      { length: MAX_RECIPIENTS },
      (_, i) => `many-${i}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    );
    const { owner, schedule } = await scheduled(
      { format: "csv", frequency: "weekly", weekday: 1, hour: 9, recipients: clients },
      Date.now(),
    );
    // A delivery row binds 9 parameters: 21 of them were one statement of 189.
    const sent = await call<"POST /api/analytics/reports/schedules/:id/send">(
      `/api/analytics/reports/schedules/${schedule.id}/send`,
      { token: owner.token, method: "POST" },
    );
    expect(sent.body).toMatchObject({ success: true, data: { sent: MAX_RECIPIENTS + 1 } });
    const deliveries = await db.select().from(reportDeliveries).where(eq(reportDeliveries.scheduleId, schedule.id));
    expect(deliveries.map((d) => d.email).sort()).toEqual([owner.email, ...clients].sort());
    expect(deliveries.every((d) => d.status === "sent")).toBe(true);
    for (const to of [owner.email, clients[0]!, clients.at(-1)!]) expect(await mailTo(to)).toHaveLength(1);
  });

  it("lists every schedule of a workspace with more than 100, each with its recipients", async () => {
    // The schedule made through the API is listed first (the oldest), then these 120 in the order they were made.
    const { owner, workspaceId } = await scheduled({ format: "csv", frequency: "weekly", weekday: 1, hour: 9 }, 0);
    const ids = Array.from({ length: 120 }, () => crypto.randomUUID());
    await db.batch(
      ids.flatMap((id, i) => [
        db.insert(reportSchedules).values({
          id,
          workspaceId,
          userId: owner.user.id,
          kind: "summary",
          format: "csv",
          frequency: "weekly",
          weekday: 1,
          hour: 9,
          createdAt: i + 1,
        }),
        db.insert(reportRecipients).values({
          id: crypto.randomUUID(),
          scheduleId: id,
          workspaceId,
          email: `client-${i}@example.com`,
          createdAt: i + 1,
        }),
      ]) as [never, ...never[]],
    );
    const res = await call<"GET /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const listed = res.body.data.schedules.slice(1);
    expect(listed.map((s) => s.id)).toEqual(ids);
    expect(listed.map((s) => s.recipients)).toEqual(
      ids.map((_, i) => [{ email: `client-${i}@example.com`, member: false, unsubscribed: false }]),
    );
  });

  it("the cron makes the due report on a shard whose schedules have more than 100 creators and workspaces", {
    timeout: 30_000,
  }, async () => {
    const now = Date.now();
    const { owner } = await scheduled(
      { format: "csv", frequency: "weekly", weekday: new Date(now).getUTCDay(), hour: 0 },
      now - 8 * DAY,
    );
    // 110 other people's workspaces on the same shard, each with a schedule that is not due yet.
    const run = crypto.randomUUID().slice(0, 8);
    const others = Array.from({ length: 110 }, (_, i) => `many-${run}-${i}`);
    const person = (id: string) => ({ id, email: `${id}@example.com`, displayName: id, passwordHash: "!" });
    const place = (id: string) => ({ id, name: `Shop ${id}`, personalUserId: id, shard: "DB" });
    for (const target of new Set([directory, db]))
      await target.batch(
        others.flatMap((id) => [
          target.insert(users).values(person(id)).onConflictDoNothing(),
          target.insert(workspaces).values(place(id)).onConflictDoNothing(),
        ]) as [never, ...never[]],
      );
    await db.batch(
      others.map((id) =>
        db.insert(reportSchedules).values({
          id: crypto.randomUUID(),
          workspaceId: id,
          userId: id,
          kind: "summary",
          format: "csv",
          frequency: "weekly",
          weekday: new Date(now).getUTCDay(),
          hour: 0,
          createdAt: now,
        }),
      ) as [never, ...never[]],
    );
    try {
      expect(await runDueReports(deps(now))).toBe(1);
      expect(await mailTo(owner.email)).toHaveLength(1);
    } finally {
      for (const target of new Set([directory, db]))
        await target.batch([
          target.delete(workspaces).where(like(workspaces.id, `many-${run}-%`)),
          target.delete(users).where(like(users.id, `many-${run}-%`)),
        ]);
    }
  });
});

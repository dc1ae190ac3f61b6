import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { devMailbox } from "../db/schema/index";
import { DevMailboxMailer } from "../mail/mailer";
import { directoryPeople } from "../tenancy/people";
import { call, registerUser } from "../test/helpers";
import { addMember, drizzleOf } from "../test/shards";
import { seedFixture } from "./fixture.test-helper";
import { lastOccurrence, runDueReports } from "./reports";

/** A pure rule given its own "now": fixed dates in January 2026 hold on any day. */
const utc = (d: number, h: number) => Date.UTC(2026, 0, d, h);

let fx: Awaited<ReturnType<typeof seedFixture>>;
beforeAll(async () => {
  fx = await seedFixture();
});

describe("scheduled reports", () => {
  it("lastOccurrence is in the user's timezone", () => {
    // Monday 9:00 in New York = 14:00 UTC. On Wednesday Jan 7 the last one was Monday Jan 5.
    expect(
      lastOccurrence({ frequency: "weekly", weekday: 1, dayOfMonth: null, hour: 9 }, utc(7, 12), "America/New_York"),
    ).toBe(utc(5, 14));
    expect(
      lastOccurrence({ frequency: "weekly", weekday: 1, dayOfMonth: null, hour: 9 }, utc(5, 13), "America/New_York"),
    ).toBe(utc(5, 14) - 7 * 86_400_000);
    expect(
      lastOccurrence({ frequency: "monthly", weekday: null, dayOfMonth: 1, hour: 9 }, utc(7, 12), "America/New_York"),
    ).toBe(utc(1, 14));
  });

  it("a member in another zone reads the schedule's hour in the workspace's zone, which it goes out at", async () => {
    const tokyo = await registerUser({ timezone: "Asia/Tokyo" });
    await addMember(fx.a.user.id, tokyo.user.id, "editor");
    const made = await call<"POST /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      token: tokyo.token,
      headers: { "X-Workspace-Id": fx.a.user.id },
      body: { kind: "growth", format: "csv", frequency: "monthly", dayOfMonth: 2, hour: 18 },
    });
    expect(made.body.data.description).toBe("Growth Report on day 2 of each month at 6:00 PM America/New_York time");
    const listed = await call<"GET /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      token: tokyo.token,
      headers: { "X-Workspace-Id": fx.a.user.id },
    });
    expect(listed.body.data.schedules.map((s: { description: string }) => s.description)).toContain(
      "Growth Report on day 2 of each month at 6:00 PM America/New_York time",
    );
    await call(`/api/analytics/reports/schedules/${made.body.data.id}`, {
      token: tokyo.token,
      method: "DELETE",
      headers: { "X-Workspace-Id": fx.a.user.id },
    });
  });

  it("CRUD with validation and ownership", async () => {
    const bad = await call<"POST /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      token: fx.a.token,
      body: { kind: "summary", frequency: "weekly", hour: 9 },
    });
    expect(bad.body).toEqual({ success: false, message: "A weekly report needs a weekday." });
    const created = await call<"POST /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      token: fx.a.token,
      body: { kind: "summary", format: "pdf", frequency: "weekly", weekday: 1, hour: 9 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.description).toBe("Summary Report every Monday at 9:00 AM America/New_York time");
    const id = created.body.data.id;
    expect(
      (
        await call<"PUT /api/analytics/reports/schedules/:id">(`/api/analytics/reports/schedules/${id}`, {
          method: "PUT",
          token: fx.b.token,
          body: { kind: "summary", frequency: "weekly", weekday: 1, hour: 9, enabled: false },
        })
      ).status,
    ).toBe(404);
    const disabled = await call<"PUT /api/analytics/reports/schedules/:id">(`/api/analytics/reports/schedules/${id}`, {
      method: "PUT",
      token: fx.a.token,
      body: { kind: "summary", frequency: "weekly", weekday: 1, hour: 9, enabled: false },
    });
    expect(disabled.body.data.enabled).toBe(false);
    expect(
      (await call<"GET /api/analytics/reports/schedules">("/api/analytics/reports/schedules", { token: fx.b.token }))
        .body.data.schedules,
    ).toEqual([]);
    expect(
      (
        await call<"DELETE /api/analytics/reports/schedules/:id">(`/api/analytics/reports/schedules/${id}`, {
          method: "DELETE",
          token: fx.a.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (await call<"GET /api/analytics/reports/schedules">("/api/analytics/reports/schedules", { token: fx.a.token }))
        .body.data.schedules,
    ).toEqual([]);
  });

  it("runDueReports stores the file in R2, lists it, mails it, and does not resend", {
    timeout: 30_000,
  }, async () => {
    const created = await call<"POST /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      token: fx.a.token,
      body: { kind: "growth", format: "csv", frequency: "monthly", dayOfMonth: 1, hour: 0 },
    });
    expect(created.status).toBe(201);
    const directory = createDb(env.DB);
    // One instant a month on for both runs: a clock running on between them let the second find the next month's 1st,
    // 00:00 New York, due when it came round while the first made its report.
    const monthOn = Date.now() + 32 * 86_400_000;
    const deps = {
      db: await drizzleOf(fx.a.user.id),
      people: directoryPeople(directory),
      now: () => monthOn,
      bucket: env.MEDIA,
      mailer: new DevMailboxMailer(directory),
      origin: "http://localhost",
      secret: env.SESSION_SECRET,
    };
    expect(await runDueReports(deps)).toBeGreaterThanOrEqual(1);
    expect(await runDueReports(deps)).toBe(0);
    const recent = await call<"GET /api/analytics/reports/recent">("/api/analytics/reports/recent", {
      token: fx.a.token,
    });
    expect(recent.body.data.reports).toHaveLength(1);
    const file = await SELF.fetch(`http://localhost${recent.body.data.reports[0].downloadUrl}`, {
      headers: { Authorization: `Bearer ${fx.a.token}` },
    });
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect((await file.text()).startsWith("Date,")).toBe(true);
    expect((await call(recent.body.data.reports[0].downloadUrl, { token: fx.b.token })).status).toBe(404);
    const mail = await directory.select().from(devMailbox).where(eq(devMailbox.to, fx.a.email));
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/: Growth Report$/)]);
  });
});

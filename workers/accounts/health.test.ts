import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../app";
import { createDb } from "../db/client";
import { connectedAccounts } from "../db/schema/index";
import { DevMailboxMailer } from "../mail/mailer";
import { versionedApi, versionWindow } from "../platforms/api-versions";
import { directoryPeople } from "../tenancy/people";
import { insertScheduledPost } from "../test/fixtures";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { advanceEmulator, cipher, connectViaEmulator, platformHarness, raw } from "../test/oauth";
import { dbOf, drizzleOf } from "../test/shards";
import { runConnectionHealth } from "./connection-health";
import type { AccountView } from "./view";

const DAY = 86_400_000;

/** The daily job as the cron runs it, on the harness's (shiftable) clock. */
function runJob(h: ReturnType<typeof platformHarness>, versionSettings: Record<string, string> = {}) {
  const directory = createDb(env.DB);
  const now = () => Date.now() + h.clock.shiftMs;
  return runConnectionHealth({
    db: h.db,
    people: directoryPeople(directory),
    accounts: h.accounts,
    mailer: new DevMailboxMailer(directory),
    now,
    origin: ORIGIN,
    versionSettings,
  });
}

async function mailsTo(email: string) {
  const rows = await env.DB.prepare("SELECT subject, text, html FROM dev_mailbox WHERE to_address = ?")
    .bind(email)
    .all();
  return rows.results as Array<{ subject: string; text: string; html: string | null }>;
}

async function connected(platform: string, pick: (a: AccountView) => boolean, variant?: string) {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, platform, { variant });
  const list = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data!.accounts;
  return { u, account: list.find(pick)! };
}

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: new Date() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** How a reader in `timeZone` reads an instant (Intl's own reading, not the mail's formatter). */
function readIn(at: number, timeZone: string) {
  const day = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium" }).format(at);
  const time = new Intl.DateTimeFormat("en-US", { timeZone, timeStyle: "short" }).format(at).replace(/\s/g, " ");
  return { day, dayAndTime: `${day}, ${time} (${timeZone})` };
}

/** The user's own workspace moved to `timezone`. */
async function inZone(u: { token: string; user: { id: string } }, timezone: string) {
  const saved = await call<"PATCH /api/workspaces/:id">(`/api/workspaces/${u.user.id}`, {
    token: u.token,
    method: "PATCH",
    body: { timezone },
  });
  expect(saved.body.data?.timezone).toBe(timezone);
}

/** The workspace's harness: its accounts on its shard. */
const harnessOf = async (u: { user: { id: string } }) => platformHarness({}, await drizzleOf(u.user.id));

const row = async (u: { user: { id: string } }, id: string) =>
  (await (await drizzleOf(u.user.id)).select().from(connectedAccounts).where(eq(connectedAccounts.id, id)))[0]!;

describe("daily connection health check", () => {
  it("renews a Threads token a week before it expires, checks it with /me, and mails nobody", async () => {
    const { u, account } = await connected("threads", (a) => a.platform === "threads");
    const before = await row(u, account.id);
    const h = await harnessOf(u);
    // 54 days into the 60-day token, on both clocks.
    h.clock.shiftMs = 54 * DAY;
    await advanceEmulator(54 * DAY);
    await runJob(h);
    const after = await row(u, account.id);
    expect(after.tokenExpiresAt!).toBeGreaterThan(before.tokenExpiresAt! + 50 * DAY);
    expect(after.accessTokenEnc).not.toBe(before.accessTokenEnc);
    expect(after.lastVerifiedAt).toBe(after.healthCheckedAt);
    const view = await call<"GET /api/accounts/:id/health">(`/api/accounts/${account.id}/health`, { token: u.token });
    expect(view.status).toBe(200);
    expect(view.body.data.health).toEqual({ state: "ok", expiresAt: null, reason: null });
    expect(await mailsTo(u.email)).toEqual([]);
  });

  it("flags a revoked YouTube refresh token with Google's reason, lists the posts it will affect, and emails the owner once", async () => {
    const { u, account } = await connected("youtube", (a) => a.platform === "youtube");
    const refreshToken = await cipher().decrypt((await row(u, account.id)).refreshTokenEnc!);
    const revoked = await raw("/sandbox/oauth2.googleapis.com/revoke", {
      method: "POST",
      body: new URLSearchParams({ token: refreshToken }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(revoked.status).toBe(200);
    await insertScheduledPost(
      u.user.id,
      [{ accountId: account.id, platform: "youtube", dueAt: Date.now() + 2 * DAY, status: "scheduled" }],
      "Launch video going out on Friday",
    );
    const h = await harnessOf(u);
    await runJob(h);

    const health = await call<"GET /api/accounts/:id/health">(`/api/accounts/${account.id}/health`, { token: u.token });
    expect(health.status).toBe(200);
    expect(health.body.data.health).toEqual({
      state: "needs_reconnect",
      expiresAt: null,
      reason: expect.stringMatching(/^YouTube refused to refresh access: .*revoked/),
    });
    expect(health.body.data.affectedPosts).toEqual([
      expect.objectContaining({ id: expect.any(String), content: "Launch video going out on Friday" }),
    ]);
    const mails = await mailsTo(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Reconnect ${account.displayName} on YouTube`);
    expect(mails[0]!.text).toContain("refused to refresh access");
    // In the workspace's brand (Postline's colour when it has none), with the way back as a button.
    expect(mails[0]!.text.split("\n")[0]).toBe(`${u.user.displayName}'s workspace`);
    expect(mails[0]!.html).toContain("background:#4338ca;color:#ffffff");
    // The link opens the account's workspace, whichever one the browser is in.
    expect(mails[0]!.html).toMatch(
      new RegExp(`<a href="[^"]+/settings\\?tab=accounts&amp;workspace=${u.user.id}"[^>]*>Reconnect `),
    );

    // The next day's check finds the same problem: no second email.
    h.clock.shiftMs = DAY + 60_000;
    await runJob(h);
    expect(await mailsTo(u.email)).toHaveLength(1);

    // Another workspace never reads this account's health.
    const other = await registerUser();
    const theirs = await call<"GET /api/accounts/:id/health">(`/api/accounts/${account.id}/health`, {
      token: other.token,
    });
    expect([theirs.status, theirs.body]).toEqual([
      404,
      { success: false, message: "The requested resource was not found." },
    ]);
  });

  it("a Facebook token that cannot be renewed shows 'expiring' with its date (not broken) and is mailed once, dated in the workspace's zone", async () => {
    const { u, account } = await connected("instagram", (a) => a.platform === "facebook", "facebook");
    await inZone(u, "Asia/Tokyo");
    const ends = Date.now() + 3 * DAY;
    await (await drizzleOf(u.user.id))
      .update(connectedAccounts)
      .set({ tokenExpiresAt: ends })
      .where(eq(connectedAccounts.id, account.id));
    const h = await harnessOf(u);
    await runJob(h);
    const view = (await call<"GET /api/accounts/:id">(`/api/accounts/${account.id}`, { token: u.token })).body.data!;
    expect(view.status).toBe("connected");
    expect(view.health).toEqual({ state: "expiring", expiresAt: new Date(ends).toISOString(), reason: null });
    expect(view.lastVerifiedAt).not.toBeNull();
    const tokyo = readIn(ends, "Asia/Tokyo");
    const mails = await mailsTo(u.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Facebook connection ${account.displayName} expires on ${tokyo.day}`,
    ]);
    expect(mails[0]!.text).toContain(`Postline loses access to ${account.displayName} on ${tokyo.dayAndTime}.`);
    h.clock.shiftMs = DAY + 60_000;
    await runJob(h);
    expect(await mailsTo(u.email)).toHaveLength(1);
  });

  it("emails owners once when the LinkedIn-Version in use enters its last 30 days, naming its end (in the workspace's zone) and the fix", async () => {
    const { u } = await connected("linkedin", (a) => a.accountType === "person");
    // Berlin reads LinkedIn's last instant (the end of its last day in UTC) on the day after.
    await inZone(u, "Europe/Berlin");
    // A version set in the deployment whose end is two to three months away; the job runs 20 days before it.
    const today = new Date();
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2 - 12, 1));
    const version = `${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
    const end = versionWindow(versionedApi("LINKEDIN_VERSION"), version, Date.now())!.end!;
    const h = await harnessOf(u);
    const notices = async () =>
      (await mailsTo(u.email)).filter((m) => m.subject.startsWith("LinkedIn publishing stops"));
    h.clock.shiftMs = end - 40 * DAY - Date.now();
    await runJob(h, { LINKEDIN_VERSION: version });
    expect(await notices()).toEqual([]);
    h.clock.shiftMs = end - 20 * DAY - 3_600_000 - Date.now();
    await runJob(h, { LINKEDIN_VERSION: version });
    await runJob(h, { LINKEDIN_VERSION: version });
    const berlin = readIn(end, "Europe/Berlin");
    const mails = await notices();
    expect(mails.map((m) => m.subject)).toEqual([
      `LinkedIn publishing stops on ${berlin.day} unless Postline's LinkedIn-Version is updated`,
    ]);
    expect(mails[0]!.text).toContain(
      `LinkedIn-Version ${version} stops being served on ${berlin.dayAndTime} (in 20 days).`,
    );
    expect(mails[0]!.text).toContain("Set LINKEDIN_VERSION to a newer version");
  });

  it("holds a flagged account's scheduled posts as 'Waiting for reconnect' (never failed) and a reconnect releases them", {
    timeout: 60_000,
  }, async () => {
    const { u, account } = await connected("twitter", (a) => a.platform === "twitter");
    const ahead = await insertScheduledPost(
      u.user.id,
      [{ accountId: account.id, platform: "twitter", dueAt: Date.now() + 2 * DAY }],
      "Friday's launch thread",
    );
    const soon = await insertScheduledPost(
      u.user.id,
      [{ accountId: account.id, platform: "twitter", dueAt: Date.now() + 3_600_000 }],
      "Lunch special today",
    );
    // The user removed Postline in X's settings: the daily check's renewal is refused.
    const revoked = await raw("/sandbox/revoke", {
      method: "POST",
      body: JSON.stringify({ platform: "twitter" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(await revoked.json()).toEqual({ revoked: expect.any(Number) });
    await runJob(await harnessOf(u));

    const health = (
      await call<"GET /api/accounts/:id/health">(`/api/accounts/${account.id}/health`, { token: u.token })
    ).body.data;
    expect(health.health.state).toBe("needs_reconnect");
    const reason = health.health.reason!;
    expect(reason).toMatch(/^X refused to refresh access: /);
    expect(health.affectedPosts.map((p: { content: string }) => p.content).sort()).toEqual([
      "Friday's launch thread",
      "Lunch special today",
    ]);
    const waiting = {
      status: "held",
      error: { kind: "account_needs_reconnect", message: `Waiting for reconnect: ${reason}` },
    };
    for (const id of [ahead.postId, soon.postId]) {
      const post = (await call<"GET /api/posts/:id">(`/api/posts/${id}`, { token: u.token })).body.data;
      expect(post.status).toBe("scheduled");
      expect(post.platformPosts).toEqual([expect.objectContaining(waiting)]);
    }

    // Its time comes while the account is still broken: the cron leaves it waiting, it does not fail.
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET due_at = ? WHERE post_id = ?")
      .bind(Date.now() - 1000, soon.postId)
      .run();
    await runCron();
    expect(
      (await call<"GET /api/posts/:id">(`/api/posts/${soon.postId}`, { token: u.token })).body.data.platformPosts,
    ).toEqual([expect.objectContaining(waiting)]);

    // Reconnecting releases both: the one still ahead is scheduled again, the one whose time passed asks for a new time.
    await connectViaEmulator(u.cookie, "twitter");
    const released = (await call<"GET /api/posts/:id">(`/api/posts/${ahead.postId}`, { token: u.token })).body.data;
    expect(released.platformPosts).toEqual([expect.objectContaining({ status: "scheduled", error: null })]);
    expect(
      (await call<"GET /api/posts/:id">(`/api/posts/${soon.postId}`, { token: u.token })).body.data.platformPosts,
    ).toEqual([expect.objectContaining({ status: "held", error: expect.objectContaining({ kind: "time_passed" }) })]);
    expect(
      (await call<"GET /api/accounts/:id">(`/api/accounts/${account.id}`, { token: u.token })).body.data.health.state,
    ).toBe("ok");
  });
});

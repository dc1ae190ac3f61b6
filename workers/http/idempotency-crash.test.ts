import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DevMailboxMailer } from "../mail";
import { PublishingService } from "../publishing";
import { insertAccount } from "../test/fixtures";
import { type CallOptions, call, registerUser, uploadImage } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { addMember, dbOf } from "../test/shards";
import { IdempotencyStore, STALE_CLAIM_MS } from "./idempotency";

type User = Awaited<ReturnType<typeof registerUser>>;

/** A count over the workspace's rows, on its shard. */
const count = async (sql: string, workspaceId: string) =>
  (await (await dbOf(workspaceId)).prepare(sql).bind(workspaceId).first<{ n: number }>())!.n;

/**
 * The Worker dies after the handler's writes committed and before the key's answer was recorded (a deploy, a crash,
 * the CPU limit): `complete` never happens, the client sees no answer (here a 500).
 */
function dieBeforeAnswer() {
  vi.spyOn(IdempotencyStore.prototype, "complete").mockRejectedValueOnce(new Error("the Worker died"));
}

/**
 * The clock passes the stale window: the dead request's claim is now older than STALE_CLAIM_MS (on the workspace's
 * shard, or in the directory for the routes whose work is there).
 */
async function passStaleWindow(workspaceId: string) {
  for (const db of new Set([await dbOf(workspaceId), env.DB]))
    await db
      .prepare("UPDATE idempotency_keys SET created_at = created_at - ? WHERE workspace_id = ?")
      .bind(STALE_CLAIM_MS + 1000, workspaceId)
      .run();
}

/** The request, its death before its answer, the stale window, and the client's retry with the same key. */
async function crashThenRetry(u: User, path: string, opts: () => CallOptions) {
  const headers = { "Idempotency-Key": crypto.randomUUID() };
  dieBeforeAnswer();
  const lost = await call(path, { token: u.token, ...opts(), headers });
  expect(lost.status).toBe(500);
  await passStaleWindow(u.user.id);
  return call(path, { token: u.token, ...opts(), headers });
}

/**
 * The Worker dies after the work's batch committed, as its mail goes out (the step after the batch): the client
 * sees no answer (here a 500) and retries with the same key.
 */
async function diesAsMailGoesThenRetried(path: string, opts: CallOptions) {
  const headers = { ...opts.headers, "Idempotency-Key": crypto.randomUUID() };
  vi.spyOn(DevMailboxMailer.prototype, "send").mockRejectedValueOnce(new Error("the Worker died"));
  const lost = await call(path, { ...opts, headers });
  expect(lost.status).toBe(500);
  return call(path, { ...opts, headers });
}

/** The mails `to` received with this subject (the dev mailbox is in the directory). */
const mails = async (to: string, subject: string) =>
  (
    await env.DB.prepare("SELECT text FROM dev_mailbox WHERE to_address = ? AND subject LIKE ?")
      .bind(to, `%${subject}%`)
      .all<{ text: string }>()
  ).results;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A Publish Now of one image to a LinkedIn account of the user's workspace. */
async function publishNowBody(u: Awaited<ReturnType<typeof registerUser>>) {
  const account = await insertAccount(u.user.id, "linkedin");
  const image = await uploadImage(u.token);
  return {
    content: "Now",
    platforms: ["linkedin"],
    selectedAccounts: { linkedin: [account] },
    images: [image],
    publishNow: true,
  };
}

/**
 * A workspace (the owner's) with a LinkedIn account and an uploaded image, a contributor member, and the body of the
 * contributor's scheduled post of both: one that waits for an approver. `as` calls as a user in that workspace.
 */
async function contributorSubmission() {
  const owner = await registerUser();
  const account = await insertAccount(owner.user.id, "linkedin");
  const image = await uploadImage(owner.token);
  const contributor = await registerUser();
  await addMember(owner.user.id, contributor.user.id, "contributor");
  const as = (u: User) => ({ token: u.token, headers: { "X-Workspace-Id": owner.user.id } });
  const body = {
    content: "For review",
    platforms: ["linkedin"],
    selectedAccounts: { linkedin: [account] },
    images: [image],
    status: "scheduled",
    scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
  };
  return { owner, contributor, as, body };
}

describe("Idempotency-Key when the Worker died after the work and before the answer", () => {
  it("a retried create answers the post the first request made, replayed, and makes no second one", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "linkedin");
    const body = { content: "Launch day", platforms: ["linkedin"], selectedAccounts: { linkedin: [account] } };
    const retried = await crashThenRetry(u, "/api/posts", () => ({ body: { ...body, status: "draft" } }));
    expect(retried.status, retried.body.message).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await count("SELECT count(*) AS n FROM posts WHERE workspace_id = ?", u.user.id)).toBe(1);
    const posts = await call<"GET /api/posts">("/api/posts", { token: u.token });
    const data = retried.body.data as { _id: string; content: string; status: string };
    expect(data._id).toBe(posts.body.data.posts[0]!._id);
    expect(data).toMatchObject({ content: "Launch day", status: "draft" });
    expect(retried.body.message).toBe("Draft saved successfully!");
  });

  it("a retried Publish Now on a new post answers the post it queued and publishes it once", async () => {
    const u = await registerUser();
    const body = await publishNowBody(u);
    const retried = await crashThenRetry(u, "/api/posts", () => ({ body }));
    expect(retried.status, retried.body.message).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await count("SELECT count(*) AS n FROM posts WHERE workspace_id = ?", u.user.id)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM post_targets t JOIN posts p ON p.id = t.post_id WHERE p.workspace_id = ?",
        u.user.id,
      ),
    ).toBe(1);
  });

  it("a retried publish of a draft answers the post, replayed", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "linkedin");
    const image = await uploadImage(u.token);
    const draft = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: "Draft",
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [account] },
        images: [image],
        status: "draft",
      },
    });
    const id = draft.body.data._id;
    const retried = await crashThenRetry(u, `/api/posts/${id}/publish`, () => ({ method: "POST" }));
    expect(retried.status, retried.body.message).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect((retried.body.data as { _id: string })._id).toBe(id);
  });

  it("a retried upload answers the files the first request stored, and stores them once", async () => {
    const u = await registerUser();
    const bytes = jpegBytes(640, 640);
    const form = () => {
      const f = new FormData();
      f.append("files", fileOf(bytes, "once.jpg"));
      return f;
    };
    const retried = await crashThenRetry(u, "/api/media/upload", () => ({ body: form() }));
    expect(retried.status, retried.body.message).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await count("SELECT count(*) AS n FROM media WHERE workspace_id = ?", u.user.id)).toBe(1);
    const [item] = retried.body.data as Array<{ id: string; filename: string }>;
    expect(item).toMatchObject({ filename: "once.jpg" });
  });

  it("a retried report schedule answers the schedule the first request made", async () => {
    const u = await registerUser();
    const path = "/api/analytics/reports/schedules";
    const retried = await crashThenRetry(u, path, () => ({
      body: { kind: "summary", format: "pdf", frequency: "weekly", weekday: 1, hour: 9 },
    }));
    expect(retried.status, retried.body.message).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await count("SELECT count(*) AS n FROM report_schedules WHERE workspace_id = ?", u.user.id)).toBe(1);
  });

  it("a retried invitation answers the invitation the first request made, and sends one", async () => {
    const u = await registerUser();
    const path = `/api/workspaces/${u.user.id}/invites` as const;
    const retried = await crashThenRetry(u, path, () => ({ body: { email: "new@example.com", role: "editor" } }));
    expect(retried.status, retried.body.message).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    const invites = await call<"GET /api/workspaces/:id/invites">(path, { token: u.token });
    expect(invites.body.data.invites).toHaveLength(1);
  });

  it("an invitation whose mail never went out: the retry sends it once, with a link that works, and logs it once", async () => {
    const u = await registerUser();
    const path = `/api/workspaces/${u.user.id}/invites`;
    const invitee = `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const retried = await diesAsMailGoesThenRetried(path, { token: u.token, body: { email: invitee, role: "editor" } });
    expect(retried.status, retried.body.message).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    const [mail, ...more] = await mails(invitee, "invited you");
    expect(more).toHaveLength(0);
    const token = /\/invite\/([\w-]+)/.exec(mail!.text)![1];
    const preview = await call(`/api/invites/${token}`);
    expect(preview.body.data).toMatchObject({ email: invitee, role: "editor", state: "pending" });
    const log = await call<"GET /api/workspaces/:id/activity">(`/api/workspaces/${u.user.id}/activity?action=invited`, {
      token: u.token,
    });
    expect(log.body.data.entries).toHaveLength(1);
  });

  it("a submission and a decision whose notices' mail never went out: each retry sends it once, beside one notice", async () => {
    const { owner, contributor, as, body } = await contributorSubmission();
    const submitted = await diesAsMailGoesThenRetried("/api/posts", { ...as(contributor), body });
    expect(submitted.status, submitted.body.message).toBe(201);
    expect(submitted.body.data).toMatchObject({ status: "pending_approval" });
    // The approver (the owner) is told once, in the bell and by mail.
    expect(await mails(owner.email, "waits for your approval")).toHaveLength(1);
    const asked = await call<"GET /api/notifications">("/api/notifications", as(owner));
    expect(asked.body.data.notifications.map((n) => n.kind)).toEqual(["approval_requested"]);

    const id = (submitted.body.data as { _id: string })._id;
    const approved = await diesAsMailGoesThenRetried(`/api/posts/${id}/approve`, { ...as(owner), body: {} });
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await mails(contributor.email, "was approved")).toHaveLength(1);
    const told = await call<"GET /api/notifications">("/api/notifications", as(contributor));
    expect(told.body.data.notifications.map((n) => n.kind)).toEqual(["approved"]);
  });

  it("a failure after the work committed (Publish Now's dispatch) answers the retry from it at once", async () => {
    const u = await registerUser();
    const body = await publishNowBody(u);
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    vi.spyOn(PublishingService.prototype, "dispatchDue").mockRejectedValueOnce(new Error("the queue refused"));
    const failed = await call("/api/posts", { token: u.token, body, headers });
    expect(failed.status).toBe(500);
    // No wait for the stale window: the request is over, its work is there.
    const retried = await call<"POST /api/posts">("/api/posts", { token: u.token, body, headers });
    expect(retried.status, retried.body.message).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await count("SELECT count(*) AS n FROM posts WHERE workspace_id = ?", u.user.id)).toBe(1);
    // Its due channel is claimed by the scheduler's next run like any other (the dispatch that failed).
    expect(retried.body.data.platformPosts).toHaveLength(1);
  });

  it("a retried approval answers the post the approver's decision left", async () => {
    // A contributor's scheduled post waits for an approver.
    const { owner, contributor, as, body } = await contributorSubmission();
    const submitted = await call<"POST /api/posts">("/api/posts", { ...as(contributor), body });
    expect(submitted.body.data.status).toBe("pending_approval");
    const id = submitted.body.data._id;
    const retried = await crashThenRetry(owner, `/api/posts/${id}/approve`, () => ({ body: {} }));
    expect(retried.status, retried.body.message).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retried.body.data).toMatchObject({ _id: id, status: "scheduled" });
  });

  it("a claim whose request died before writing anything is retried and does the work once", async () => {
    const u = await registerUser();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const body = { content: "Idea", platforms: ["linkedin"], status: "draft" };
    // The Worker died before the handler wrote: the claim alone is left.
    const claim = IdempotencyStore.prototype.claim;
    vi.spyOn(IdempotencyStore.prototype, "claim").mockImplementationOnce(async function (this: IdempotencyStore, ...a) {
      await claim.apply(this, a);
      throw new Error("the Worker died");
    });
    const lost = await call("/api/posts", { token: u.token, body, headers });
    expect(lost.status).toBe(500);
    expect(await count("SELECT count(*) AS n FROM posts WHERE workspace_id = ?", u.user.id)).toBe(0);
    const early = await call("/api/posts", { token: u.token, body, headers });
    expect(early.status).toBe(409);
    await passStaleWindow(u.user.id);
    const retried = await call("/api/posts", { token: u.token, body, headers });
    expect(retried.status, retried.body.message).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await count("SELECT count(*) AS n FROM posts WHERE workspace_id = ?", u.user.id)).toBe(1);
  });
});

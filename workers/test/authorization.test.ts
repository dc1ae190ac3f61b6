import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../api";
import { call, ORIGIN, registerUser } from "./helpers";
import { fileOf, jpegBytes } from "./media-fixtures";
import { connectViaEmulator } from "./oauth";

/**
 * The authorization matrix, generated from the API's route list: every route that names a resource is
 * called by user B with user A's ids. B must get 403/404, see none of A's data, and change nothing.
 * A new route with a parameter this file cannot fill fails the suite, so no route is missed.
 */
type A = Awaited<ReturnType<typeof fixture>>;

async function fixture() {
  const a = await registerUser();
  await connectViaEmulator(a.cookie, "linkedin");
  const accounts = (await call("/api/accounts", { token: a.token })).body.data.accounts as Array<{ _id: string; platform: string }>;
  const account = accounts[0]!;
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "secret-a.jpg"));
  const media = (await call("/api/media/upload", { token: a.token, body: form })).body.data[0].id as string;
  const upload = (await call("/api/media/uploads", { token: a.token, body: { filename: "big-a.mp4", size: 30 * 1024 * 1024, contentType: "video/mp4" } })).body.data;
  const content = `A's private plan ${crypto.randomUUID()}`;
  const post = (
    await call("/api/posts", {
      token: a.token,
      body: {
        content,
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [account._id] },
        images: [media],
        status: "scheduled",
        scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
      },
    })
  ).body.data;
  const schedule = (await call("/api/analytics/reports/schedules", { token: a.token, body: { kind: "summary", frequency: "weekly", weekday: 1, hour: 9 } })).body.data;
  const reportId = crypto.randomUUID();
  await env.MEDIA.put(`reports/${a.user.id}/${reportId}.pdf`, "%PDF-1.7 A's report");
  await env.DB.prepare("INSERT INTO report_files (id, workspace_id, user_id, schedule_id, kind, format, r2_key, size, created_at) VALUES (?, ?, ?, ?, 'summary', 'pdf', ?, 19, ?)")
    .bind(reportId, a.user.id, a.user.id, schedule.id, `reports/${a.user.id}/${reportId}.pdf`, Date.now())
    .run();
  const notification = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO notifications (id, workspace_id, user_id, kind, post_id, message, created_at) VALUES (?, ?, ?, 'rejected', ?, ?, ?)")
    .bind(notification, a.user.id, a.user.id, post._id, `Sent back: ${content}`, Date.now())
    .run();
  return { a, account, media, upload: upload.uploadId ?? upload.id, post: post._id as string, target: post.platformPosts[0].id as string, schedule: schedule.id as string, reportId, content, notification };
}

/** Fills a route's parameters with A's resources; `null` marks parameters that name no resource of A's. */
function fill(path: string, fx: A): { url: string; addressesA: boolean } {
  let addressesA = false;
  const url = path.replace(/:(\w+)\??/g, (_, name: string) => {
    const value = paramValue(path, name, fx);
    if (value.ofA) addressesA = true;
    return encodeURIComponent(value.value);
  });
  return { url, addressesA };
}

function paramValue(path: string, name: string, fx: A): { value: string; ofA: boolean } {
  const of = (value: string) => ({ value, ofA: true });
  if (name === "platform") return { value: fx.account.platform, ofA: false };
  if (name === "folder") return { value: "general", ofA: false };
  if (name === "n") return { value: "1", ofA: false };
  if (name === "name") return { value: "secret-a.jpg", ofA: false };
  if (name === "targetId") return of(fx.target);
  if (name === "id") {
    if (path.startsWith("/api/media/uploads/")) return of(fx.upload);
    if (path.startsWith("/api/media/") || path.startsWith("/media/")) return of(fx.media);
    if (path.startsWith("/api/posts/") || path.startsWith("/api/analytics/posts/")) return of(fx.post);
    if (path.startsWith("/api/accounts/") || path.startsWith("/api/auth/") || path.startsWith("/api/analytics/account/")) return of(fx.account._id);
    if (path.startsWith("/api/analytics/reports/schedules/")) return of(fx.schedule);
    if (path.startsWith("/api/analytics/reports/recent/")) return of(fx.reportId);
    if (path.startsWith("/api/notifications/")) return of(fx.notification);
  }
  throw new Error(`no fixture for :${name} in ${path}: add one so this route is checked`);
}

/** Bodies that pass validation, so the ownership check (not a 400) is what answers. */
function bodyFor(method: string, path: string): unknown {
  if (method === "GET") return undefined;
  if (path.startsWith("/api/posts/:id") && method === "PUT") return { content: "hijacked by B" };
  if (path === "/api/media/:id" && method === "PATCH") return { altText: "hijacked by B" };
  if (path.endsWith("/complete")) return { parts: [{ partNumber: 1, etag: "x" }] };
  if (path.endsWith("/reject")) return { comment: "hijacked by B" };
  if (path.startsWith("/api/analytics/reports/schedules/")) return { kind: "summary", frequency: "weekly", weekday: 2, hour: 10, enabled: false };
  if (path.endsWith("/confirm")) return { permalink: "https://example.com/hijack" };
  return {};
}

/** Everything of A's that a write could change, read straight from storage. */
async function stateOf(fx: A) {
  const q = (sql: string, ...args: unknown[]) => env.DB.prepare(sql).bind(...args).first();
  return JSON.stringify([
    await q("SELECT content, status, updated_at FROM posts WHERE id = ?", fx.post),
    await q("SELECT status, due_at, attempt_count FROM post_targets WHERE id = ?", fx.target),
    await q("SELECT alt_text, tags, folder FROM media WHERE id = ?", fx.media),
    await q("SELECT status, access_token_enc FROM connected_accounts WHERE id = ?", fx.account._id),
    await q("SELECT enabled, hour FROM report_schedules WHERE id = ?", fx.schedule),
    await q("SELECT count(*) AS n FROM media_uploads WHERE id = ?", fx.upload),
    await q("SELECT read_at FROM notifications WHERE id = ?", fx.notification),
    await q("SELECT count(*) AS n FROM post_approvals WHERE post_id = ?", fx.post),
    (await env.MEDIA.list({ prefix: `reports/${fx.a.user.id}/` })).objects.length,
  ]);
}

const routes = [
  ...api.routes
    .filter((r) => r.method !== "ALL" && r.path.includes(":") && (r.path.startsWith("/api/") || r.path.startsWith("/media/")))
    .map((r) => ({ method: r.method, path: r.path })),
].filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);

describe("authorization matrix: user B against user A's resources", () => {
  let fx: A;
  let b: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    fx = await fixture();
    b = await registerUser();
  });

  it("covers every parameterised route", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))("%s", async (_name, route) => {
    const { url, addressesA } = fill(route.path, fx);
    const before = await stateOf(fx);
    const res = route.path.startsWith("/media/")
      ? await SELF.fetch(`${ORIGIN}${url}`, { headers: { Authorization: `Bearer ${b.token}` } })
      : null;
    const out = res
      ? { status: res.status, text: await res.text() }
      : await call(url, { method: route.method, token: b.token, body: bodyFor(route.method, route.path), redirect: "manual" }).then((r) => ({ status: r.status, text: JSON.stringify(r.body) }));
    if (addressesA) expect([403, 404], out.text).toContain(out.status);
    else expect(out.status, out.text).toBeLessThan(500);
    for (const secret of [fx.content, fx.account._id, fx.media, fx.post, "secret-a.jpg"]) expect(out.text).not.toContain(secret);
    expect(await stateOf(fx)).toBe(before);
  });
});

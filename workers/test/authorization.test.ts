import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../api";
import { declaredAction, type RouteAction, SELF as SELF_ACTION } from "../tenancy/middleware";
import { can, ROLES, type Role } from "../tenancy/roles";
import { call, ORIGIN, registerUser } from "./helpers";
import { fileOf, jpegBytes } from "./media-fixtures";
import { connectViaEmulator } from "./oauth";
import { addMember, dbOf } from "./shards";

/**
 * The authorization matrix, generated from the API's route list and each route's declared action:
 * - every role of a shared workspace against every route: a role the action is not granted to gets 403
 *   and changes nothing; granted reads answer;
 * - a user of another workspace against every route that names the workspace's resources: 403/404, none of
 *   its data, nothing changed.
 * A new route with a parameter this file cannot fill, or without a declared action, fails the suite.
 */
type Fx = Awaited<ReturnType<typeof fixture>>;
type User = Awaited<ReturnType<typeof registerUser>>;

const WORKSPACE_NAME = "Matrix Agency";

/** The owner's shared workspace (its id is not a user id) with one of each resource in it. */
async function fixture() {
  const a = await registerUser();
  const ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: a.token, body: { name: WORKSPACE_NAME } }))
    .body.data.id as string;
  const inWs = { token: a.token, headers: { "X-Workspace-Id": ws } };
  await connectViaEmulator(`${a.cookie}; pl_workspace=${ws}`, "linkedin");
  const accounts = (await call<"GET /api/accounts">("/api/accounts", inWs)).body.data.accounts as Array<{
    _id: string;
    platform: string;
  }>;
  const account = accounts[0]!;
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "secret-a.jpg"));
  const media = (await call<"POST /api/media/upload">("/api/media/upload", { ...inWs, body: form })).body.data[0]
    .id as string;
  const upload = (
    await call<"POST /api/media/uploads">("/api/media/uploads", {
      ...inWs,
      body: { filename: "big-a.mp4", size: 30 * 1024 * 1024, contentType: "video/mp4" },
    })
  ).body.data;
  const content = `A's private plan ${crypto.randomUUID()}`;
  const post = (
    await call<"POST /api/posts">("/api/posts", {
      ...inWs,
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
  const schedule = (
    await call<"POST /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      ...inWs,
      body: { kind: "summary", frequency: "weekly", weekday: 1, hour: 9 },
    })
  ).body.data;
  const reportId = crypto.randomUUID();
  await env.MEDIA.put(`reports/${ws}/${reportId}.pdf`, "%PDF-1.7 A's report");
  await (await dbOf(ws))
    .prepare(
      "INSERT INTO report_files (id, workspace_id, user_id, schedule_id, kind, format, r2_key, size, created_at) VALUES (?, ?, ?, ?, 'summary', 'pdf', ?, 19, ?)",
    )
    .bind(reportId, ws, a.user.id, schedule.id, `reports/${ws}/${reportId}.pdf`, Date.now())
    .run();
  const invite = (
    await call<"POST /api/workspaces/:id/invites">(`/api/workspaces/${ws}/invites`, {
      ...inWs,
      body: { email: `pending-${crypto.randomUUID().slice(0, 8)}@example.com`, role: "viewer" },
    })
  ).body.data.id as string;
  const apiKey = (await call<"POST /api/keys">("/api/keys", { ...inWs, body: { name: "A's key", scopes: ["read"] } }))
    .body.data.id as string;
  const shareLink = (
    await call<"POST /api/share-links">("/api/share-links", {
      ...inWs,
      body: { label: "A's client", postIds: [post._id] },
    })
  ).body.data.id as string;
  const webhook = (
    await call<"POST /api/webhooks">("/api/webhooks", {
      ...inWs,
      body: { url: "https://hooks.example.com/matrix", events: ["post.published"] },
    })
  ).body.data.id as string;
  const delivery = `msg_${crypto.randomUUID().replaceAll("-", "")}`;
  await (await dbOf(ws))
    .prepare(
      "INSERT INTO webhook_deliveries (id, workspace_id, endpoint_id, event, payload, status, attempts, created_at) VALUES (?, ?, ?, 'post.published', ?, 'succeeded', 1, ?)",
    )
    .bind(delivery, ws, webhook, JSON.stringify({ type: "post.published", data: { content } }), Date.now())
    .run();
  const feed = (
    await call<"POST /api/feeds">("/api/feeds", { ...inWs, body: { url: "https://feeds.example/matrix.xml" } })
  ).body.data.id;
  const category = (
    await call<"POST /api/categories">("/api/categories", {
      ...inWs,
      body: { name: "Tips", slots: [{ day: 1, time: "09:00" }] },
    })
  ).body.data.id;
  await call(`/api/categories/${category}/posts`, { ...inWs, body: { postId: post._id } });
  await call<"PUT /api/bio">("/api/bio", {
    ...inWs,
    method: "PUT",
    body: { handle: `matrix-${crypto.randomUUID().slice(0, 8)}`, title: "A's page" },
  });
  await call<"PUT /api/links/settings">("/api/links/settings", { ...inWs, method: "PUT", body: { enabled: false } });
  const piece = (
    await call<"POST /api/pieces">("/api/pieces", {
      ...inWs,
      body: { kind: "signature", name: "Sign-off", body: "— The A team", platform: "twitter" },
    })
  ).body.data.id;
  const label = (
    await call<"POST /api/labels">("/api/labels", { ...inWs, body: { name: "A's campaign", color: "#2f855a" } })
  ).body.data.id;
  await call(`/api/posts/${post._id}/labels`, { ...inWs, method: "PUT", body: { labelIds: [label] } });
  await call(`/api/posts/${post._id}/link-options`, {
    ...inWs,
    method: "PUT",
    body: { shorten: true, utmCampaign: "a" },
  });
  const notification = crypto.randomUUID();
  await (await dbOf(ws))
    .prepare(
      "INSERT INTO notifications (id, workspace_id, user_id, kind, post_id, message, created_at) VALUES (?, ?, ?, 'rejected', ?, ?, ?)",
    )
    .bind(notification, ws, a.user.id, post._id, `Sent back: ${content}`, Date.now())
    .run();
  const inboxItem = crypto.randomUUID();
  await (await dbOf(ws))
    .prepare(
      "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, post_id, author, text, created_at, received_at) VALUES (?, ?, ?, ?, 'remote-1', 'comment', ?, 'someone', ?, ?, ?)",
    )
    .bind(inboxItem, ws, account._id, account.platform, post._id, `A comment on ${content}`, Date.now(), Date.now())
    .run();
  const savedReply = crypto.randomUUID();
  await (await dbOf(ws))
    .prepare(
      "INSERT INTO inbox_saved_replies (id, workspace_id, title, body, created_by, created_at) VALUES (?, ?, 'Thanks', ?, ?, ?)",
    )
    .bind(savedReply, ws, `Thanks from ${content}`, a.user.id, Date.now())
    .run();
  const inboxRule = crypto.randomUUID();
  await (await dbOf(ws))
    .prepare("INSERT INTO inbox_rules (id, workspace_id, keyword, action, created_at) VALUES (?, ?, 'spam', 'hide', ?)")
    .bind(inboxRule, ws, Date.now())
    .run();
  return {
    a,
    ws,
    apiKey,
    inboxItem,
    savedReply,
    inboxRule,
    account,
    media,
    upload: upload.uploadId,
    post: post._id as string,
    target: post.platformPosts[0].id as string,
    schedule: schedule.id as string,
    reportId,
    invite,
    content,
    notification,
    shareLink,
    webhook,
    delivery,
    feed,
    category,
    piece,
    label,
  };
}

/** Fills a route's parameters with the workspace's resources; `addressesA` says whether any names one. */
function fill(path: string, fx: Fx): { url: string; addressesA: boolean } {
  let addressesA = false;
  const url = path.replace(/:(\w+)\??/g, (_, name: string) => {
    const value = paramValue(path, name, fx);
    if (value.ofA) addressesA = true;
    return encodeURIComponent(value.value);
  });
  return { url, addressesA };
}

function paramValue(path: string, name: string, fx: Fx): { value: string; ofA: boolean } {
  const of = (value: string) => ({ value, ofA: true });
  if (name === "platform") return { value: fx.account.platform, ofA: false };
  if (name === "folder") return { value: "general", ofA: false };
  if (name === "n") return { value: "1", ofA: false };
  if (name === "lang") return { value: "en", ofA: false };
  if (name === "name") return { value: "secret-a.jpg", ofA: false };
  // An invitation token is a capability: whoever holds it may see what it is for. None is leaked here.
  if (name === "token") return { value: "not-a-real-invitation-token", ofA: false };
  if (name === "targetId") return of(fx.target);
  if (name === "userId") return of(fx.a.user.id);
  if (name === "inviteId") return of(fx.invite);
  if (name === "postId") return of(fx.post);
  if (name === "accountId") return of(fx.account._id);
  if (name === "savedId") return of(fx.savedReply);
  if (name === "workspaceId") return of(fx.ws);
  if (name === "id") {
    if (path.startsWith("/api/workspaces/") || path.startsWith("/api/operator/workspaces/")) return of(fx.ws);
    if (path.startsWith("/api/media/uploads/")) return of(fx.upload);
    if (path.startsWith("/api/media/") || path.startsWith("/media/")) return of(fx.media);
    if (path.startsWith("/api/posts/") || path.startsWith("/api/analytics/posts/")) return of(fx.post);
    if (
      path.startsWith("/api/accounts/") ||
      path.startsWith("/api/auth/") ||
      path.startsWith("/api/analytics/account/")
    )
      return of(fx.account._id);
    if (path.startsWith("/api/analytics/reports/schedules/")) return of(fx.schedule);
    if (path.startsWith("/api/analytics/reports/recent/") || path.startsWith("/api/report-files/"))
      return of(fx.reportId);
    if (path.startsWith("/api/keys/")) return of(fx.apiKey);
    if (path.startsWith("/api/notifications/")) return of(fx.notification);
    if (path.startsWith("/api/inbox/saved-replies/")) return of(fx.savedReply);
    if (path.startsWith("/api/inbox/rules/")) return of(fx.inboxRule);
    if (path.startsWith("/api/inbox/")) return of(fx.inboxItem);
    if (path.startsWith("/api/share-links/")) return of(fx.shareLink);
    if (path.startsWith("/api/webhooks/deliveries/")) return of(fx.delivery);
    if (path.startsWith("/api/webhooks/")) return of(fx.webhook);
    if (path.startsWith("/api/feeds/")) return of(fx.feed);
    if (path.startsWith("/api/categories/")) return of(fx.category);
    if (path.startsWith("/api/pieces/")) return of(fx.piece);
    if (path.startsWith("/api/labels/")) return of(fx.label);
  }
  throw new Error(`no fixture for :${name} in ${path}: add one so this route is checked`);
}

/** Bodies that pass validation, so the authorization check (not a 400) is what answers. */
function bodyFor(method: string, path: string): unknown {
  if (method === "GET") return undefined;
  if (path === "/api/posts/:id/labels") return { labelIds: [] };
  if (path === "/api/posts/:id/link-options") return { shorten: false, utmCampaign: "hijacked" };
  if (path.startsWith("/api/posts/:id") && method === "PUT") return { content: "hijacked by B" };
  if (path === "/api/media/:id" && method === "PATCH") return { altText: "hijacked by B" };
  if (path.endsWith("/complete")) return { parts: [{ partNumber: 1, etag: "x" }] };
  if (path.endsWith("/reject")) return { comment: "hijacked by B" };
  if (path.endsWith("/review")) return { decision: "approved" };
  if (path.endsWith("/comments")) return { body: "hijacked by B @everyone" };
  if (path === "/api/inbox/:id/reply") return { text: "hijacked by B" };
  if (path === "/api/inbox/:id/status") return { status: "done" };
  if (path === "/api/inbox/:id/assign") return { assigneeId: null };
  if (path === "/api/inbox/:id/notes" || path === "/api/inbox/:id/draft") return { text: "hijacked by B" };
  if (path === "/api/inbox/bulk") return { action: "done", ids: ["someone-else's"] };
  if (path === "/api/inbox/read") return { ids: ["someone-else's"] };
  if (path === "/api/inbox/saved-replies") return { title: "Hijack", body: "hijacked by B" };
  if (path === "/api/inbox/rules") return { keyword: "hijack", action: "hide" };
  if (path === "/api/inbox/:id/actions") return { action: "delete" };
  if (path.startsWith("/api/analytics/reports/schedules/"))
    return { kind: "summary", frequency: "weekly", weekday: 2, hour: 10, enabled: false };
  if (path.endsWith("/confirm")) return { permalink: "https://example.com/hijack" };
  if (path === "/api/workspaces/:id" && method === "PATCH") return { name: "Hijacked" };
  if (path.endsWith("/members/:userId") && method === "PATCH") return { role: "viewer" };
  if (path.endsWith("/invites") && method === "POST") return { email: "hijack@example.com", role: "owner" };
  if (path.endsWith("/transfer")) return { userId: "someone" };
  if (path === "/api/webhooks" && method === "POST")
    return { url: "https://hijack.example.com/hook", events: ["post.published"] };
  if (path === "/api/webhooks/:id" && method === "PATCH") return { enabled: false };
  if (path === "/api/queue/:accountId/slots") return { slots: [{ day: 1, time: "09:00" }] };
  if (path.endsWith("/copy-slots")) return { to: ["someone-else's"] };
  if (path.endsWith("/pause")) return { paused: true };
  if (path.endsWith("/reorder")) return { targetIds: ["someone-else's"] };
  if (path === "/api/links/settings") return { enabled: true, utmCampaign: "hijacked" };
  if (path === "/api/feeds" && method === "POST") return { url: "https://feeds.example/hijack.xml" };
  if (path === "/api/feeds/:id" && method === "PATCH") return { template: "hijacked {link}" };
  if (path === "/api/categories" && method === "POST") return { name: "Hijack", slots: [{ day: 1, time: "09:00" }] };
  if (path === "/api/categories/:id" && method === "PATCH") return { name: "Hijacked" };
  if (path === "/api/categories/:id/posts") return { postId: "someone-else's" };
  if (path === "/api/bio") return { handle: "hijacked-page", title: "Hijacked" };
  if (path === "/api/pieces") return { kind: "signature", name: "Hijack", body: "hijacked", platform: "linkedin" };
  if (path === "/api/pieces/:id") return { body: "hijacked by B" };
  if (path === "/api/labels") return { name: "Hijack", color: "#000000" };
  if (path === "/api/labels/:id") return { name: "Hijacked" };
  if (path === "/api/operator/workspaces/:id/move") return { shard: "DB" };
  return {};
}

/** Everything in the workspace that a write could change, read straight from storage. */
async function stateOf(fx: Fx) {
  // The directory's tables on DB, the workspace's own on its shard; each database read in one batch (this runs
  // twice per route of the matrix).
  const shard = await dbOf(fx.ws);
  const onDirectory = (sql: string) => /\b(api_keys|workspaces|workspace_members|workspace_invites)\b/.test(sql);
  const queries: Array<{ sql: string; args: unknown[] }> = [];
  const q = (sql: string, ...args: unknown[]) => queries.push({ sql, args });
  q("SELECT content, status, updated_at FROM posts WHERE id = ?", fx.post);
  q("SELECT status, due_at, attempt_count FROM post_targets WHERE id = ?", fx.target);
  q("SELECT alt_text, tags, folder FROM media WHERE id = ?", fx.media);
  q("SELECT status, access_token_enc FROM connected_accounts WHERE id = ?", fx.account._id);
  q("SELECT enabled, hour FROM report_schedules WHERE id = ?", fx.schedule);
  q("SELECT count(*) AS n FROM media_uploads WHERE id = ?", fx.upload);
  q("SELECT revoked_at FROM api_keys WHERE id = ?", fx.apiKey);
  q("SELECT name, timezone, approval_required, updated_at FROM workspaces WHERE id = ?", fx.ws);
  q(
    "SELECT group_concat(user_id || ':' || role) AS members FROM (SELECT * FROM workspace_members WHERE workspace_id = ? ORDER BY user_id)",
    fx.ws,
  );
  q("SELECT count(*) AS n FROM workspace_invites WHERE workspace_id = ?", fx.ws);
  q("SELECT read_at FROM notifications WHERE id = ?", fx.notification);
  q("SELECT count(*) AS n FROM post_approvals WHERE post_id = ?", fx.post);
  q("SELECT revoked_at FROM share_links WHERE id = ?", fx.shareLink);
  q("SELECT count(*) AS n FROM client_reviews WHERE post_id = ?", fx.post);
  q("SELECT count(*) AS n FROM post_comments WHERE post_id = ?", fx.post);
  q(
    "SELECT status, assignee_id, reply_state, reply_text, draft_text, hidden_at, deleted_at FROM inbox_items WHERE id = ?",
    fx.inboxItem,
  );
  q(
    "SELECT (SELECT count(*) FROM inbox_notes WHERE item_id = ?1) AS notes, (SELECT count(*) FROM inbox_saved_replies WHERE workspace_id = ?2) AS saved, (SELECT count(*) FROM inbox_rules WHERE workspace_id = ?2) AS rules",
    fx.inboxItem,
    fx.ws,
  );
  q(
    "SELECT group_concat(url || ':' || events || ':' || ifnull(disabled_at, '-')) AS hooks FROM webhook_endpoints WHERE workspace_id = ?",
    fx.ws,
  );
  q("SELECT status, attempts FROM webhook_deliveries WHERE id = ?", fx.delivery);
  q("SELECT enabled, utm_campaign FROM link_settings WHERE workspace_id = ?", fx.ws);
  q(
    "SELECT group_concat(id || ':' || template || ':' || ifnull(last_checked_at, '-')) AS feeds FROM feeds WHERE workspace_id = ?",
    fx.ws,
  );
  q(
    "SELECT group_concat(c.id || ':' || c.name || ':' || ifnull(p.post_id, '-')) AS categories FROM categories c LEFT JOIN category_posts p ON p.category_id = c.id WHERE c.workspace_id = ?",
    fx.ws,
  );
  q("SELECT handle, title, links FROM bio_pages WHERE workspace_id = ?", fx.ws);
  q("SELECT group_concat(id || ':' || name || ':' || body) AS pieces FROM saved_pieces WHERE workspace_id = ?", fx.ws);
  q(
    "SELECT group_concat(l.id || ':' || l.name || ':' || ifnull(pl.post_id, '-')) AS labels FROM labels l LEFT JOIN post_labels pl ON pl.label_id = l.id WHERE l.workspace_id = ?",
    fx.ws,
  );
  q("SELECT shorten, utm_campaign FROM post_link_options WHERE post_id = ?", fx.post);
  const read = async (db: D1Database, mine: typeof queries) =>
    mine.length ? (await db.batch(mine.map((x) => db.prepare(x.sql).bind(...x.args)))).map((r) => r.results[0]) : [];
  const [directory, workspace] = await Promise.all([
    read(
      env.DB,
      queries.filter((x) => onDirectory(x.sql)),
    ),
    read(
      shard,
      queries.filter((x) => !onDirectory(x.sql)),
    ),
  ]);
  return JSON.stringify([directory, workspace, (await env.MEDIA.list({ prefix: `reports/${fx.ws}/` })).objects.length]);
}

const apiRoutes = (() => {
  const byKey = new Map<string, { method: string; path: string; action?: RouteAction }>();
  for (const r of api.routes) {
    if (r.method === "ALL" || !(r.path.startsWith("/api/") || r.path.startsWith("/media/"))) continue;
    const key = `${r.method} ${r.path}`;
    const entry = byKey.get(key) ?? { method: r.method, path: r.path };
    entry.action ??= declaredAction(r.handler);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
})();

/** Routes without a declared action, each with the reason (the security suite checks they are public or 401). */
const UNDECLARED: Record<string, string> = {
  "POST /api/auth/register": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/logout": "ends whatever session there is",
  "POST /api/auth/send-otp": "public",
  "POST /api/auth/verify-otp": "public",
  "POST /api/auth/update-password": "public (needs the reset grant)",
  "POST /api/events": "public",
  "GET /api/auth/:platform/callback": "redirects; the consent's state names the workspace",
  "GET /api/auth/bluesky/client-metadata.json": "public: Bluesky servers fetch Postline's OAuth client document",
  "GET /api/openapi.json": "public",
  "GET /api/docs": "public",
  "GET /api/invites/:token": "public preview",
  "GET /api/share/:token": "a client approval link: the token is the authority (share-links.test.ts)",
  "GET /api/inbox/webhooks/meta": "Meta's handshake: the verify token is the authority (inbox-meta.test.ts)",
  "POST /api/inbox/webhooks/meta":
    "Meta's deliveries: the app secret's signature is the authority (inbox-meta.test.ts)",
  "POST /api/share/:token/posts/:postId/review": "a client approval link: the token is the authority",
  "GET /api/brand-logos/:workspaceId": "public: a workspace's logo on its share pages and mails",
  "GET /api/report-files/:id": "a large report's mail link: its signature and expiry are the authority",
  "GET /api/report-unsubscribe/:token": "an external recipient's signed token is the authority",
  "POST /api/report-unsubscribe/:token": "an external recipient's signed token is the authority",
  "GET /media/s/:id/:name?": "signed URL for platforms",
  "GET /media/:id": "any member's session (checked below with another workspace)",
  "GET /media/:id/thumb": "any member's session (checked below with another workspace)",
};

const roleRoutes = apiRoutes.filter(
  (r): r is typeof r & { action: Exclude<RouteAction, typeof SELF_ACTION> } =>
    r.action !== undefined && r.action !== SELF_ACTION,
);

describe("authorization matrix", () => {
  let fx: Fx;
  const members = {} as Record<Role, User>;
  let outsider: User;
  beforeAll(async () => {
    fx = await fixture();
    // One member per role, added once (the members API has its own tests).
    for (const role of ROLES) {
      members[role] = role === "owner" ? fx.a : await registerUser();
      if (role !== "owner") {
        await addMember(fx.ws, members[role].user.id, role);
      }
    }
    outsider = await registerUser();
  });

  it("every signed-in route declares its action", () => {
    expect(apiRoutes.length).toBeGreaterThan(60);
    expect(
      apiRoutes
        .filter((r) => !r.action && !(`${r.method} ${r.path}` in UNDECLARED))
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual([]);
  });

  it("a viewer may change nothing but their own membership, inbox and browser's choice", () => {
    const writes = roleRoutes
      .filter((r) => r.method !== "GET" && can("viewer", r.action))
      .map((r) => `${r.method} ${r.path}`);
    // Marking one's own notices read changes only that member's inbox.
    // Marking inbox items read sets only that member's own read marks.
    expect(writes.sort()).toEqual([
      "POST /api/inbox/read",
      "POST /api/notifications/:id/read",
      "POST /api/notifications/read-all",
      "POST /api/workspaces/:id/leave",
      "POST /api/workspaces/:id/switch",
    ]);
  });

  it.each(ROLES.map((role) => [role] as const))(
    "%s: refused actions answer 403 and change nothing; granted reads answer",
    async (role) => {
      const before = await stateOf(fx);
      for (const route of roleRoutes) {
        const { url } = fill(route.path, fx);
        const granted = can(role, route.action);
        if (granted && route.method !== "GET") continue; // granted writes are the feature tests' job
        const res = await call(url, {
          method: route.method,
          token: members[role].token,
          headers: { "X-Workspace-Id": fx.ws },
          body: bodyFor(route.method, route.path),
          redirect: "manual",
        });
        const name = `${role} ${route.method} ${route.path} (${route.action})`;
        if (granted) expect(res.status, `${name}: ${res.body.message}`).not.toBe(403);
        else
          expect(res.body, name).toEqual({
            success: false,
            message: `Your role (${role}) cannot do this in ${WORKSPACE_NAME}.`,
          });
      }
      expect(await stateOf(fx)).toBe(before);
    },
    120_000,
  );

  it.each(apiRoutes.filter((r) => r.path.includes(":")).map((r) => [`${r.method} ${r.path}`, r] as const))(
    "another workspace's user: %s",
    async (_name, route) => {
      const { url, addressesA } = fill(route.path, fx);
      const before = await stateOf(fx);
      const res = route.path.startsWith("/media/")
        ? await SELF.fetch(`${ORIGIN}${url}`, { headers: { Authorization: `Bearer ${outsider.token}` } })
        : null;
      const out = res
        ? { status: res.status, text: await res.text() }
        : await call(url, {
            method: route.method,
            token: outsider.token,
            body: bodyFor(route.method, route.path),
            redirect: "manual",
          }).then((r) => ({ status: r.status, text: JSON.stringify(r.body) }));
      if (addressesA) expect([403, 404], out.text).toContain(out.status);
      else expect(out.status, out.text).toBeLessThan(500);
      for (const secret of [
        fx.content,
        fx.account._id,
        fx.media,
        fx.post,
        fx.ws,
        fx.apiKey,
        WORKSPACE_NAME,
        "secret-a.jpg",
      ])
        expect(out.text).not.toContain(secret);
      expect(await stateOf(fx)).toBe(before);
    },
  );
});

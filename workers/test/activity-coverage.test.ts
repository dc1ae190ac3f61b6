import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import "../api";
import { registeredRoutes } from "../http/route-registry";
import type { ActivityAction } from "../workspaces/activity-actions";
import { call, ORIGIN, registerUser } from "./helpers";
import { fileOf, jpegBytes, mp4Bytes } from "./media-fixtures";
import { connectViaEmulator } from "./oauth";
import { addMember, dbOf } from "./shards";

/** The writes of a member or a client that the activity log records, by route, with the action they record. */
const LOGGED: Record<string, ActivityAction> = {
  "POST /api/posts": "created",
  "PUT /api/posts/{id}": "edited",
  "DELETE /api/posts/{id}": "deleted",
  "POST /api/posts/{id}/publish": "publish_requested",
  "POST /api/posts/{id}/approve": "approved",
  "POST /api/posts/{id}/reject": "rejected",
  "POST /api/posts/{id}/comments": "commented",
  "POST /api/workspaces": "workspace_created",
  "PATCH /api/workspaces/{id}": "settings_changed",
  "PUT /api/brand": "settings_changed",
  "PUT /api/brand/logo": "settings_changed",
  "DELETE /api/brand/logo": "settings_changed",
  "POST /api/workspaces/{id}/archive": "archived",
  "POST /api/workspaces/{id}/unarchive": "unarchived",
  "POST /api/workspaces/{id}/transfer": "ownership_transferred",
  "POST /api/workspaces/{id}/invites": "invited",
  "DELETE /api/workspaces/{id}/invites/{inviteId}": "invite_withdrawn",
  "POST /api/invites/{token}/accept": "joined",
  "PATCH /api/workspaces/{id}/members/{userId}": "role_changed",
  "DELETE /api/workspaces/{id}/members/{userId}": "member_removed",
  "POST /api/workspaces/{id}/leave": "left",
  "POST /api/share-links": "link_shared",
  "DELETE /api/share-links/{id}": "link_revoked",
  "POST /api/share/{token}/posts/{postId}/review": "changes_requested",
  "POST /api/webhooks": "webhook_added",
  "PATCH /api/webhooks/{id}": "webhook_changed",
  "DELETE /api/webhooks/{id}": "webhook_deleted",
  "POST /api/keys": "key_created",
  "DELETE /api/keys/{id}": "key_revoked",
  "POST /api/auth/{platform}/app-password": "connected",
  "DELETE /api/auth/{platform}/disconnect/{id}": "disconnected",
  // The workspace's set-up (issue 41's follow-ups), run by the second test.
  "POST /api/media/upload": "media_added",
  "POST /api/media/uploads/{id}/complete": "media_added",
  "PATCH /api/media/{id}": "media_changed",
  "PUT /api/media/{id}/captions/{lang}": "media_changed",
  "DELETE /api/media/{id}/captions/{lang}": "media_changed",
  "DELETE /api/media/{id}": "media_deleted",
  "POST /api/categories": "category_added",
  "PATCH /api/categories/{id}": "category_changed",
  "POST /api/categories/{id}/posts": "category_post_added",
  "DELETE /api/categories/{id}/posts/{postId}": "category_post_removed",
  "DELETE /api/categories/{id}": "category_deleted",
  "POST /api/feeds": "feed_added",
  "PATCH /api/feeds/{id}": "feed_changed",
  "DELETE /api/feeds/{id}": "feed_deleted",
  "PUT /api/queue/{accountId}/slots": "queue_changed",
  "POST /api/queue/{accountId}/copy-slots": "queue_changed",
  "POST /api/queue/{accountId}/pause": "queue_changed",
  "POST /api/queue/{accountId}/reorder": "queue_changed",
  "POST /api/queue/{accountId}/share-next": "publish_requested",
  "PUT /api/links/settings": "settings_changed",
  "PUT /api/posts/{id}/labels": "edited",
  "PUT /api/posts/{id}/link-options": "edited",
  "PUT /api/bio": "settings_changed",
  "POST /api/analytics/reports/schedules": "report_scheduled",
  "PUT /api/analytics/reports/schedules/{id}": "report_schedule_changed",
  "DELETE /api/analytics/reports/schedules/{id}": "report_schedule_deleted",
  "POST /api/analytics/reports/schedules/{id}/send": "report_sent",
  "POST /api/labels": "label_added",
  "PATCH /api/labels/{id}": "label_changed",
  "DELETE /api/labels/{id}": "label_deleted",
  "POST /api/pieces": "piece_added",
  "PATCH /api/pieces/{id}": "piece_changed",
  "DELETE /api/pieces/{id}": "piece_deleted",
  "POST /api/accounts/{id}/boards": "board_created",
  "POST /api/inbox/{id}/assign": "inbox_assigned",
  "POST /api/inbox/{id}/status": "inbox_status_changed",
  "POST /api/inbox/bulk": "inbox_status_changed",
  "POST /api/inbox/{id}/notes": "inbox_noted",
  "POST /api/inbox/{id}/draft": "inbox_drafted",
  "POST /api/inbox/saved-replies": "saved_reply_added",
  "DELETE /api/inbox/saved-replies/{id}": "saved_reply_deleted",
  "POST /api/inbox/rules": "inbox_rule_added",
  "DELETE /api/inbox/rules/{id}": "inbox_rule_deleted",
  "POST /api/posts/{id}/targets/{targetId}/retry": "retried",
  "POST /api/posts/{id}/targets/{targetId}/confirm": "confirmed",
};

/** Writes that record no entry, each for its reason. Keep this list short: a new write is logged by default. */
const EXEMPT: Record<string, string> = {
  "DELETE /api/workspaces/{id}": "the log is deleted with the workspace it belongs to",
  "POST /mcp": "its tools call the same commands and services as these routes, which record the entries",
  "POST /api/posts/preflight": "a check: stores nothing",
  "POST /api/operator/workspaces/{id}/move":
    "a deployment operator's move between databases changes where the rows are, not what they say; its answer reports it",
  "POST /api/posts/validate": "a check: stores nothing",
  "POST /api/imports/check": "a dry run: stores nothing",
  "POST /api/imports": "each imported post is created by the create command, which records it",
  "POST /api/ai/analyze-content": "generates text for the composer: stores nothing of the workspace",
  "POST /api/ai/generate-content": "generates text for the composer: stores nothing of the workspace",
  "POST /api/ai/optimize-content": "generates text for the composer: stores nothing of the workspace",
  "POST /api/ai/suggest-hashtags": "generates text for the composer: stores nothing of the workspace",
  "POST /api/ai/suggest-mentions": "generates text for the composer: stores nothing of the workspace",
  "POST /api/auth/{platform}/connect": "starts the consent; its callback records the connection",
  "POST /api/auth/login": "signing in: the user's, not a workspace's",
  "POST /api/auth/logout": "signing out: the user's, not a workspace's",
  "POST /api/auth/register": "the user's account, before any workspace",
  "POST /api/auth/send-otp": "password reset: the user's, not a workspace's",
  "POST /api/auth/verify-otp": "password reset: the user's, not a workspace's",
  "POST /api/auth/update-password": "password reset: the user's, not a workspace's",
  "PUT /api/users/timezone": "the user's own preference",
  "PUT /api/users/update-password": "the user's own password",
  "POST /api/users/verify-password": "a check: stores nothing",
  "POST /api/workspaces/{id}/switch": "the browser's choice of workspace: stores nothing",
  "POST /api/notifications/{id}/read": "the reader's own notice state",
  "POST /api/notifications/read-all": "the reader's own notice state",
  "POST /api/notifications/failures/seen": "the reader's own notice state",
  "POST /api/events": "product analytics: no workspace data",
  "POST /api/feedback": "a message to the Postline team: no workspace data",
  "POST /api/billing/notify": "a request to hear of billing: no workspace data",
  "POST /api/analytics/posts/{id}/sync": "reads the networks' numbers: nothing a member changed",
  "POST /api/analytics/sync-all": "reads the networks' numbers: nothing a member changed",
  "POST /api/analytics/rollups/rebuild": "recomputes sums from stored numbers: nothing a member changed",
  "POST /api/inbox/sync": "reads the networks' comments: nothing a member changed",
  "POST /api/inbox/webhooks/meta": "Meta delivering comments: nothing a member changed",
  "POST /api/feeds/{id}/check": "reads the feed: its new items become posts, each recorded when created",
  "POST /api/accounts/{id}/refresh": "renews the platform's token: nothing a member changed",
  "POST /api/scheduler/trigger": "runs the schedule now: the publishes it makes are recorded as published",
  "POST /api/webhooks/{id}/test": "sends a test event: its delivery log is the record",
  "POST /api/webhooks/deliveries/{id}/resend": "sends a delivery again: its delivery log is the record",
  "POST /api/media/uploads": "a step of an upload (its parts and completion): the file is the outcome",
  "PUT /api/media/uploads/{id}/parts/{n}": "a step of an upload: the file is the outcome",
  "DELETE /api/media/uploads/{id}": "abandons an unfinished upload: nothing was added",
  "POST /api/media/{id}/variants":
    "a copy of a library image cut for one network while composing: the post is the record",
  "PUT /api/media/{id}/thumbnail": "the uploader's own preview of a file it just added: nothing a member chose",
  "POST /api/inbox/{id}/reply":
    "logged (inbox_replied); a reply needs a comment on the network, so inbox.test.ts checks its entry",
  "POST /api/inbox/read": "a member's own read marks: nothing the team sees changed",
  "POST /api/inbox/{id}/draft/send":
    "logged (inbox_replied); a reply needs a comment on the network, so team.test.ts checks its entry",
  "POST /api/inbox/{id}/actions":
    "logged (inbox_moderated); it needs a comment on the network, so inbox-meta-actions.test.ts checks its entry",
  "POST /api/report-unsubscribe/{token}": "a client's own mail preference, not a change to the workspace's content",
  "POST /api/posts/{id}/targets/{targetId}/first-comment/retry":
    "logged (retried); it needs a published post whose comment failed, so channel-versions.test.ts checks its entry",
  "POST /api/auth/instagram/disconnect": "the same disconnect as DELETE /api/auth/{platform}/disconnect/{id}",
  "DELETE /api/auth/{platform}/accounts/{id}": "the same disconnect as DELETE /api/auth/{platform}/disconnect/{id}",
  "DELETE /api/accounts/{id}": "the same disconnect as DELETE /api/auth/{platform}/disconnect/{id}",
};

const writes = () =>
  registeredRoutes()
    .filter((r) => r.method !== "get")
    .map((r) => `${r.method.toUpperCase()} ${r.path}`);

type User = Awaited<ReturnType<typeof registerUser>>;

/** The logged routes the tests below ran, each found to add its one entry. */
const seen = new Set<string>();

/** The workspace's log entries, oldest first: what each did and who (null: a client or the publisher). */
const entriesOf = async (ws: string) =>
  (await dbOf(ws))
    .prepare("SELECT action, user_id FROM activity_log WHERE workspace_id = ? ORDER BY created_at, rowid")
    .bind(ws)
    .all<{ action: string; user_id: string | null }>()
    .then((r) => r.results);

/** `step(route, by, run)`: runs one write in `ws` and checks it added one entry, its action, by `by` (null: a client). */
function stepsIn(ws: string) {
  const entries = () => entriesOf(ws);
  return async (route: string, by: User | null, run: () => Promise<{ status: number; body: unknown }>) => {
    const before = (await entries()).length;
    const res = await run();
    expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    const added = (await entries()).slice(before);
    expect(added, route).toEqual([{ action: LOGGED[route], user_id: by?.user.id ?? null }]);
    seen.add(route);
    return res;
  };
}

describe("the activity log covers every write (issue 41)", () => {
  it("every write route is either logged or on the exempt list with its reason, and neither list is stale", () => {
    const all = writes();
    const unlisted = all.filter((r) => !(r in LOGGED) && !(r in EXEMPT));
    expect(unlisted, "a new write route: log it, or say why not in EXEMPT").toEqual([]);
    const stale = [...Object.keys(LOGGED), ...Object.keys(EXEMPT)].filter((r) => !all.includes(r));
    expect(stale).toEqual([]);
    expect(Object.keys(LOGGED).filter((r) => r in EXEMPT)).toEqual([]);
  });

  it("each logged write adds its entry, with who did it, filterable by action and in the CSV", {
    timeout: 60_000,
  }, async () => {
    const olga = await registerUser({ displayName: "Olga" });
    const ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: olga.token, body: { name: "Acme" } }))
      .body.data.id as string;
    const as = (u: User) => ({ token: u.token, headers: { "X-Workspace-Id": ws } });
    const o = as(olga);
    await connectViaEmulator(`${olga.cookie}; pl_workspace=${ws}`, "twitter");
    const account = (await call<"GET /api/accounts">("/api/accounts", o)).body.data.accounts[0]!._id as string;
    const form = new FormData();
    form.append("files", fileOf(jpegBytes(1080, 1080), "launch.jpg"));
    const media = (await call<"POST /api/media/upload">("/api/media/upload", { ...o, body: form })).body.data[0]!.id;
    const postBody = (content: string) => ({
      content,
      platforms: ["twitter"],
      selectedAccounts: { twitter: [account] },
      images: [media],
      status: "scheduled",
      scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const step = stepsIn(ws);
    const created = await (await dbOf(ws))
      .prepare("SELECT action, user_id FROM activity_log WHERE workspace_id = ?")
      .bind(ws)
      .first<{ action: string; user_id: string }>();
    expect(created).toEqual({ action: "workspace_created", user_id: olga.user.id });
    seen.add("POST /api/workspaces");

    await step("PATCH /api/workspaces/{id}", olga, () =>
      call(`/api/workspaces/${ws}`, { ...o, method: "PATCH", body: { timezone: "Europe/Paris" } }),
    );
    await step("PUT /api/brand", olga, () => call("/api/brand", { ...o, method: "PUT", body: { color: "#1d4ed8" } }));
    const logo = new FormData();
    logo.append("logo", fileOf(jpegBytes(64, 64), "logo.jpg"));
    await step("PUT /api/brand/logo", olga, () => call("/api/brand/logo", { ...o, method: "PUT", body: logo }));
    await step("DELETE /api/brand/logo", olga, () => call("/api/brand/logo", { ...o, method: "DELETE" }));
    await step("POST /api/workspaces/{id}/archive", olga, () =>
      call(`/api/workspaces/${ws}/archive`, { ...o, method: "POST" }),
    );
    await step("POST /api/workspaces/{id}/unarchive", olga, () =>
      call(`/api/workspaces/${ws}/unarchive`, { ...o, method: "POST" }),
    );
    const carl = await registerUser({ displayName: "Carl" });
    await step("POST /api/workspaces/{id}/invites", olga, () =>
      call(`/api/workspaces/${ws}/invites`, { ...o, body: { email: carl.email, role: "contributor" } }),
    );
    const mailed = await env.DB.prepare("SELECT text FROM dev_mailbox WHERE to_address = ? ORDER BY created_at DESC")
      .bind(carl.email)
      .first<{ text: string }>();
    const inviteToken = mailed!.text.match(/\/invite\/([A-Za-z0-9_-]+)/)![1]!;
    await step("POST /api/invites/{token}/accept", carl, () =>
      call(`/api/invites/${inviteToken}/accept`, { token: carl.token, method: "POST" }),
    );
    const dora = await registerUser({ displayName: "Dora" });
    const doraInvite = await call<"POST /api/workspaces/:id/invites">(`/api/workspaces/${ws}/invites`, {
      ...o,
      body: { email: dora.email, role: "viewer" },
    });
    await step("DELETE /api/workspaces/{id}/invites/{inviteId}", olga, () =>
      call(`/api/workspaces/${ws}/invites/${doraInvite.body.data.id}`, { ...o, method: "DELETE" }),
    );
    await step("PATCH /api/workspaces/{id}/members/{userId}", olga, () =>
      call(`/api/workspaces/${ws}/members/${carl.user.id}`, { ...o, method: "PATCH", body: { role: "editor" } }),
    );
    const post = await step("POST /api/posts", olga, () => call("/api/posts", { ...o, body: postBody("Launch") }));
    const postId = (post.body as { data: { _id: string } }).data._id;
    await step("PUT /api/posts/{id}", olga, () =>
      call(`/api/posts/${postId}`, { ...o, method: "PUT", body: { content: "Launch day" } }),
    );
    await step("POST /api/posts/{id}/comments", carl, () =>
      call(`/api/posts/${postId}/comments`, { ...as(carl), body: { body: "Looks good" } }),
    );
    const link = await step("POST /api/share-links", olga, () =>
      call("/api/share-links", { ...o, body: { label: "Acme review", postIds: [postId] } }),
    );
    const { id: linkId, url } = (link.body as { data: { id: string; url: string } }).data;
    await step("POST /api/share/{token}/posts/{postId}/review", null, () =>
      call(`/api/share/${url.split("/review/")[1]}/posts/${postId}/review`, {
        body: { decision: "changes_requested", comment: "Blue logo" },
      }),
    );
    await step("DELETE /api/share-links/{id}", olga, () =>
      call(`/api/share-links/${linkId}`, { ...o, method: "DELETE" }),
    );
    // A contributor's submission, approved and then another rejected.
    await call(`/api/workspaces/${ws}/members/${carl.user.id}`, {
      ...o,
      method: "PATCH",
      body: { role: "contributor" },
    });
    const submit = async () =>
      (await call<"POST /api/posts">("/api/posts", { ...as(carl), body: postBody("Carl's idea") })).body.data._id;
    const first = await submit();
    await step("POST /api/posts/{id}/approve", olga, () =>
      call(`/api/posts/${first}/approve`, { ...o, method: "POST", body: {} }),
    );
    const second = await submit();
    await step("POST /api/posts/{id}/reject", olga, () =>
      call(`/api/posts/${second}/reject`, { ...o, body: { comment: "Not now" } }),
    );
    await step("POST /api/posts/{id}/publish", olga, () =>
      call(`/api/posts/${second}/publish`, { ...o, method: "POST" }),
    );
    await step("DELETE /api/posts/{id}", olga, () => call(`/api/posts/${first}`, { ...o, method: "DELETE" }));
    const hook = await step("POST /api/webhooks", olga, () =>
      call("/api/webhooks", { ...o, body: { url: "https://hooks.example.com/acme", events: ["post.published"] } }),
    );
    const hookId = (hook.body as { data: { id: string } }).data.id;
    await step("PATCH /api/webhooks/{id}", olga, () =>
      call(`/api/webhooks/${hookId}`, { ...o, method: "PATCH", body: { enabled: false } }),
    );
    await step("DELETE /api/webhooks/{id}", olga, () => call(`/api/webhooks/${hookId}`, { ...o, method: "DELETE" }));
    const key = await step("POST /api/keys", olga, () =>
      call("/api/keys", { ...o, body: { name: "Zapier", scopes: ["read"] } }),
    );
    const keyId = (key.body as { data: { id: string } }).data.id;
    await step("DELETE /api/keys/{id}", olga, () => call(`/api/keys/${keyId}`, { ...o, method: "DELETE" }));
    await step("POST /api/auth/{platform}/app-password", olga, () =>
      call("/api/auth/bluesky/app-password", {
        ...o,
        body: { identifier: "postline-demo.bsky.social", appPassword: "pstl-demo-bsky-apps" },
      }),
    );
    await step("DELETE /api/auth/{platform}/disconnect/{id}", olga, () =>
      call(`/api/auth/twitter/disconnect/${account}?confirm=true`, { ...o, method: "DELETE" }),
    );
    await step("DELETE /api/workspaces/{id}/members/{userId}", olga, () =>
      call(`/api/workspaces/${ws}/members/${carl.user.id}`, { ...o, method: "DELETE" }),
    );
    const ann = await joined(ws, "admin");
    await step("POST /api/workspaces/{id}/transfer", olga, () =>
      call(`/api/workspaces/${ws}/transfer`, { ...o, body: { userId: ann.user.id } }),
    );
    await step("POST /api/workspaces/{id}/leave", olga, () =>
      call(`/api/workspaces/${ws}/leave`, { ...o, method: "POST" }),
    );

    // Filterable and exported as before.
    const roles = await call<"GET /api/workspaces/:id/activity">(
      `/api/workspaces/${ws}/activity?action=role_changed`,
      as(ann),
    );
    expect(roles.body.data.entries.map((e) => e.summary)).toEqual([
      `Carl (${carl.email}): editor → contributor`,
      `Carl (${carl.email}): contributor → editor`,
    ]);
    const csv = await SELF.fetch(`${ORIGIN}/api/workspaces/${ws}/activity.csv?action=link_shared`, {
      headers: { Authorization: `Bearer ${ann.token}`, "X-Workspace-Id": ws },
    });
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("link_shared,share_link");
  });

  it("the workspace's set-up writes add theirs too: media, categories, feeds, queues, labels, pieces, links, reports, inbox, channels", {
    timeout: 90_000,
  }, async () => {
    const olga = await registerUser({ displayName: "Olga" });
    const ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: olga.token, body: { name: "Bakery" } }))
      .body.data.id as string;
    const o = { token: olga.token, headers: { "X-Workspace-Id": ws } };
    const step = stepsIn(ws);
    const cookie = `${olga.cookie}; pl_workspace=${ws}`;
    await connectViaEmulator(cookie, "twitter");
    await connectViaEmulator(cookie, "pinterest");
    const accounts = (await call<"GET /api/accounts">("/api/accounts", o)).body.data.accounts;
    const x = accounts.find((a) => a.platform === "twitter")!._id;
    const pin = accounts.find((a) => a.platform === "pinterest")!._id;

    const form = new FormData();
    form.append("files", fileOf(jpegBytes(1080, 1080), "menu.jpg"));
    const up = await step("POST /api/media/upload", olga, () => call("/api/media/upload", { ...o, body: form }));
    const media = (up.body as { data: Array<{ id: string }> }).data[0]!.id;
    await step("PATCH /api/media/{id}", olga, () =>
      call(`/api/media/${media}`, { ...o, method: "PATCH", body: { altText: "Our menu" } }),
    );
    const clip = new FormData();
    clip.append("files", fileOf(await mp4Bytes({ width: 320, height: 240, seconds: 1 }), "clip.mp4"));
    const video = (await call<"POST /api/media/upload">("/api/media/upload", { ...o, body: clip })).body.data[0]!.id;
    const captions = (method: string) => async () => {
      const res = await SELF.fetch(`${ORIGIN}/api/media/${video}/captions/en`, {
        method,
        headers: { Authorization: `Bearer ${olga.token}`, "X-Workspace-Id": ws, "Content-Type": "text/vtt" },
        body: method === "PUT" ? "WEBVTT\n\n00:00.000 --> 00:01.000\nMenu\n" : undefined,
      });
      return { status: res.status, body: await res.json() };
    };
    await step("PUT /api/media/{id}/captions/{lang}", olga, captions("PUT"));
    await step("DELETE /api/media/{id}/captions/{lang}", olga, captions("DELETE"));
    const bytes = jpegBytes(1080, 1080);
    const started = await call<"POST /api/media/uploads">("/api/media/uploads", {
      ...o,
      body: { filename: "big.jpg", size: bytes.length, contentType: "image/jpeg" },
    });
    const { uploadId } = started.body.data;
    const part = await SELF.fetch(`${ORIGIN}/api/media/uploads/${uploadId}/parts/1`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${olga.token}`, "X-Workspace-Id": ws },
      body: bytes.slice(),
    });
    const parts = [((await part.json()) as { data: unknown }).data];
    const big = await step("POST /api/media/uploads/{id}/complete", olga, () =>
      call(`/api/media/uploads/${uploadId}/complete`, { ...o, body: { parts } }),
    );
    const bigId = (big.body as { data: { id: string } }).data.id;
    await step("DELETE /api/media/{id}", olga, () => call(`/api/media/${bigId}`, { ...o, method: "DELETE" }));

    // Queues: slots, a queued post reordered and shared now, paused, copied to the other account.
    await step("PUT /api/queue/{accountId}/slots", olga, () =>
      call(`/api/queue/${x}/slots`, {
        ...o,
        method: "PUT",
        body: { slots: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, time: "09:00" })) },
      }),
    );
    const queued = async (content: string) =>
      (
        await call<"POST /api/posts">("/api/posts", {
          ...o,
          body: {
            content,
            platforms: ["twitter"],
            selectedAccounts: { twitter: [x] },
            images: [media],
            addToQueue: true,
          },
        })
      ).body.data;
    const first = await queued("Sourdough Monday");
    const second = await queued("Croissant Tuesday");
    await step("POST /api/queue/{accountId}/reorder", olga, () =>
      call(`/api/queue/${x}/reorder`, {
        ...o,
        body: { targetIds: [second.platformPosts[0]!.id, first.platformPosts[0]!.id] },
      }),
    );
    await step("POST /api/queue/{accountId}/share-next", olga, () =>
      call(`/api/queue/${x}/share-next`, { ...o, method: "POST" }),
    );
    // The publisher's own entry comes when the post is out: wait for it, so it is not counted as a later step's.
    await vi.waitFor(async () => expect((await entriesOf(ws)).map((e) => e.action)).toContain("published"), {
      timeout: 20_000,
      interval: 100,
    });
    await step("POST /api/queue/{accountId}/pause", olga, () =>
      call(`/api/queue/${x}/pause`, { ...o, body: { paused: true } }),
    );
    await step("POST /api/queue/{accountId}/copy-slots", olga, () =>
      call(`/api/queue/${x}/copy-slots`, { ...o, body: { to: [pin] } }),
    );

    // Evergreen categories and feeds.
    const cat = await step("POST /api/categories", olga, () =>
      call("/api/categories", { ...o, body: { name: "Tips", slots: [{ day: 1, time: "10:00" }] } }),
    );
    const catId = (cat.body as { data: { id: string } }).data.id;
    await step("PATCH /api/categories/{id}", olga, () =>
      call(`/api/categories/${catId}`, { ...o, method: "PATCH", body: { name: "Baking tips" } }),
    );
    await step("POST /api/categories/{id}/posts", olga, () =>
      call(`/api/categories/${catId}/posts`, { ...o, body: { postId: first._id } }),
    );
    await step("DELETE /api/categories/{id}/posts/{postId}", olga, () =>
      call(`/api/categories/${catId}/posts/${first._id}`, { ...o, method: "DELETE" }),
    );
    await step("DELETE /api/categories/{id}", olga, () => call(`/api/categories/${catId}`, { ...o, method: "DELETE" }));
    const feed = await step("POST /api/feeds", olga, () =>
      call("/api/feeds", { ...o, body: { url: `https://feeds.example/bakery-${crypto.randomUUID()}.xml` } }),
    );
    const feedId = (feed.body as { data: { id: string } }).data.id;
    await step("PATCH /api/feeds/{id}", olga, () =>
      call(`/api/feeds/${feedId}`, { ...o, method: "PATCH", body: { template: "New: {title} {link}" } }),
    );
    await step("DELETE /api/feeds/{id}", olga, () => call(`/api/feeds/${feedId}`, { ...o, method: "DELETE" }));

    // Labels, a post's labels and its own link choices (ADR 094); a saved piece (ADR 087).
    const made = await step("POST /api/labels", olga, () =>
      call("/api/labels", { ...o, body: { name: "Launch", color: "#c53030" } }),
    );
    const label = (made.body as { data: { id: string } }).data.id;
    await step("PATCH /api/labels/{id}", olga, () =>
      call(`/api/labels/${label}`, { ...o, method: "PATCH", body: { name: "Spring launch" } }),
    );
    await step("PUT /api/posts/{id}/labels", olga, () =>
      call(`/api/posts/${first._id}/labels`, { ...o, method: "PUT", body: { labelIds: [label] } }),
    );
    await step("PUT /api/posts/{id}/link-options", olga, () =>
      call(`/api/posts/${first._id}/link-options`, { ...o, method: "PUT", body: { shorten: false } }),
    );
    await step("DELETE /api/labels/{id}", olga, () => call(`/api/labels/${label}`, { ...o, method: "DELETE" }));
    const piece = await step("POST /api/pieces", olga, () =>
      call("/api/pieces", { ...o, body: { kind: "hashtags", name: "Bread", body: "#bread #sourdough" } }),
    );
    const pieceId = (piece.body as { data: { id: string } }).data.id;
    await step("PATCH /api/pieces/{id}", olga, () =>
      call(`/api/pieces/${pieceId}`, { ...o, method: "PATCH", body: { name: "Breads" } }),
    );
    await step("DELETE /api/pieces/{id}", olga, () => call(`/api/pieces/${pieceId}`, { ...o, method: "DELETE" }));

    // Workspace settings: short links and the bio page; report schedules; a Pinterest board.
    await step("PUT /api/links/settings", olga, () =>
      call("/api/links/settings", { ...o, method: "PUT", body: { enabled: true } }),
    );
    await step("PUT /api/bio", olga, () =>
      call("/api/bio", {
        ...o,
        method: "PUT",
        body: { handle: `bakery${crypto.randomUUID().slice(0, 8)}`, title: "Bakery", links: [] },
      }),
    );
    const schedule = { kind: "summary", format: "pdf", frequency: "weekly", weekday: 1, hour: 9 };
    const scheduled = await step("POST /api/analytics/reports/schedules", olga, () =>
      call("/api/analytics/reports/schedules", { ...o, body: schedule }),
    );
    const scheduleId = (scheduled.body as { data: { id: string } }).data.id;
    await step("PUT /api/analytics/reports/schedules/{id}", olga, () =>
      call(`/api/analytics/reports/schedules/${scheduleId}`, {
        ...o,
        method: "PUT",
        body: { ...schedule, format: "csv" },
      }),
    );
    await step("POST /api/analytics/reports/schedules/{id}/send", olga, () =>
      call(`/api/analytics/reports/schedules/${scheduleId}/send`, { ...o, method: "POST" }),
    );
    await step("DELETE /api/analytics/reports/schedules/{id}", olga, () =>
      call(`/api/analytics/reports/schedules/${scheduleId}`, { ...o, method: "DELETE" }),
    );
    await step("POST /api/accounts/{id}/boards", olga, () =>
      call(`/api/accounts/${pin}/boards`, { ...o, body: { name: `Recipes ${crypto.randomUUID().slice(0, 6)}` } }),
    );

    // Inbox triage of a comment, and a channel retried and confirmed by hand.
    const item = crypto.randomUUID();
    await (await dbOf(ws))
      .prepare(
        "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at) VALUES (?, ?, ?, 'twitter', ?, 'comment', 'fan', 'Open on Sundays?', ?, ?)",
      )
      .bind(item, ws, x, crypto.randomUUID(), Date.now(), Date.now())
      .run();
    await step("POST /api/inbox/{id}/assign", olga, () =>
      call(`/api/inbox/${item}/assign`, { ...o, body: { assigneeId: olga.user.id } }),
    );
    await step("POST /api/inbox/{id}/status", olga, () =>
      call(`/api/inbox/${item}/status`, { ...o, body: { status: "done" } }),
    );
    await step("POST /api/inbox/bulk", olga, () =>
      call("/api/inbox/bulk", { ...o, body: { action: "open", ids: [item] } }),
    );
    await step("POST /api/inbox/{id}/notes", olga, () =>
      call(`/api/inbox/${item}/notes`, { ...o, body: { text: "Regular, asks every week" } }),
    );
    await step("POST /api/inbox/{id}/draft", olga, () =>
      call(`/api/inbox/${item}/draft`, { ...o, body: { text: "Yes, 9 to 1." } }),
    );
    const saved = await step("POST /api/inbox/saved-replies", olga, () =>
      call("/api/inbox/saved-replies", { ...o, body: { title: "Hours", body: "Hi {first_name}, 9 to 1." } }),
    );
    await step("DELETE /api/inbox/saved-replies/{id}", olga, () =>
      call(`/api/inbox/saved-replies/${(saved.body as { data: { id: string } }).data.id}`, { ...o, method: "DELETE" }),
    );
    const rule = await step("POST /api/inbox/rules", olga, () =>
      call("/api/inbox/rules", { ...o, body: { keyword: "crypto", action: "hide" } }),
    );
    await step("DELETE /api/inbox/rules/{id}", olga, () =>
      call(`/api/inbox/rules/${(rule.body as { data: { id: string } }).data.id}`, { ...o, method: "DELETE" }),
    );
    const target = second.platformPosts[0]!.id;
    const shard = await dbOf(ws);
    const setTarget = (status: string) =>
      shard
        .prepare("UPDATE post_targets SET status = ?, error_message = 'Timed out' WHERE id = ?")
        .bind(status, target)
        .run();
    await setTarget("failed");
    await step("POST /api/posts/{id}/targets/{targetId}/retry", olga, () =>
      call(`/api/posts/${second._id}/targets/${target}/retry`, { ...o, method: "POST" }),
    );
    await setTarget("unconfirmed");
    await step("POST /api/posts/{id}/targets/{targetId}/confirm", olga, () =>
      call(`/api/posts/${second._id}/targets/${target}/confirm`, { ...o, body: {} }),
    );
  });

  it("ran every logged route", () => {
    expect(Object.keys(LOGGED).filter((r) => !seen.has(r))).toEqual([]);
  });
});

async function joined(ws: string, role: string) {
  const u = await registerUser({ displayName: "Ann" });
  await addMember(ws, u.user.id, role);
  return u;
}

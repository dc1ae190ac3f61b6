import type { Context, Hono } from "hono";
import type { Db } from "../db/client";
import { emuObjects } from "../db/schema/emulator";
import { avatar, initialsOf } from "./avatar";
import type { EmuEnv } from "./context";
import { numericId } from "./ids";
import { postMetrics, sampleComments, seedOf } from "./metrics";
import { createObject, deleteObject, type EmuObject, getObject, keepObject, listObjects } from "./objects";

/**
 * Mastodon's notifications and favourites (docs.joinmastodon.org methods/notifications and methods/statuses
 * #favourite), written from the docs. Someone else's status that replies to or names one of the instance's users
 * is a `mention` notification for that user: grown over the emulator clock under the user's recent statuses, or
 * written on demand (`POST /sandbox/comments`). Notification ids are snowflakes (the time in the high bits), so
 * `since_id`/`min_id` order them as Mastodon does.
 */
export type NotificationEnv = { Bindings: Env; Variables: EmuEnv["Variables"] & { userId: string } };
type Ctx = Context<NotificationEnv>;

export interface NotificationHost {
  P: string;
  origin: string;
  users: { id: string; username: string; displayName: string }[];
  statusView(c: Ctx, s: EmuObject): Promise<Record<string, unknown>>;
  needs(c: Ctx, scope: string): Response | null;
  fail(c: Ctx, status: number, error: string): Response;
}

/** Grown replies come under the user's statuses of the last two weeks. */
const GROW_WINDOW = 14 * 86_400_000;
/** methods/notifications: limit defaults to 40, at most 80. */
const PAGE_DEFAULT = 40;
const PAGE_MAX = 80;
const TYPES = ["mention", "status", "reblog", "follow", "follow_request", "favourite", "poll", "update"];

/** A snowflake: the creation time above 16 bits of the status it is about. */
const snowflake = (at: number, statusId: string) =>
  ((BigInt(at) << 16n) | BigInt(seedOf(statusId) & 0xffff)).toString();

/** A visitor's account as the API shows any remote account. */
export function visitorAccount(origin: string, id: string, name: string) {
  return {
    id,
    username: name,
    acct: name,
    display_name: name,
    locked: false,
    bot: false,
    created_at: "2023-01-01T00:00:00.000Z",
    note: "",
    url: `${origin}/@${name}`,
    uri: `${origin}/users/${name}`,
    avatar: avatar(initialsOf(name), id),
    avatar_static: avatar(initialsOf(name), id),
    followers_count: 0,
    following_count: 0,
    statuses_count: 0,
    emojis: [],
    fields: [],
  };
}

const visitorId = (author: string) => String(seedOf(`visitor:${author}`));

async function notify(db: Db, P: string, recipient: string, status: { id: string; createdAt: number }) {
  await keepObject(db, {
    id: `${P}:notif:${recipient}:${status.id}`,
    platform: P,
    kind: "notification",
    owner: recipient,
    createdAt: status.createdAt,
    data: { nid: snowflake(status.createdAt, status.id), type: "mention", statusId: status.id },
  });
}

/** The replies the user's recent statuses grew by `now`, each a status of its own with its notification. */
async function growReplies(db: Db, host: NotificationHost, user: { id: string; username: string }, now: number) {
  // Only the replies since the last read are written (the mark is kept per user): a read costs what is new.
  const markId = `${host.P}:grown:${user.id}`;
  // A first read grows the last day's replies only: older ones were never notified to anyone reading.
  const mark = Number((await getObject(db, host.P, markId))?.data.at ?? now - 86_400_000);
  if (mark >= now) return;
  const own = await listObjects(db, host.P, "status", user.id, { since: now - GROW_WINDOW, limit: 200 });
  for (const s of own) {
    const grown = sampleComments(
      `${host.P}:${s.id}`,
      postMetrics(`${host.P}:${s.id}`, s.createdAt, now).comments,
      s.createdAt,
    );
    for (const [i, k] of grown.entries()) {
      if (k.createdAt > now) break;
      if (k.createdAt <= mark) continue;
      const id = (BigInt(s.id) + BigInt(i + 1)).toString();
      const data = { text: `@${user.username} ${k.text}`, replyTo: s.id, author: k.author, visibility: "public" };
      await keepObject(db, {
        id,
        platform: host.P,
        kind: "status",
        owner: visitorId(k.author),
        createdAt: k.createdAt,
        data,
      });
      await notify(db, host.P, user.id, { id, createdAt: k.createdAt });
    }
  }
  await db
    .insert(emuObjects)
    .values({
      id: markId,
      platform: host.P,
      kind: "grown",
      owner: user.id,
      createdAt: now,
      status: null,
      readyAt: null,
      data: { at: now },
    })
    .onConflictDoUpdate({ target: emuObjects.id, set: { data: { at: now } } });
}

/** `types[]=a&types[]=b` (or `types=a`), as Rails reads arrays in a query. */
const listParam = (q: URLSearchParams, name: string) => [...q.getAll(`${name}[]`), ...q.getAll(name)];

export function mountNotifications(app: Hono<NotificationEnv>, host: NotificationHost) {
  const { P } = host;

  app.get("/api/v1/notifications", async (c) => {
    const denied = host.needs(c, "read:notifications");
    if (denied) return denied;
    const user = host.users.find((u) => u.id === c.var.userId);
    if (!user) return host.fail(c, 403, "This method requires an authenticated user");
    await growReplies(c.var.db, host, user, c.var.now);
    const q = new URL(c.req.url).searchParams;
    const types = listParam(q, "types");
    const excluded = listParam(q, "exclude_types");
    if ([...types, ...excluded].some((t) => !TYPES.includes(t)))
      return host.fail(c, 422, "Validation failed: Types is not included in the list");
    const limit = Math.min(PAGE_MAX, Math.max(1, Number(q.get("limit") ?? PAGE_DEFAULT) || PAGE_DEFAULT));
    const id = (n: EmuObject) => BigInt(String(n.data.nid));
    const bound = (name: string) => (q.get(name) ? BigInt(q.get(name)!) : null);
    const [maxId, sinceId, minId] = [bound("max_id"), bound("since_id"), bound("min_id")];
    let list = (await listObjects(c.var.db, P, "notification", user.id, { limit: 5000 }))
      .filter((n) => c.var.now >= n.createdAt)
      .filter(
        (n) => (types.length === 0 || types.includes(String(n.data.type))) && !excluded.includes(String(n.data.type)),
      )
      .filter((n) => (maxId === null || id(n) < maxId) && (sinceId === null || id(n) > sinceId))
      .filter((n) => minId === null || id(n) > minId)
      .sort((a, b) => (id(a) < id(b) ? 1 : -1));
    // min_id pages forward from the cursor: the oldest `limit` above it, still answered newest first.
    list = minId === null ? list.slice(0, limit) : list.slice(-limit);
    const answer = [];
    for (const n of list) {
      const status = await getObject(c.var.db, P, String(n.data.statusId));
      if (!status) continue;
      const view = await host.statusView(c, status);
      answer.push({
        id: String(n.data.nid),
        type: n.data.type,
        created_at: new Date(n.createdAt).toISOString(),
        account: view.account,
        status: view,
      });
    }
    if (answer.length > 0) {
      const keep = types.map((t) => `&types[]=${t}`).join("");
      const base = `${host.origin}/api/v1/notifications?limit=${limit}${keep}`;
      c.header(
        "Link",
        `<${base}&max_id=${answer.at(-1)!.id}>; rel="next", <${base}&min_id=${answer[0]!.id}>; rel="prev"`,
      );
    }
    return c.json(answer);
  });

  const favourite = (on: boolean) => async (c: Ctx) => {
    const denied = host.needs(c, "write:favourites");
    if (denied) return denied;
    const s = await getObject(c.var.db, P, c.req.param("id") ?? "");
    if (s?.kind !== "status" || !["public", "unlisted"].includes(String(s.data.visibility)))
      return host.fail(c, 404, "Record not found");
    const favId = `${P}:fav:${c.var.userId}:${s.id}`;
    if (on)
      await keepObject(c.var.db, {
        id: favId,
        platform: P,
        kind: "favourite",
        owner: c.var.userId,
        createdAt: c.var.now,
        data: { statusId: s.id },
      });
    else await deleteObject(c.var.db, P, favId);
    return c.json({ ...(await host.statusView(c, s)), favourited: on });
  };
  app.post("/api/v1/statuses/:id/favourite", favourite(true));
  app.post("/api/v1/statuses/:id/unfavourite", favourite(false));
}

/**
 * A visitor writes a status now (the sandbox's on-demand comment): a reply to `postId`, or one of its own; every
 * user of the instance it answers or names (`@username`) gets a mention. Null when there is no such status.
 */
export async function addVisitorStatus(
  db: Db,
  instance: { domain: string; users: { id: string; username: string }[] },
  input: { postId?: string; author: string; text: string },
  now: number,
) {
  const P = `mastodon:${instance.domain}`;
  const parent = input.postId ? await getObject(db, P, input.postId) : null;
  if (input.postId && parent?.kind !== "status") return null;
  const id = numericId(18);
  const data = {
    text: input.text,
    replyTo: parent?.id ?? null,
    author: input.author,
    visibility: "public",
    visitor: 1,
  };
  await createObject(db, { id, platform: P, kind: "status", owner: visitorId(input.author), createdAt: now, data });
  const named = instance.users.filter((u) =>
    new RegExp(`(^|\\s)@${u.username}(@${instance.domain})?\\b`).test(input.text),
  );
  const recipients = new Set([
    ...named.map((u) => u.id),
    ...(parent && instance.users.some((u) => u.id === parent.owner) ? [parent.owner] : []),
  ]);
  for (const recipient of recipients) await notify(db, P, recipient, { id, createdAt: now });
  return { id };
}

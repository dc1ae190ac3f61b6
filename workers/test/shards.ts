import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import worker from "../app";
import { userAnchor } from "../auth";
import { createDb } from "../db/client";
import { publishDeps } from "../publishing/deps";
import { buildServices } from "../services";
import { ORIGIN } from "./helpers";
import { EXTRA_SHARDS } from "./shard-bindings";

/** The bindings with the directory and both extra shards listed: new workspaces spread over them (ADR 081). */
export const threeShards = (): Env =>
  Object.create(env, { WORKSPACE_DBS: { value: ["DB", ...EXTRA_SHARDS].join(",") } }) as Env;

/** The shard (D1 binding name) holding a workspace's rows: its `shard` in the directory. */
export async function shardOf(workspaceId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT shard FROM workspaces WHERE id = ?")
    .bind(workspaceId)
    .first<{ shard: string }>();
  if (!row) throw new Error(`No workspace ${workspaceId} in the directory.`);
  return row.shard;
}

/** The D1 database holding a workspace's rows. */
export const dbOf = async (workspaceId: string): Promise<D1Database> =>
  (env as unknown as Record<string, D1Database>)[await shardOf(workspaceId)]!;

/** The app's services on a workspace's shard, as a queue consumer or cron job there builds them. */
export async function servicesOn(workspaceId: string, now: () => number = Date.now) {
  const shard = await shardOf(workspaceId);
  return buildServices(env, now, ORIGIN, { shard: () => shard });
}

/**
 * `services` with some of them replaced. Not a spread: the workspace's services are getters on the object's
 * prototype (services.ts), which a spread leaves behind; the others are read from `services` itself.
 */
export const withReplaced = <S extends object, R extends Partial<S>>(services: S, replaced: R): S & R =>
  new Proxy(services, {
    get: (target, key) => (Object.hasOwn(replaced, key) ? replaced[key as keyof R] : Reflect.get(target, key, target)),
  }) as S & R;

/** `dbOf` as drizzle. */
export const drizzleOf = async (workspaceId: string) => createDb(await dbOf(workspaceId));

let ip = 0;
/** A request to the Worker with these bindings (`threeShards()`, or a test's own); JSON in and out. */
export async function sendTo(
  bindings: Env,
  path: string,
  init: { token?: string; body?: unknown; method?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    Origin: ORIGIN,
    "CF-Connecting-IP": `198.51.100.${(++ip % 250) + 1}`,
    ...init.headers,
  };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }) as Request<unknown, IncomingRequestCfProperties>,
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: any } };
}

/** Signs up through the Worker with these bindings: the token, and the personal workspace's id (the user's). */
export async function registerIn(bindings: Env, name: string) {
  const res = await sendTo(bindings, "/api/auth/register", {
    body: { email: `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "secret123", displayName: name },
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${res.body.message}`);
  return { token: res.body.data.token as string, workspaceId: res.body.data.user.id as string };
}

/** Inserts rows of several workspaces (as a fixture writes them), each on its workspace's shard. */
export async function insertPlaced<T extends SQLiteTable>(
  table: T,
  rows: Array<T["$inferInsert"] & { workspaceId: string }>,
) {
  const byWorkspace = new Map<string, typeof rows>();
  for (const row of rows) byWorkspace.set(row.workspaceId, [...(byWorkspace.get(row.workspaceId) ?? []), row]);
  for (const [workspaceId, part] of byWorkspace) await (await drizzleOf(workspaceId)).insert(table).values(part);
}

/**
 * Makes a user a member of a workspace as an accepted invitation does: the user's stand-in on the workspace's
 * shard first (its rows' foreign keys need it, ADR 081), then the membership in the directory.
 */
export async function addMember(workspaceId: string, userId: string, role: string) {
  await userAnchor(await drizzleOf(workspaceId), userId);
  await env.DB.prepare(
    "INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
  )
    .bind(workspaceId, userId, role, Date.now())
    .run();
}

/**
 * The shard holding a post target. The publishing suites hold a target's id rather than its workspace; ids are
 * unique across shards, so the one shard that has the row is its workspace's.
 */
export async function shardOfTarget(targetId: string): Promise<string> {
  for (const shard of ["DB", ...EXTRA_SHARDS]) {
    const found = await (env as unknown as Record<string, D1Database>)
      [shard]!.prepare("SELECT 1 FROM post_targets WHERE id = ?")
      .bind(targetId)
      .first();
    if (found) return shard;
  }
  throw new Error(`No post target ${targetId} on any shard.`);
}

/** The D1 database holding a post target, and the same as drizzle. */
export const dbOfTarget = async (targetId: string): Promise<D1Database> =>
  (env as unknown as Record<string, D1Database>)[await shardOfTarget(targetId)]!;
export const drizzleOfTarget = async (targetId: string) => createDb(await dbOfTarget(targetId));

/** The publisher's deps as the queue consumer on a target's shard builds them, on the clock `now`. */
export async function publishDepsOf(targetId: string, now: () => number = Date.now) {
  const shard = await shardOfTarget(targetId);
  return publishDeps(buildServices(env, now, ORIGIN, { shard: () => shard }));
}

import { applyD1Migrations, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../app";
import { createDb } from "../db/client";
import { ORIGIN } from "./helpers";

/** The test runtime's workspace databases beside the directory (vitest.config.ts), migrated on first use. */
export const EXTRA_SHARDS = ["SHARD_B", "SHARD_C"] as const;
const migrated = globalThis as { extraShardsMigrated?: Promise<void> };

export function migrateExtraShards(): Promise<void> {
  migrated.extraShardsMigrated ??= Promise.all(
    EXTRA_SHARDS.map((name) => applyD1Migrations(env[name], env.TEST_MIGRATIONS)),
  ).then(() => undefined);
  return migrated.extraShardsMigrated;
}

/** The bindings with the directory and both extra shards listed: new workspaces spread over them (ADR 081). */
export const threeShards = (): Env =>
  Object.create(env, { WORKSPACE_DBS: { value: ["DB", ...EXTRA_SHARDS].join(",") } }) as Env;

/** The D1 database holding a workspace's rows: its `shard` in the directory. */
export async function dbOf(workspaceId: string): Promise<D1Database> {
  const row = await env.DB.prepare("SELECT shard FROM workspaces WHERE id = ?")
    .bind(workspaceId)
    .first<{ shard: string }>();
  if (!row) throw new Error(`No workspace ${workspaceId} in the directory.`);
  return (env as unknown as Record<string, D1Database>)[row.shard]!;
}

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

import { parseConfig } from "../env";

/**
 * Which D1 database holds a workspace's data (ADR 035). Account-level rows (users, workspaces and their
 * members, invitations, API keys, the dev mailbox) live in the directory database, the `DB` binding; every
 * workspace's own rows (accounts, posts, media, analytics, webhooks…) live in one shard, named in
 * `workspaces.shard` by its D1 binding. WORKSPACE_DBS lists the shard bindings; new workspaces go to the
 * emptiest (placement.ts, ADR 081). Today it is `DB` alone: the directory is its own only shard. Adding one is configuration (a D1
 * binding, its name first in WORKSPACE_DBS) and a migrations run on it, not code.
 */
/** What the directory records about a workspace's placement (its `shard` column). */
export interface Placed {
  id: string;
  shard: string;
}

/** The shard bindings WORKSPACE_DBS names, in order. */
export const shardNames = (env: object): string[] => parseConfig(env).WORKSPACE_DBS;

/** Whether every workspace's data is in the directory database itself (today's layout): one D1 batch reaches both. */
export function directoryIsOnlyShard(env: object): boolean {
  const names = shardNames(env);
  return names.length === 1 && names[0] === "DB";
}

/** A shard's database; a name that is not a listed D1 binding is a configuration error, said plainly. */
export function shardDb(env: object, name: string): D1Database {
  const db = shardNames(env).includes(name) ? (env as Record<string, unknown>)[name] : undefined;
  if (!isD1(db)) throw new Error(`Workspace database "${name}" is not a D1 binding listed in WORKSPACE_DBS.`);
  return db;
}

/**
 * The shard of a workspace's data. Work that has no workspace yet (a request before `resolveWorkspace`, a
 * signed-out link) has no shard to pick unless there is only one: with several, it must find the workspace
 * in the directory first.
 */
export function shardFor(env: object, workspace: Pick<Placed, "shard"> | null | undefined): string {
  if (workspace) return workspace.shard;
  const names = shardNames(env);
  if (names.length === 1) return names[0]!;
  throw new Error("This work has no workspace to pick its database by; find the workspace in the directory first.");
}

/** The database of a workspace's data (see `shardFor`). */
export const dbFor = (env: object, workspace: Pick<Placed, "shard"> | null | undefined): D1Database =>
  shardDb(env, shardFor(env, workspace));

function isD1(value: unknown): value is D1Database {
  return typeof value === "object" && value !== null && "prepare" in value && "batch" in value;
}

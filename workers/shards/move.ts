import { userAnchor } from "../auth";
import { requeuePending, type WebhookMessage } from "../automation";
import { createDb } from "../db/client";
import { shardDb, shardNames } from "../db/directory";
import { stampShard } from "../db/shard-queues";
import { Conflict, Invalid, NotFound } from "../errors";
import {
  clearMove,
  dropWorkspaceStandIn,
  markMoving,
  type Placement,
  placeWorkspaceStandIn,
  readPlacement,
  switchShard,
} from "../workspaces";
import { differences } from "./digest";
import type { MovePlan } from "./plan";
import { nextPublishingWork, retryAt } from "./quiet";
import { anchorIds, copyTables, deleteRows, digestTables, readPlan } from "./rows";

/** The points a move can stop at; tests make it crash at each (ADR 082). */
export type MoveStep = "flag" | "copy" | "mid-copy" | "verify" | "switch" | "cleanup" | "mid-cleanup";

export interface MoveOptions {
  /** The clock: read at the start (the quiet window) and again just before the switch. */
  now: () => number;
  /**
   * Called as each step begins ("mid-copy", "mid-cleanup": halfway through the tables); a test throws here to crash
   * the move.
   */
  at?: (step: MoveStep) => void | Promise<void>;
}

export interface MoveResult {
  outcome: "moved" | "already_there" | "rolled_back";
  message: string;
  from: string;
  to: string;
  /** Rows per moved table (verified equal on both shards), or the tables that differed on a rollback. */
  tables: { table: string; rows: number; copy?: number }[];
}

/** The directory is `DB` (ADR 035): a shard that is not it keeps stand-ins, which the move places and drops. */
const DIRECTORY = "DB";

/**
 * Moves a workspace's rows to the `target` shard, or resumes or rolls back a move a crash interrupted: before the
 * switch a rerun deletes the partial copy and starts again, after it only the old shard's cleanup remains.
 */
export async function moveWorkspace(env: Env, workspaceId: string, target: string, opts: MoveOptions) {
  const at = opts.at ?? (() => {});
  if (!shardNames(env).includes(target)) throw new Invalid(`"${target}" is not a shard listed in WORKSPACE_DBS.`);
  const placed = await readPlacement(env.DB, workspaceId);
  if (!placed) throw new NotFound("No workspace has that id.");
  const cleanup = placed.moveStep?.startsWith("cleanup:") ? placed.moveStep.slice("cleanup:".length) : null;
  if (cleanup) {
    await requeueOn(env, placed.shard, workspaceId);
    await at("cleanup");
    await dropFrom(env, cleanup, workspaceId, undefined, () => at("mid-cleanup"));
    await clearMove(env.DB, workspaceId);
    return result("moved", `Finished moving ${placed.name} to ${placed.shard}.`, cleanup, placed.shard, []);
  }
  // A copy a crash interrupted: the workspace is whole on its shard; drop the partial copy and start again.
  if (placed.movingTo) await dropFrom(env, placed.movingTo, workspaceId, placed.shard);
  if (placed.shard === target) {
    if (placed.movingTo) await clearMove(env.DB, workspaceId);
    return result("already_there", `${placed.name} is on ${target}.`, target, target, []);
  }
  return copyAndSwitch(env, placed, target, opts.now, at);
}

async function copyAndSwitch(
  env: Env,
  placed: Placement,
  target: string,
  now: () => number,
  at: (s: MoveStep) => void | Promise<void>,
) {
  const [id, from] = [placed.id, placed.shard];
  const source = shardDb(env, from);
  const dest = shardDb(env, target);
  await at("flag");
  // The flag first, so nothing new is scheduled between the check and the copy.
  await markMoving(env.DB, id, target);
  const start = now();
  const next = await nextPublishingWork(source, id, start);
  if (next !== null) {
    await clearMove(env.DB, id);
    const when = new Date(retryAt(next, start)).toISOString();
    throw new Conflict(
      `${placed.name} has posts publishing or due within 10 minutes; try the move again after ${when}.`,
    );
  }
  const plan = await readPlan(source);
  await at("copy");
  await copyRows(env, plan, source, dest, id, at);
  await at("verify");
  const [was, copied] = await Promise.all([digestTables(source, plan.tables, id), digestTables(dest, plan.tables, id)]);
  const differ = differences(was, copied);
  // The switch must come before anything is due: the cron would claim it on the old shard, after the copy.
  const comingDue = await nextPublishingWork(source, id, now());
  if (differ.length > 0 || comingDue !== null) {
    await dropFrom(env, target, id, from);
    await clearMove(env.DB, id);
    const tables = differ.map((d) => ({ table: d.table, rows: d.source, copy: d.copy }));
    const why = differ.length
      ? `Rows changed while copying (${differ.map((d) => d.table).join(", ")})`
      : "A post came due while copying";
    return result("rolled_back", `${why}; ${placed.name} stays on ${from}.`, from, target, tables);
  }
  await at("switch");
  if (!(await switchShard(env.DB, id, from, target)))
    throw new Conflict(`${placed.name} was moved by another run; run the move again to see where it is.`);
  // A background job (not the API: it was refused) that wrote to a table after its digest was read wrote to rows
  // left behind; the old rows are read once more before they go, so the answer names what was not carried over.
  const late = differences(was, await digestTables(source, plan.tables, id)).map((d) => d.table);
  await requeueOn(env, target, id);
  await at("cleanup");
  await dropFrom(env, from, id, undefined, () => at("mid-cleanup"));
  await clearMove(env.DB, id);
  const tables = [...was].map(([table, d]) => ({ table, rows: d.rows }));
  const lost = late.length ? ` Changes made to ${late.join(", ")} after they were copied were not carried over.` : "";
  return result("moved", `Moved ${placed.name} from ${from} to ${target}.${lost}`, from, target, tables);
}

/** The workspace's rows onto `dest`: the rows they reference first, then parents before children, rollups last. */
async function copyRows(
  env: Env,
  plan: MovePlan,
  source: D1Database,
  dest: D1Database,
  id: string,
  at: (s: MoveStep) => void | Promise<void>,
) {
  await placeWorkspaceStandIn(env.DB, dest, id);
  const users = (await anchorIds(source, plan, id)).get("users") ?? [];
  const destDb = createDb(dest);
  for (const user of users) await userAnchor(destDb, user);
  const plain = plan.tables.filter((t) => !t.derived);
  const half = Math.floor(plain.length / 2);
  await copyTables(source, dest, plain.slice(0, half), id);
  await at("mid-copy");
  await copyTables(source, dest, plain.slice(half), id);
  // What the triggers made of the copied rows is replaced by the source's own rollups.
  const derived = plan.tables.filter((t) => t.derived);
  await deleteRows(dest, derived, id);
  await copyTables(source, dest, derived, id);
}

/**
 * The queue messages that name the old shard would find nothing once it is cleaned: the workspace's pending webhook
 * deliveries are queued again on its new one (publishing has none: the quiet window; syncs are enqueued by the cron).
 * Done again when a crash made the cleanup resume, so a delivery may be sent twice, with its one webhook-id.
 */
async function requeueOn(env: Env, shard: string, id: string) {
  const queue = stampShard(env.WEBHOOKS_QUEUE as Queue<WebhookMessage>, shard);
  await requeuePending(createDb(shardDb(env, shard)), queue, id);
}

/** Deletes the workspace's rows on `shard` (never the shard it lives on: `keep`), and its stand-in there. */
async function dropFrom(env: Env, shard: string, id: string, keep?: string, halfway?: () => void | Promise<void>) {
  if (shard === keep) return;
  const d1 = shardDb(env, shard);
  await deleteRows(d1, (await readPlan(d1)).tables, id, halfway);
  if (shard !== DIRECTORY) await dropWorkspaceStandIn(d1, id);
}

const result = (
  outcome: MoveResult["outcome"],
  message: string,
  from: string,
  to: string,
  tables: MoveResult["tables"],
): MoveResult => ({ outcome, message, from, to, tables });

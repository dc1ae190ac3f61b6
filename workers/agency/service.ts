import { shardDb } from "../db/directory";
import type { WorkspaceContext } from "../tenancy/membership";
import { agencyQueries, agencyView, FAILURE_WINDOW_MS } from "./rules";
import { agencyRows } from "./store";

/**
 * The agency view across the given workspaces (the user's memberships, read once by the caller): one query per
 * shard, all shards at once, merged into three labelled lists.
 */
export async function agencyOverview(env: object, workspaces: WorkspaceContext[], now: number) {
  const rows = await Promise.all(
    agencyQueries(workspaces).map((q) => agencyRows(shardDb(env, q.shard), q, now, now - FAILURE_WINDOW_MS)),
  );
  return agencyView(workspaces, rows.flat());
}

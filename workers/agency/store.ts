import type { AgencyQuery, AgencyRow } from "./rules";
import { AGENCY_LIST_LIMIT } from "./rules";

interface Row {
  list: AgencyRow["list"];
  id: string;
  workspace_id: string;
  content: string;
  status: string;
  platforms: string;
  scheduled_at: number | null;
  updated_at: number;
  error: string | null;
}

const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");
const COLUMNS = "p.id, p.workspace_id, p.content, p.status, p.platforms, p.scheduled_at, p.updated_at";

/**
 * The agency view's rows of one shard's workspaces in one statement (the three lists joined by UNION ALL, each
 * bounded and served by posts_workspace_status_idx): posts waiting for an approver or held for a client's
 * changes, scheduled posts from `now`, and posts that failed since `failedSince` with their last channel error.
 */
export async function agencyRows(
  d1: D1Database,
  q: AgencyQuery,
  now: number,
  failedSince: number,
): Promise<AgencyRow[]> {
  const all = marks(q.workspaceIds.length);
  const parts: string[] = [];
  const binds: unknown[] = [];
  if (q.approverIds.length > 0) {
    parts.push(`SELECT * FROM (SELECT 'approvals' AS list, ${COLUMNS}, NULL AS error FROM posts p
      WHERE p.workspace_id IN (${marks(q.approverIds.length)}) AND p.status IN ('pending_approval', 'changes_requested')
      ORDER BY p.updated_at LIMIT ?)`);
    binds.push(...q.approverIds, AGENCY_LIST_LIMIT);
  }
  parts.push(`SELECT * FROM (SELECT 'upcoming' AS list, ${COLUMNS}, NULL AS error FROM posts p
    WHERE p.workspace_id IN (${all}) AND p.status = 'scheduled' AND p.scheduled_at >= ?
    ORDER BY p.scheduled_at LIMIT ?)`);
  binds.push(...q.workspaceIds, now, AGENCY_LIST_LIMIT);
  parts.push(`SELECT * FROM (SELECT 'failures' AS list, ${COLUMNS},
      (SELECT t.error_message FROM post_targets t WHERE t.post_id = p.id AND t.status = 'failed'
        ORDER BY t.updated_at DESC LIMIT 1) AS error
    FROM posts p WHERE p.workspace_id IN (${all}) AND p.status IN ('failed', 'partially_published')
      AND p.updated_at >= ? ORDER BY p.updated_at DESC LIMIT ?)`);
  binds.push(...q.workspaceIds, failedSince, AGENCY_LIST_LIMIT);
  const { results } = await d1
    .prepare(parts.join(" UNION ALL "))
    .bind(...binds)
    .all<Row>();
  return results.map((r) => ({
    list: r.list,
    id: r.id,
    workspaceId: r.workspace_id,
    content: r.content,
    status: r.status,
    platforms: JSON.parse(r.platforms) as string[],
    scheduledAt: r.scheduled_at,
    updatedAt: r.updated_at,
    error: r.error,
  }));
}

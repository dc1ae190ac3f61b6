import { chunksOf, D1_MAX_PARAMS } from "../db/chunks";
import { notFound } from "../errors";
import type { WorkspaceContext } from "../tenancy/membership";
import { type Action, can, ensureCan } from "../tenancy/roles";

/** Each list shows at most this many items, across every workspace. */
export const AGENCY_LIST_LIMIT = 50;
/** Failures older than this are history, not work: the workspace's own pages still list them. */
export const FAILURE_WINDOW_MS = 14 * 86_400_000;
/**
 * Workspaces per query: each id is bound up to three times (approvals where the user approves, upcoming,
 * failures) beside 5 other values, and D1 binds at most 100 parameters (ADR 118), so a user in many workspaces of
 * one shard is read in a few queries of this size, never one unbounded statement (40 bound 125).
 */
export const WORKSPACES_PER_QUERY = Math.floor((D1_MAX_PARAMS - 5) / 3);

export type AgencyList = "approvals" | "upcoming" | "failures";

/** One row of a shard's query, as the store reads it. */
export interface AgencyRow {
  list: AgencyList;
  id: string;
  workspaceId: string;
  content: string;
  status: string;
  platforms: string[];
  scheduledAt: number | null;
  updatedAt: number;
  error: string | null;
}

/** What one query reads: the workspaces of one shard, and those among them whose approvals the user sees. */
export interface AgencyQuery {
  shard: string;
  workspaceIds: string[];
  approverIds: string[];
}

/**
 * The queries for a user's workspaces: one per shard (more only past WORKSPACES_PER_QUERY workspaces there).
 * Archived workspaces are left out (nothing in them can change); approvals only where the role may approve.
 */
export function agencyQueries(workspaces: WorkspaceContext[]): AgencyQuery[] {
  const byShard = new Map<string, WorkspaceContext[]>();
  for (const w of workspaces.filter((w) => !w.archived)) byShard.set(w.shard, [...(byShard.get(w.shard) ?? []), w]);
  return [...byShard].flatMap(([shard, list]) => {
    return chunksOf(list, WORKSPACES_PER_QUERY).map((part) => ({
      shard,
      workspaceIds: part.map((w) => w.id),
      approverIds: part.filter((w) => can(w.role, "posts.approve")).map((w) => w.id),
    }));
  });
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

const ORDER: Record<AgencyList, (a: AgencyRow, b: AgencyRow) => number> = {
  approvals: (a, b) => a.updatedAt - b.updatedAt,
  upcoming: (a, b) => (a.scheduledAt ?? 0) - (b.scheduledAt ?? 0),
  failures: (a, b) => b.updatedAt - a.updatedAt,
};

/**
 * The three lists from every query's rows, each item labelled with its workspace and what the user's role there
 * lets them do: waiting posts oldest first, upcoming soonest first, failures newest first; each cut to the limit.
 */
export function agencyView(workspaces: WorkspaceContext[], rows: AgencyRow[]) {
  const open = workspaces.filter((w) => !w.archived);
  const known = new Map(open.map((w) => [w.id, w]));
  const list = (name: AgencyList) =>
    rows
      .filter((r) => r.list === name && known.has(r.workspaceId))
      .sort(ORDER[name])
      .slice(0, AGENCY_LIST_LIMIT)
      .map((r) => {
        const w = known.get(r.workspaceId)!;
        return {
          postId: r.id,
          workspace: { id: w.id, name: w.name, role: w.role },
          content: r.content,
          status: r.status,
          platforms: r.platforms,
          scheduledAt: iso(r.scheduledAt),
          updatedAt: new Date(r.updatedAt).toISOString(),
          error: r.error,
          canApprove: r.status === "pending_approval" && can(w.role, "posts.approve"),
        };
      });
  return {
    workspaces: open.map((w) => ({ id: w.id, name: w.name, role: w.role })),
    approvals: list("approvals"),
    upcoming: list("upcoming"),
    failures: list("failures"),
  };
}
export type AgencyView = ReturnType<typeof agencyView>;

/**
 * The workspace an agency action on an item acts in: one of the user's own (another answers 404, as a workspace
 * that does not exist), where the user's role there may do it (403 with the role's sentence otherwise; an archived
 * workspace refuses every change). The role of the page's own workspace never counts.
 */
export function actingIn(mine: WorkspaceContext[], workspaceId: string, action: Action): WorkspaceContext {
  const target = mine.find((w) => w.id === workspaceId);
  if (!target) throw notFound();
  ensureCan(target, action);
  return target;
}

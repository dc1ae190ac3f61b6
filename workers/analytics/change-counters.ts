import { sql } from "drizzle-orm";
import { allRendered } from "../db/batch-reads";
import type { Db } from "../db/client";
import { $ } from "./period-scope";

/** The tables in which the rollups' triggers count a workspace's changes, so an answer kept at a count is current while it is. */
export type ChangeCounter = "best_times_versions" | "top_post_versions";

/** The workspace's count in `counter` (ADR 116, ADR 136); null before its first change. */
export async function changeCount(db: Db, counter: ChangeCounter, workspaceId: string): Promise<number | null> {
  const [row] = await allRendered<{ version: number }>(
    db,
    `analytics.change-count:${counter}`,
    () => sql`select version from ${sql.raw(counter)} where workspace_id = ${$("ws")}`,
    { ws: workspaceId },
  );
  return row?.version ?? null;
}

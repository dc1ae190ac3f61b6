import { DatabaseSync } from "node:sqlite";
import { d1File } from "../scripts/local-worker.ts";
import { shardFiles } from "./shards.ts";
import type { BenchRow } from "./stats.ts";

/** Tables that grow with analytics history: the snapshots, the derived state and the rollups (ADR 023). */
const HISTORY_TABLES = [
  "post_metric_snapshots",
  "post_metrics_current",
  "post_metrics_daily",
  "post_metrics_hourly",
  "post_engagement_daily",
  "post_engagement_daily_total",
  "account_metric_snapshots",
  "audience_snapshots",
];

const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/**
 * Capacity (ADR 023): stored bytes per post snapshot (rows, indexes, derived state and rollups, from SQLite's
 * dbstat over every shard's file) and the row changes one snapshot insert makes through the triggers, measured
 * in a rolled-back transaction on `shard`. The ADR turns them into bytes and rows written per account per day.
 */
export function capacityRow(persistTo: string, shard: string): BenchRow {
  const list = HISTORY_TABLES.map((t) => `'${t}'`).join(", ");
  let bytes = 0;
  let n = 0;
  for (const { file } of shardFiles(persistTo)) {
    const db = new DatabaseSync(file, { readOnly: true });
    bytes += (
      db
        .prepare(
          `SELECT coalesce(sum(pgsize), 0) AS bytes FROM dbstat WHERE name IN (${list}) OR name IN (SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name IN (${list}))`,
        )
        .get() as { bytes: number }
    ).bytes;
    n += (db.prepare("SELECT count(*) AS n FROM post_metric_snapshots").get() as { n: number }).n;
    db.close();
  }
  const db = new DatabaseSync(d1File(persistTo, shard));
  const target = db.prepare("SELECT * FROM post_metric_snapshots LIMIT 1").get() as Record<string, string | number>;
  db.exec("BEGIN");
  const before = (db.prepare("SELECT total_changes() AS c").get() as { c: number }).c;
  db.prepare(
    "INSERT INTO post_metric_snapshots (id, target_id, post_id, account_id, workspace_id, platform, taken_at, impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 1, 1, 1, 1, 1, 1, 1)",
  ).run(
    "capacity-probe",
    target.target_id!,
    target.post_id!,
    target.account_id!,
    target.workspace_id!,
    target.platform!,
    Number(target.taken_at) + 86_400_000,
  );
  const changes = (db.prepare("SELECT total_changes() AS c").get() as { c: number }).c - before;
  db.exec("ROLLBACK");
  db.close();
  return {
    name: "Capacity: one post snapshot stored",
    value: `${(bytes / n).toFixed(0)} B · ${changes} row changes`,
    budget: "reported",
    pass: true,
    note: `${n.toLocaleString("en")} snapshots on ${shardFiles(persistTo).length} shards, ${MiB(bytes)} with indexes, current state and rollups; per account per day: the next row, ADR 023 and 035`,
  };
}

/** Tables a shard holds that are not a workspace's own rows: SQLite's, D1's and the migrations' bookkeeping. */
const BOOKKEEPING = /^(sqlite_|_cf_|d1_migrations$)/;

/**
 * The capacity plan's unit (ADR 035): everything the seeded workspace `workspace` stores on its shard, per
 * connected account and day of its history. The seed places it on a shard of its own (bench/seed.ts), so the
 * shard's whole file less its bookkeeping is the workspace: bytes by dbstat (tables and indexes), rows counted.
 */
export function accountDayRow(
  persistTo: string,
  shard: string,
  seeded: { accounts: number; days: number; posts: number; snapshotsPerPost: number },
): BenchRow {
  const db = new DatabaseSync(d1File(persistTo, shard), { readOnly: true });
  try {
    const { workspaces } = db.prepare("SELECT count(*) AS workspaces FROM workspaces").get() as { workspaces: number };
    const tables = (
      db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>
    ).filter((t) => !BOOKKEEPING.test(t.name));
    const rows = tables.reduce(
      (sum, t) => sum + (db.prepare(`SELECT count(*) AS n FROM "${t.name}"`).get() as { n: number }).n,
      0,
    );
    const { bytes } = db
      .prepare(
        `SELECT sum(pgsize) AS bytes FROM dbstat WHERE name NOT IN ('sqlite_schema', 'sqlite_sequence', 'd1_migrations')
          AND substr(name, 1, 11) <> 'sqlite_stat' AND substr(name, 1, 4) <> '_cf_'`,
      )
      .get() as { bytes: number };
    const accountDays = seeded.accounts * seeded.days;
    const postsPerDay = seeded.posts / accountDays;
    return {
      name: `Capacity: per account-day (the bench user's workspace, alone on ${shard})`,
      value: `${(bytes / accountDays / 1024).toFixed(1)} KiB · ${(rows / accountDays).toFixed(0)} rows`,
      budget: "reported",
      pass: workspaces === 1,
      note:
        `${MiB(bytes)} in ${rows.toLocaleString("en")} rows for ${seeded.accounts} accounts × ${seeded.days} days ` +
        `(${postsPerDay.toFixed(1)} posts an account a day, ${seeded.snapshotsPerPost} snapshots each): ` +
        `${(bytes / seeded.posts / 1024).toFixed(2)} KiB and ${(rows / seeded.posts).toFixed(1)} rows a post with its snapshots; ` +
        `${workspaces} workspace(s) on the shard`,
    };
  } finally {
    db.close();
  }
}

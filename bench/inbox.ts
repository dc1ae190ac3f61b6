import { DatabaseSync } from "node:sqlite";
import type { BenchClient } from "./http.ts";
import { readRows } from "./latency.ts";
import type { BenchRow } from "./stats.ts";

/**
 * Issue 40's inbox list at scale: `items` comments written straight into the local D1 file of the seeded
 * analytics user's workspace's shard (`file`; the user is read from the directory's), on its accounts and
 * published posts, as the poll and webhooks would leave them:
 * three in ten open, one in twenty assigned to the user, one in twenty labelled `billing` and one in five hundred
 * `vip` (a rare label), one every 30 s back from `now`. Written before the Worker starts, like the analytics seed,
 * in two SQL statements (a recursive count), with the label rows carrying their item's time and status as the
 * inbox writes them (migration 0075).
 */
export function seedInbox(directoryFile: string, file: string, items: number, email: string, now: number): void {
  const directory = new DatabaseSync(directoryFile, { readOnly: true });
  const { id: userId } = directory.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: string };
  directory.close();
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;");
  db.exec("BEGIN");
  db.prepare(
    `CREATE TEMP TABLE bench_targets AS
     SELECT row_number() OVER (ORDER BY t.id) - 1 AS k, t.id, t.post_id, t.account_id, t.remote_id, a.platform
     FROM (SELECT * FROM post_targets WHERE workspace_id = ?1 ORDER BY id LIMIT 1000) t
     JOIN connected_accounts a ON a.id = t.account_id`,
  ).run(userId);
  const count = `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)`;
  db.prepare(
    `${count}
     INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, post_id, target_id, post_remote_id, author, text, created_at, received_at, status, assignee_id, rules_applied_at)
     SELECT 'bench-inbox-' || i, ?1, t.account_id, t.platform, 'bench-comment-' || i, 'comment', t.post_id, t.id, t.remote_id,
       'Visitor ' || (i % 997), 'Comment ' || i || ': when do you open on Sunday?', ?3 - i * 30000, ?3 - i * 30000,
       CASE WHEN i % 10 < 3 THEN 'open' ELSE 'done' END, CASE WHEN i % 20 = 0 THEN ?1 END, ?3 - i * 30000
     FROM n JOIN bench_targets t ON t.k = i % (SELECT count(*) FROM bench_targets)`,
  ).run(userId, items, now);
  db.prepare(
    `${count}
     INSERT INTO inbox_labels (item_id, workspace_id, label, created_at, status)
     SELECT 'bench-inbox-' || i, ?1, CASE WHEN i % 20 = 7 THEN 'billing' ELSE 'vip' END, ?3 - i * 30000,
       CASE WHEN i % 10 < 3 THEN 'open' ELSE 'done' END
     FROM n WHERE i % 20 = 7 OR i % 500 = 3`,
  ).run(userId, items, now);
  db.exec("DROP TABLE bench_targets; COMMIT");
  db.close();
}

/** The list as the inbox page asks for it, with each filter it offers, the next page, and the sidebar's count. */
export const INBOX_PATHS = (olderThan: number, platform: string) => [
  "/api/inbox",
  "/api/inbox?status=all",
  `/api/inbox?status=done&platform=${platform}`,
  `/api/inbox?status=all&platform=${platform}`,
  "/api/inbox?assigned=me",
  "/api/inbox?status=all&assigned=me",
  `/api/inbox?assigned=me&platform=${platform}`,
  "/api/inbox?status=all&label=billing",
  "/api/inbox?status=all&label=vip",
  "/api/inbox?status=open&label=vip",
  `/api/inbox?status=all&label=billing&platform=${platform}`,
  "/api/inbox?status=open&label=billing&assigned=me",
  `/api/inbox?status=all&before=${olderThan}`,
  `/api/inbox?status=all&platform=${platform}&label=vip&assigned=me&before=${olderThan}`,
  "/api/inbox/count",
];

/** One row per list read for the seeded user: p99 ≤ 50 ms and ≤ 5,000 rows read (issue 40). */
export async function inboxRows(
  client: BenchClient,
  user: { email: string; password: string },
  items: number,
  requests: number,
  now: number,
): Promise<BenchRow[]> {
  const { token } = await client.session(user.email, user.password);
  const bearer = { Authorization: `Bearer ${token}` };
  const size = items.toLocaleString("en");
  // The next page from the middle of the inbox: half of it is newer.
  const reads = INBOX_PATHS(now - Math.floor(items / 2) * 30_000, "facebook").map((path) => ({
    path,
    name: `Inbox ${path.replace("/api/inbox", "") || "list"} (${size} items)`,
    context: `${size} items in the workspace`,
  }));
  return readRows(client, reads, bearer, requests);
}

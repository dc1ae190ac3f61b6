import { randomUUID } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import type { BenchClient } from "./http.ts";
import { readRow } from "./latency.ts";
import type { BenchRow } from "./stats.ts";

/**
 * Issue 40's inbox list at scale: `items` comments written straight into the local D1 file of the seeded
 * analytics user's workspace's shard (`file`; the user is read from the directory's) (its five accounts and published posts), as the poll and webhooks would leave them:
 * three in ten open, one in twenty assigned to the user, one in twenty labelled `billing` and one in five hundred
 * `vip` (a rare label), one every 30 s back from `now`. Written before the Worker starts, like the analytics seed.
 */
export function seedInbox(directoryFile: string, file: string, items: number, email: string, now: number): void {
  const directory = new DatabaseSync(directoryFile, { readOnly: true });
  const { id: userId } = directory.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: string };
  directory.close();
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;");
  const accounts = db
    .prepare("SELECT id, platform FROM connected_accounts WHERE workspace_id = ? ORDER BY id")
    .all(userId) as Array<{ id: string; platform: string }>;
  const targets = db
    .prepare("SELECT id, post_id, account_id, remote_id FROM post_targets WHERE workspace_id = ? LIMIT 1000")
    .all(userId) as Array<{ id: string; post_id: string; account_id: string; remote_id: string }>;
  const insertItem = db.prepare(
    "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, post_id, target_id, post_remote_id, author, text, created_at, received_at, status, assignee_id, rules_applied_at) VALUES (?1, ?2, ?3, ?4, ?5, 'comment', ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?12, ?13, ?11)",
  );
  const insertLabel = db.prepare("INSERT INTO inbox_labels (item_id, workspace_id, label) VALUES (?, ?, ?)");
  db.exec("BEGIN");
  for (let i = 0; i < items; i++) {
    const id = randomUUID();
    const target = targets[i % targets.length]!;
    const account = accounts.find((a) => a.id === target.account_id) ?? accounts[i % accounts.length]!;
    const at = now - i * 30_000;
    insertItem.run(
      id,
      userId,
      account.id,
      account.platform,
      `bench-comment-${i}`,
      target.post_id,
      target.id,
      target.remote_id,
      `Visitor ${i % 997}`,
      `Comment ${i}: when do you open on Sunday?`,
      at,
      i % 10 < 3 ? "open" : "done",
      i % 20 === 0 ? userId : null,
    );
    if (i % 20 === 7) insertLabel.run(id, userId, "billing");
    if (i % 500 === 3) insertLabel.run(id, userId, "vip");
  }
  db.exec("COMMIT");
  db.close();
}

/** The list as the inbox page asks for it, with each filter it offers, the next page, and the sidebar's count. */
export const INBOX_PATHS = (olderThan: number) => [
  "/api/inbox",
  "/api/inbox?status=all",
  "/api/inbox?status=done&platform=facebook",
  "/api/inbox?assigned=me",
  "/api/inbox?status=all&label=billing",
  "/api/inbox?status=all&label=vip",
  "/api/inbox?status=open&label=vip",
  `/api/inbox?status=all&before=${olderThan}`,
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
  const rows: BenchRow[] = [];
  // The next page from the middle of the inbox: half of it is newer.
  for (const path of INBOX_PATHS(now - Math.floor(items / 2) * 30_000))
    rows.push(
      await readRow(
        client,
        path,
        bearer,
        requests,
        `Inbox ${path.replace("/api/inbox", "") || "list"} (${size} items)`,
        `${size} items in the workspace`,
      ),
    );
  return rows;
}

import { pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { d1File } from "../scripts/local-worker.ts";

/**
 * Writes bulk analytics data straight into the local D1 file before the Worker starts: the API would take
 * hours to create a million snapshots. Rows have the shape the app writes (same tables and columns).
 * The derived analytics state (each snapshot's deltas and `post_metrics_current`) is filled by the same
 * insert triggers that fill it for the sync (migration 0010), so the seed writes snapshots only, as the sync does.
 */
const b64url = (b: Buffer) => b.toString("base64url");

/** The app's password format (workers/auth/passwords.ts), so the seeded user can sign in through the API. */
export function passwordHash(password: string): string {
  const salt = randomBytes(16);
  return `pbkdf2-sha256$100000$${b64url(salt)}$${b64url(pbkdf2Sync(password, salt, 100_000, 32, "sha256"))}`;
}

// bench/run.ts and bench/staging.ts read the same file after a run.
export { d1File };

const PLATFORMS = ["instagram", "facebook", "linkedin", "twitter", "youtube"] as const;

export interface SeedSize {
  posts: number;
  snapshotsPerPost: number;
  otherUsers: number;
}

/** One user with `posts` published posts and `snapshotsPerPost` snapshots each, among other users with a tenth as much. */
export function seedAnalytics(persistTo: string, size: SeedSize, user: { email: string; password: string }) {
  const db = new DatabaseSync(d1File(persistTo));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;");
  const now = Date.now();
  const userRow = db.prepare(
    "INSERT INTO users (id, email, display_name, password_hash, timezone, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
  );
  const workspaceRow = db.prepare(
    "INSERT INTO workspaces (id, name, timezone, personal_user_id, created_at, updated_at) VALUES (?1, ?2, ?3, ?1, ?4, ?4)",
  );
  const ownerRow = db.prepare(
    "INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES (?1, ?1, 'owner', ?2)",
  );
  /** A user with their personal workspace (whose id is the user's, ADR 009), as sign-up creates them. */
  const insertUser = (id: string, email: string, name: string, hash: string, timezone: string) => {
    userRow.run(id, email, name, hash, timezone, now);
    workspaceRow.run(id, `${name}'s workspace`, timezone, now);
    ownerRow.run(id, now);
  };
  const insertAccount = db.prepare(
    "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc, created_at, updated_at) VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?6, 'business', 'seeded', ?7, ?8)",
  );
  const insertPost = db.prepare(
    "INSERT INTO posts (id, workspace_id, user_id, content, hashtags, status, scheduled_at, timezone, published_at, created_at, updated_at, platforms) VALUES (?1, ?2, ?2, ?3, ?4, 'published', ?5, 'Europe/Berlin', ?6, ?7, ?8, ?9)",
  );
  const insertTarget = db.prepare(
    "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status, due_at, remote_id, published_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'published', ?, ?, ?, ?, ?)",
  );
  const insertSnapshot = db.prepare(
    "INSERT INTO post_metric_snapshots (id, target_id, post_id, account_id, workspace_id, platform, taken_at, impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  let benchUserId = "";
  const fill = (userId: string, posts: number) => {
    const accounts = PLATFORMS.map((platform) => {
      const id = randomUUID();
      insertAccount.run(
        id,
        userId,
        platform,
        `seed-${id.slice(0, 8)}`,
        `${platform}_seed`,
        `${platform} seed`,
        now,
        now,
      );
      return { id, platform };
    });
    for (let i = 0; i < posts; i++) {
      const postId = randomUUID();
      const targetId = randomUUID();
      const account = accounts[i % accounts.length]!;
      // Every snapshot (hourly after publishing) is in the past, as a sync's are.
      const publishedAt = now - Math.floor((i / posts) * 365 * 86_400_000) - (size.snapshotsPerPost + 1) * 3_600_000;
      insertPost.run(
        postId,
        userId,
        `Seeded post ${i} #growth #tips`,
        JSON.stringify(["growth", "tips"]),
        publishedAt,
        publishedAt,
        publishedAt,
        publishedAt,
        JSON.stringify([account.platform]),
      );
      insertTarget.run(
        targetId,
        postId,
        userId,
        account.platform,
        account.id,
        publishedAt,
        `remote-${i}`,
        publishedAt,
        publishedAt,
        publishedAt,
      );
      for (let s = 0; s < size.snapshotsPerPost; s++) {
        const g = s + 1;
        insertSnapshot.run(
          randomUUID(),
          targetId,
          postId,
          account.id,
          userId,
          account.platform,
          publishedAt + g * 3_600_000,
          100 * g,
          80 * g,
          10 * g,
          g,
          g,
          0,
          2 * g,
          0,
        );
      }
    }
  };
  db.exec("BEGIN");
  benchUserId = randomUUID();
  insertUser(benchUserId, user.email, "Bench User", passwordHash(user.password), "Europe/Berlin");
  fill(benchUserId, size.posts);
  for (let u = 0; u < size.otherUsers; u++) {
    const id = randomUUID();
    insertUser(id, `other-${u}-${id.slice(0, 6)}@bench.local`, `Other ${u}`, "pbkdf2-sha256$1$x$x", "UTC");
    fill(id, Math.ceil(size.posts / 10));
  }
  db.exec("COMMIT");
  db.close();
  return benchUserId;
}

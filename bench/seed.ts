import { createHash, pbkdf2Sync, randomBytes } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { d1File } from "../scripts/local-worker.ts";

/**
 * Writes bulk analytics data straight into the local D1 files before the Worker starts: the API would take
 * hours to create a million snapshots. Users, workspaces and memberships go to the directory (`DB`), each
 * workspace's rows to the shard `placeSeeded` picks, as sign-up would have placed it (ADR 081). Rows have the shape the app writes (same tables and columns), and
 * the seed writes snapshots only, as the sync does: each snapshot's deltas and `post_metrics_current` (ADR 008)
 * come from the insert triggers of migration 0010.
 * The rollups' ~44 triggers (ADR 023) made that insert take ~45 min at full size, so a fast seed drops them
 * for the insert and restores them unchanged; the rollups are then rebuilt through the Worker's repair route
 * (`rebuildRollups`, bench/run.ts), which recomputes every rollup but not ADR 008's state, whose triggers stay.
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

export interface SeedOptions {
  /** The seed's clock: every timestamp counts back from it, so two seeds with the same clock write the same rows. */
  now: number;
  /** Insert with the rollups' triggers dropped (rebuild the rollups afterwards); false inserts through every trigger. */
  fast: boolean;
}

/** The local D1 files to seed: the directory's and each shard's (the directory's file may be a shard too). */
export interface SeedFiles {
  directory: string;
  shards: Array<{ shard: string; file: string }>;
}

export interface Seeded {
  /** Every seeded user, owner of their personal workspace, the bench user first: the rebuild signs in as each. */
  owners: Array<{ email: string; password: string }>;
  /** The tables the triggers write (ADR 008's state and every rollup): what a fast seed must leave as the triggers would. */
  derivedTables: string[];
  /** Each seeded workspace's shard, the bench user's first. */
  placed: string[];
}

/** The triggers that keep ADR 008's state, which `rebuildRollups` does not recompute: a fast seed keeps them. */
const KEPT_TRIGGERS = ["post_metric_snapshots_deltas", "post_metric_snapshots_current"];

/** UUID-shaped ids from a counter: the same in every seed, and scattered over the keys as random UUIDs are. */
const seededId = (n: number) => {
  const h = createHash("md5").update(`bench-${n}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * One user with `posts` published posts and `snapshotsPerPost` snapshots each, among other users with a tenth as
 * much, written into the SQLite file `file`. Every user signs in with `user.password`.
 */
export function seedAnalytics(
  files: SeedFiles,
  size: SeedSize,
  user: { email: string; password: string },
  { now, fast }: SeedOptions,
): Seeded {
  const open = new Map<string, DatabaseSync>();
  const dbOf = (file: string) => {
    let db = open.get(file);
    if (!db) {
      db = new DatabaseSync(file);
      db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;");
      open.set(file, db);
    }
    return db;
  };
  const directory = dbOf(files.directory);
  const shards = files.shards.map((s) => ({ ...s, db: dbOf(s.file), rows: 0, workspaces: 0 }));
  let ids = 0;
  const nextId = () => seededId(ids++);
  const userRow = directory.prepare(
    "INSERT INTO users (id, email, display_name, password_hash, timezone, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
  );
  const ownerRow = directory.prepare(
    "INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES (?1, ?1, 'owner', ?2)",
  );
  const placed: string[] = [];
  // The directory's own rows (user, workspace, membership) weigh on it as a shard, as their bytes do for placement.
  const home = shards.find((s) => s.db === directory);
  /**
   * A user with their personal workspace (whose id is the user's, ADR 009), as sign-up creates them: the workspace
   * placed first, its row and the user's stand-in on a shard that is not the directory (ADR 081), then the
   * directory's rows. Returns the shard's statements for the workspace's own rows.
   */
  const insertUser = (id: string, email: string, name: string, hash: string, timezone: string, rows: number) => {
    if (home) home.rows += 3;
    const shard = placeSeeded(shards);
    shard.rows += rows;
    shard.workspaces += 1;
    placed.push(shard.shard);
    if (shard.db !== directory) {
      shard.db
        .prepare(
          "INSERT INTO users (id, email, display_name, password_hash, created_at, updated_at) VALUES (?1, ?2, '', '!', 0, 0)",
        )
        .run(id, `${id}@anchor.invalid`);
      workspaceRow(shard.db).run(id, `${name}'s workspace`, timezone, now, shard.shard);
    }
    userRow.run(id, email, name, hash, timezone, now);
    workspaceRow(directory).run(id, `${name}'s workspace`, timezone, now, shard.shard);
    ownerRow.run(id, now);
    return statements(shard.db);
  };
  const fill = (userId: string, posts: number, on: ReturnType<typeof statements>) => {
    const accounts = PLATFORMS.map((platform) => {
      const id = nextId();
      on.account.run(id, userId, platform, `seed-${id.slice(0, 8)}`, `${platform}_seed`, `${platform} seed`, now, now);
      return { id, platform };
    });
    for (let i = 0; i < posts; i++) {
      const postId = nextId();
      const targetId = nextId();
      const account = accounts[i % accounts.length]!;
      // Every snapshot (hourly after publishing) is in the past, as a sync's are.
      const publishedAt = now - Math.floor((i / posts) * 365 * 86_400_000) - (size.snapshotsPerPost + 1) * 3_600_000;
      on.post.run(
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
      on.target.run(
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
        on.snapshot.run(
          nextId(),
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
  const rowsOf = (posts: number) => posts * (2 + size.snapshotsPerPost) + PLATFORMS.length;
  const hash = passwordHash(user.password);
  const owners = [user];
  const dbs = [...open.values()];
  for (const db of dbs) db.exec("BEGIN");
  const triggers = triggerSql(directory);
  const dropped = fast ? triggers.filter((t) => !KEPT_TRIGGERS.includes(t.name)) : [];
  for (const db of dbs) for (const t of dropped) db.exec(`DROP TRIGGER "${t.name}"`);
  const benchUserId = nextId();
  const benchRows = insertUser(benchUserId, user.email, "Bench User", hash, "Europe/Berlin", rowsOf(size.posts));
  fill(benchUserId, size.posts, benchRows);
  for (let u = 0; u < size.otherUsers; u++) {
    const other = { email: `other-${u}@bench.local`, password: user.password };
    const id = nextId();
    const posts = Math.ceil(size.posts / 10);
    fill(id, posts, insertUser(id, other.email, `Other ${u}`, hash, "UTC", rowsOf(posts)));
    owners.push(other);
  }
  // Recreated from their own SQL in their original order, which decides the order triggers on one table fire in.
  for (const db of dbs) {
    for (const t of dropped) db.exec(t.sql);
    if (JSON.stringify(triggerSql(db)) !== JSON.stringify(triggers))
      throw new Error("the seed did not restore the triggers");
    db.exec("COMMIT");
  }
  const derivedTables = writtenTables(directory, triggers);
  for (const db of dbs) db.close();
  return { owners, derivedTables, placed };
}

/**
 * The placement rule (ADR 081, `emptiest` in workers/db/placement.ts) over what the seed has written so far: the
 * shard with the fewest seeded rows, then the fewest workspaces, then the first listed. The seed places before it
 * writes, so a workspace's own rows count for its shard, as its bytes would for the next sign-up's placement.
 */
function placeSeeded<S extends { rows: number; workspaces: number }>(shards: S[]): S {
  return shards.reduce((best, s) =>
    s.rows < best.rows || (s.rows === best.rows && s.workspaces < best.workspaces) ? s : best,
  );
}

const workspaceRow = (db: DatabaseSync) =>
  db.prepare(
    "INSERT INTO workspaces (id, name, timezone, personal_user_id, created_at, updated_at, shard) VALUES (?1, ?2, ?3, ?1, ?4, ?4, ?5)",
  );

/** The insert statements for a workspace's own rows on its shard. */
function statements(db: DatabaseSync) {
  return {
    account: db.prepare(
      "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc, created_at, updated_at) VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?6, 'business', 'seeded', ?7, ?8)",
    ),
    post: db.prepare(
      "INSERT INTO posts (id, workspace_id, user_id, content, hashtags, status, scheduled_at, timezone, published_at, created_at, updated_at, platforms) VALUES (?1, ?2, ?2, ?3, ?4, 'published', ?5, 'Europe/Berlin', ?6, ?7, ?8, ?9)",
    ),
    target: db.prepare(
      "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status, due_at, remote_id, published_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'published', ?, ?, ?, ?, ?)",
    ),
    snapshot: db.prepare(
      "INSERT INTO post_metric_snapshots (id, target_id, post_id, account_id, workspace_id, platform, taken_at, impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
  };
}

function triggerSql(db: DatabaseSync) {
  return db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY rowid").all() as Array<{
    name: string;
    sql: string;
  }>;
}

/**
 * The tables the triggers' bodies insert into or update: the state they derive. (A trigger that only deletes from a
 * table, as 0030's clears a deleted media item's `post_media` rows first, derives nothing there.)
 */
function writtenTables(db: DatabaseSync, triggers: Array<{ sql: string }>) {
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>).map(
      (t) => t.name,
    ),
  );
  const written = new Set<string>();
  for (const t of triggers)
    for (const m of t.sql.matchAll(/(?:INSERT(?: OR \w+)? INTO|UPDATE)\s+`?(\w+)/gi))
      if (tables.has(m[1]!)) written.add(m[1]!);
  return [...written].sort();
}

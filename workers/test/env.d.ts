declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Days the suite's wall clock is moved by (npm run test:dates). */
    TEST_CLOCK_SHIFT_DAYS: string;
    MIGRATION_DB: D1Database;
    /** A second workspace shard, its own file (workers/shards/move.test.ts). */
    SHARD_B: D1Database;
    /** An empty database for the inbox migration (0054) test alone. */
  }
}

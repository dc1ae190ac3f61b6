declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Days the suite's wall clock is moved by (npm run test:dates). */
    TEST_CLOCK_SHIFT_DAYS: string;
    MIGRATION_DB: D1Database;
    /** The workers project's two more workspace databases (ADR 081); WORKSPACE_DBS lists them when set. */
    SHARD_B: D1Database;
    SHARD_C: D1Database;
    WORKSPACE_DBS?: string;
  }
}

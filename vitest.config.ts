import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** TEST_CLOCK_SHIFT_DAYS runs the whole suite as on another day; the dates project adds a year to it. */
const baseShiftDays = Number(process.env.TEST_CLOCK_SHIFT_DAYS ?? "0");
/**
 * What a dated contract reaches: every platform client's calls and the emulator's side of them (API versions, their
 * sunsets, token and media expiries), and the first six networks' fault suite, which also keeps publishing proven on
 * the one-database layout. The other networks' fault suites ran here too until session 23; what they add
 * (exactly-once under faults) does not move with the calendar, and their clients' dated calls are proven here.
 */
const DATED_SUITES = [
  "workers/platforms/**/*.test.ts",
  "workers/emulator/**/*.test.ts",
  "workers/publishing/faults.test.ts",
];
/**
 * The packages the Worker and its tests import, pre-bundled once by esbuild (cached under node_modules/.vite).
 * The Workers pool inlines every dependency, so without this Vite transformed each of their files (date-fns, zod,
 * drizzle, the MCP SDK: thousands) for each project, with their source maps: the `dates` project used ~17 % less
 * CPU with it (bench/RESULTS.md, suite time). A package left off is only transformed file by file, as before.
 */
const PREBUNDLED = [
  "@atproto/api",
  "@atproto/jwk-webcrypto",
  "@atproto/oauth-client",
  "@date-fns/tz",
  "@modelcontextprotocol/sdk/client/auth.js",
  "@modelcontextprotocol/sdk/client/index.js",
  "@modelcontextprotocol/sdk/server/mcp.js",
  "@modelcontextprotocol/sdk/types.js",
  "@modelcontextprotocol/sdk/validation/cfworker",
  "@oslojs/crypto/sha2",
  "@oslojs/encoding",
  "@pdf-lib/fontkit",
  "@remix-run/multipart-parser",
  "ajv-formats",
  "ajv/dist/2020",
  "arctic",
  "crc-32",
  "date-fns",
  "drizzle-orm",
  "drizzle-orm/batch",
  "drizzle-orm/d1",
  "drizzle-orm/sqlite-core",
  "exceljs",
  "feedsmith",
  "fflate",
  "file-type/core",
  "hono",
  "hono/body-limit",
  "hono/cookie",
  "hono/cors",
  "hono/factory",
  "hono/html",
  "hono/request-id",
  "hono/utils/cookie",
  "hono/utils/http-status",
  "image-size",
  "isbot",
  "masto",
  "openai",
  "openapi-fetch",
  "papaparse",
  "pdf-lib",
  "react",
  "react-dom/server",
  "react-router",
  "read-excel-file/universal",
  "standardwebhooks",
  "twitter-text",
  "unpdf",
  "zod",
  "zod/mini",
];
/** What only happens while the directory is the only shard (ADR 050's early read): the one-shard `dates` run alone. */
const ONE_SHARD_SUITES = ["workers/workspaces/early-read.test.ts"];

/**
 * The app's Worker in workerd (one runtime shared by a project's files), with its clock moved `shiftDays` and its
 * workspaces' data on the shards `workspaceDbs` names (ADR 081, 106).
 */
function workerProject(
  name: string,
  shiftDays: number,
  workspaceDbs: string,
  include: string[],
  exclude: string[] = [],
): TestProjectInlineConfiguration {
  return {
    plugins: [
      {
        // mediabunny's Node file helpers (node:fs) are unused here and trip the test runner's module
        // loader; the Worker build bundles them fine. Give the tests an empty module instead.
        name: "mediabunny-without-node-fs",
        enforce: "pre",
        resolveId: (id, importer) =>
          id === "./node.js" && importer?.includes("/mediabunny/") ? here("./workers/test/empty-module.ts") : null,
      },
      cloudflareTest(async () => ({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            APP_ENV: "test",
            DEV_ROUTES: "true",
            TEST_MIGRATIONS: await readD1Migrations(here("./migrations")),
            TEST_CLOCK_SHIFT_DAYS: String(shiftDays),
            WORKSPACE_DBS: workspaceDbs,
          },
          // An empty database for migration tests, which apply the migrations step by step themselves; two more
          // workspace databases beside the directory DB, each its own file, migrated and emptied before every
          // test file as DB is (workers/test/apply-migrations.ts; ADR 081, 106).
          d1Databases: { MIGRATION_DB: "migration-test", SHARD_B: "shard-b", SHARD_C: "shard-c" },
          // The static assets from public/ (the PDF export's fonts, scripts/copy-fonts.ts), not the build's
          // build/client: `npm test` builds beside this run, and a runtime starting while the build empties that
          // folder failed to start ("Directory … not found"), failing every file it was to run.
          assets: { directory: here("./public") },
        },
      })),
    ],
    resolve: {
      alias: { "virtual:react-router/server-build": here("./workers/test/server-build-stub.ts") },
    },
    test: {
      name,
      // Each test drives the real Worker, queue and emulator; a loaded 2-core machine needs more than 5 s.
      testTimeout: 30_000,
      // Starting a Worker runtime and loading the app costs ~8 s; one runtime per file made that most of
      // the suite's time. Files share a runtime and its storage, so tests never assume an empty database.
      isolate: false,
      hookTimeout: 30_000,
      include,
      exclude: ["workers/**/*.unit.test.ts", ...exclude],
      setupFiles: ["./workers/test/wall-clock.workers-setup.ts", "./workers/test/apply-migrations.ts"],
      server: { deps: { inline: ["mediabunny"] } },
      deps: { optimizer: { ssr: { enabled: true, include: PREBUNDLED } } },
      fsModuleCache: false,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest runs cores − 1 files at a time: one on 2 cores, so the unit files went one by one and the Worker
    // files waited on their queues with a core idle. The Worker files wait more than they compute (their runtimes
    // were ~40 % busy in a fresh-clone run, the two cores ~65 %), so three at a time on two cores: each file still
    // starts from freshly migrated tables (ADR 024, ADR 031, ADR 097).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: [
            "app/**/*.test.{ts,tsx}",
            "workers/**/*.unit.test.ts",
            "bench/**/*.test.ts",
            "scripts/**/*.test.ts",
            "e2e/**/*.test.ts",
          ],
          setupFiles: ["./workers/test/wall-clock.node-setup.ts"],
          // Pure tests keep nothing at module level: evaluating the shared modules once per worker instead of once
          // per file took the project from ~110 s to ~35 s of CPU (bench/RESULTS.md, suite time).
          isolate: false,
        },
        resolve: { alias: { "~": here("./app") } },
      },
      // Every Worker test on three shards (ADR 106): placement puts new workspaces on the emptiest, and the
      // directory DB is the fullest, so nearly every feature is proven on a shard apart from the directory.
      workerProject("workers", baseShiftDays, "DB,SHARD_B,SHARD_C", ["workers/**/*.test.ts"], ONE_SHARD_SUITES),
      // The platform, emulator and fault suites again a year ahead (ADR 051): a dated contract that would lapse
      // within the year fails here, in the same run and pool as the rest (no second vitest start). This project
      // keeps the directory as the only shard, so the one-database layout (`npm start`, a first deploy; the
      // early read of ADR 050 and one-batch writes) keeps its coverage.
      workerProject("dates", baseShiftDays + 365, "DB", [...DATED_SUITES, ...ONE_SHARD_SUITES]),
    ],
  },
});

import { defineConfig } from "vitest/config";
import { LongestFirst } from "./e2e/sequencer.ts";

/**
 * Browser journeys against the built Worker on real local servers (workerd, see e2e/global-setup.ts): two
 * files at a time, each on its own server (ADR 031). Most of a journey is waiting on the server, not CPU.
 */
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["./e2e/global-setup.ts"],
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    // One process per worker for all its files: a file's import of playwright-core and the helpers, and Chromium's
    // start, are paid once per worker. Journeys keep nothing at module level that another file could see (each
    // gets a fresh browser context in the worker's one Chromium, e2e/browser.ts).
    isolate: false,
    // A poll waits as long as a locator's waitFor (Playwright's 30 s), not vitest's 1 s: two journeys side by
    // side on 2 cores render a lazily loaded chart in more than a second (analytics.e2e.ts did not, once).
    expect: { poll: { timeout: 30_000 } },
    // Vitest runs beside the journeys in `npm test` (ADR 097): a step that takes 20 s alone may take twice that.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});

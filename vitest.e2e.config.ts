import { defineConfig } from "vitest/config";
import { LongestFirst } from "./e2e/sequencer.ts";

/**
 * Browser journeys against the built Worker on real `wrangler dev` servers (see e2e/global-setup.ts): two
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
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});

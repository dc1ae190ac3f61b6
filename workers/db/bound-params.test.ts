import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EXTRA_SHARDS } from "../test/shard-bindings";
import { D1_MAX_PARAMS } from "./chunks";

/** `SELECT ?, ?, …` with `n` numbers bound. */
const selectOf = (d1: D1Database, n: number) => {
  const values = Array.from({ length: n }, (_, i) => i);
  return d1.prepare(`SELECT ${values.map(() => "?").join(", ")}`).bind(...values);
};

// Deployed D1 refuses a statement binding more than 100 parameters. The test runtime's D1 (workerd's SQLite) refuses
// it too, in SQLite's words, alone or in a batch, so every Worker test already fails on such a statement and no guard
// of the app's own is needed. This pins it: were a runtime update to lift the local limit, the suite would say so.
describe("D1's bound-parameter limit in the test runtime", () => {
  for (const binding of ["DB", ...EXTRA_SHARDS] as const)
    it(`${binding}: ${D1_MAX_PARAMS} bound parameters run, one more is refused`, async () => {
      const d1 = (env as unknown as Record<string, D1Database>)[binding]!;
      expect(await selectOf(d1, D1_MAX_PARAMS).raw()).toEqual([Array.from({ length: D1_MAX_PARAMS }, (_, i) => i)]);
      const refused = "D1_ERROR: too many SQL variables at offset";
      await expect(selectOf(d1, D1_MAX_PARAMS + 1).raw()).rejects.toThrow(refused);
      await expect(d1.batch([selectOf(d1, D1_MAX_PARAMS + 1)])).rejects.toThrow(refused);
    });
});

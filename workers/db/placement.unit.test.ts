import { describe, expect, it } from "vitest";
import { DEVELOPMENT_SECRETS } from "../env";
import { emptiest, placeNew, shardSizes } from "./placement";
import { D1_MAX_BYTES } from "./shard-size";

const vars = { APP_ENV: "test", PLATFORMS_MODE: "sandbox", MAILER: "devmailbox", ...DEVELOPMENT_SECRETS };
/** A D1 binding whose every statement reports the database at `bytes` (D1's `meta.size_after`). */
const sized = (bytes: number, placed: { shard: string; n: number }[] = []) =>
  ({
    prepare: () => ({
      run: async () => ({ success: true, results: [], meta: { size_after: bytes } }),
      all: async () => ({ success: true, results: placed, meta: {} }),
    }),
    batch: async () => [],
  }) as unknown as D1Database;
const load = (shard: string, bytes: number, workspaces = 0) => ({ shard, bytes, workspaces });

describe("placing a new workspace", () => {
  it("goes to the shard holding the fewest bytes; a tie to the one with fewer workspaces, then the one listed first", () => {
    expect(emptiest([load("DB", 900), load("B", 300, 5), load("C", 500)])).toBe("B");
    expect(emptiest([load("DB", 900), load("B", 300, 2), load("C", 300, 1)])).toBe("C");
    expect(emptiest([load("DB", 900), load("B", 300, 1), load("C", 300, 1)])).toBe("B");
    expect(emptiest([load("C", 300), load("B", 300)])).toBe("C");
  });

  it("reads each shard's size from D1's own metadata and reports it against D1's 10 GB", async () => {
    const env = {
      ...vars,
      // The directory places three workspaces on SHARD_B already.
      DB: sized(8e9, [{ shard: "SHARD_B", n: 3 }]),
      SHARD_B: sized(1e9),
      SHARD_C: sized(2e9),
      WORKSPACE_DBS: "DB,SHARD_B,SHARD_C",
    };
    expect(await placeNew(env)).toBe("SHARD_B");
    // Equal sizes: the shard with fewer workspaces, so new shards fill in turn.
    expect(await placeNew({ ...env, SHARD_C: sized(1e9) })).toBe("SHARD_C");
    expect(await shardSizes(env)).toEqual([
      { shard: "DB", bytes: 8e9, share: 0.8 },
      { shard: "SHARD_B", bytes: 1e9, share: 0.1 },
      { shard: "SHARD_C", bytes: 2e9, share: 0.2 },
    ]);
    expect(D1_MAX_BYTES).toBe(10e9);
  });
});

import { describe, expect, it } from "vitest";
import { DEVELOPMENT_SECRETS } from "../env";
import { D1_MAX_BYTES, emptiest, placeNew, shardSizes } from "./placement";

const vars = { APP_ENV: "test", PLATFORMS_MODE: "sandbox", MAILER: "devmailbox", ...DEVELOPMENT_SECRETS };
/** A D1 binding whose every statement reports the database at `bytes` (D1's `meta.size_after`). */
const sized = (bytes: number) =>
  ({
    prepare: () => ({ run: async () => ({ success: true, results: [], meta: { size_after: bytes } }) }),
    batch: async () => [],
  }) as unknown as D1Database;

describe("placing a new workspace", () => {
  it("goes to the shard holding the fewest bytes, a tie to the one listed first", () => {
    expect(
      emptiest([
        { shard: "DB", bytes: 900 },
        { shard: "B", bytes: 300 },
        { shard: "C", bytes: 500 },
      ]),
    ).toBe("B");
    expect(
      emptiest([
        { shard: "DB", bytes: 900 },
        { shard: "B", bytes: 300 },
        { shard: "C", bytes: 300 },
      ]),
    ).toBe("B");
    expect(
      emptiest([
        { shard: "C", bytes: 300 },
        { shard: "B", bytes: 300 },
      ]),
    ).toBe("C");
  });

  it("reads each shard's size from D1's own metadata and reports it against D1's 10 GB", async () => {
    const env = {
      ...vars,
      DB: sized(8e9),
      SHARD_B: sized(1e9),
      SHARD_C: sized(2e9),
      WORKSPACE_DBS: "DB,SHARD_B,SHARD_C",
    };
    expect(await placeNew(env)).toBe("SHARD_B");
    expect(await shardSizes(env)).toEqual([
      { shard: "DB", bytes: 8e9, share: 0.8 },
      { shard: "SHARD_B", bytes: 1e9, share: 0.1 },
      { shard: "SHARD_C", bytes: 2e9, share: 0.2 },
    ]);
    expect(D1_MAX_BYTES).toBe(10e9);
  });
});

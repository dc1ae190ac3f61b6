import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { allRendered, batchReads } from "./batch-reads";
import { createDb } from "./client";

describe("reads rendered once per isolate (ADR 048)", () => {
  it("go in their turn's batch beside raw reads, each bound to its own values, and refuse a value their text has no place for", async () => {
    const batches: number[] = [];
    const d1 = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch")
          return (statements: D1PreparedStatement[]) => {
            batches.push(statements.length);
            return target.batch(statements);
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const db = batchReads(createDb(d1));
    const build = () => sql`select ${sql.placeholder("n")} * 10 as n`;
    const tenfold = (n: number) => allRendered<{ n: number }>(db, "batch-reads.test:tenfold", build, { n });
    const answers = await Promise.all([tenfold(2), tenfold(3), db.all<{ n: number }>(sql`select ${4} as n`)]);
    expect(answers).toEqual([[{ n: 20 }], [{ n: 30 }], [{ n: 4 }]]);
    // One round trip for the three.
    expect(batches).toEqual([3]);
    expect(() => allRendered(db, "batch-reads.test:tenfold", build, { n: 2, m: 3 })).toThrow(
      'statement "batch-reads.test:tenfold" has no placeholder "m"',
    );
  });
});

import { drizzle } from "drizzle-orm/d1";
import { expect, it } from "vitest";
import { D1_MAX_PARAMS } from "../db/chunks";
import type { Db } from "../db/client";
import { insertTargets } from "./target-writes";

const plain = (i: number) => ({
  id: `target-${i}`,
  postId: "post",
  workspaceId: "ws",
  accountId: `account-${i}`,
  platform: "twitter" as const,
  status: "scheduled" as const,
  createdAt: 1,
  updatedAt: 1,
});

it("a post's channels go in statements D1 takes, sized by the row that binds most, each channel once", () => {
  const db = drizzle({} as D1Database) as unknown as Db;
  // 550 channels (the most a post names); every seventh gives more columns (a due time, an error) and binds more.
  const rows = Array.from({ length: 550 }, (_, i) =>
    i % 7 === 3 ? { ...plain(i), dueAt: 5, attemptCount: 2, errorKind: "transient", errorMessage: "x" } : plain(i),
  );
  const statements = insertTargets(db, rows as never).map((s) => s.toSQL());
  for (const s of statements) expect(s.params.length).toBeLessThanOrEqual(D1_MAX_PARAMS);
  const written = statements.flatMap((s) => s.params.filter((p) => typeof p === "string" && p.startsWith("target-")));
  expect(written).toEqual(rows.map((r) => r.id));
  expect(insertTargets(db, [])).toEqual([]);
});

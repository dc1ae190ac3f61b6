import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import rollupsSql from "./rollups.sql?raw";
import { diffTriggerSets, normalizeSql, splitTriggers, type Trigger } from "./trigger-set";

/**
 * rollups.sql is the database's trigger set (ADR 052): the migrated test database holds exactly its triggers,
 * whitespace aside. A change to the file without its migration (`npm run db:rollups`), or a migration that
 * changes a trigger past the file, fails here with the trigger's name.
 */
describe("the trigger set", () => {
  it("equals workers/analytics/rollups.sql after all migrations", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name",
    ).all<Trigger>();
    const file = splitTriggers(rollupsSql);
    const diff = diffTriggerSets(file, results);
    expect
      .soft(diff, "rollups.sql vs the migrated database (npm run db:rollups writes the migration)")
      .toEqual({ differs: [], onlyInFile: [], onlyInDatabase: [] });
    // Where a trigger differs, how: the two texts, normalized, so the diff shows the changed words.
    const inDatabase = new Map(results.map((t) => [t.name, t.sql]));
    for (const { name, sql } of file.filter((t) => diff.differs.includes(t.name)))
      expect.soft(normalizeSql(inDatabase.get(name) ?? ""), `${name} in the database`).toBe(normalizeSql(sql));
  });

  it("reads the file the way SQLite stores a trigger", () => {
    const [first, second, ...rest] = splitTriggers(`-- a comment; with END in it
CREATE TRIGGER \`a\` AFTER INSERT ON \`t\` WHEN NEW.x = CASE WHEN 1 THEN 'x;END' ELSE 2 END
BEGIN
  SELECT 1; -- END;
  SELECT CASE 1 WHEN 1 THEN 2 END;
END;

CREATE TRIGGER b AFTER DELETE ON t BEGIN SELECT 1; END;
`);
    expect(rest).toEqual([]);
    expect(first?.name).toBe("a");
    expect(first?.sql.startsWith("CREATE TRIGGER `a`")).toBe(true);
    expect(first?.sql.endsWith("END")).toBe(true);
    expect(second).toEqual({ name: "b", sql: "CREATE TRIGGER b AFTER DELETE ON t BEGIN SELECT 1; END" });
    // Whitespace outside strings and comments is layout; a word or a string's content is not.
    expect(normalizeSql("SELECT  1,\n\t'a  b'")).toBe(normalizeSql("SELECT 1, 'a  b'"));
    expect(normalizeSql("SELECT 'a  b'")).not.toBe(normalizeSql("SELECT 'a b'"));
    expect(normalizeSql("SELECT 1 -- c\n, 2")).not.toBe(normalizeSql("SELECT 1 -- c , 2"));
    for (const wrong of [
      "CREATE TRIGGER IF NOT EXISTS a AFTER INSERT ON t BEGIN SELECT 1; END;",
      "CREATE TEMP TRIGGER a AFTER INSERT ON t BEGIN SELECT 1; END;",
      "DROP TRIGGER a;",
      "CREATE TRIGGER a AFTER INSERT ON t BEGIN SELECT 1; END",
      "CREATE TRIGGER a AFTER INSERT ON t BEGIN SELECT 1; END; CREATE TRIGGER a AFTER DELETE ON t BEGIN SELECT 1; END;",
    ])
      expect(() => splitTriggers(wrong), wrong).toThrow(/rollups\.sql/);
  });
});

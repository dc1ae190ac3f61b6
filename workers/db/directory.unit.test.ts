import { describe, expect, it } from "vitest";
import { DEVELOPMENT_SECRETS } from "../env";
import { dbFor, directoryIsOnlyShard, shardDb, shardNames } from "./directory";
import { placeNew } from "./placement";

/** Stand-ins for D1 bindings: only their identity matters to the directory. */
const fakeD1 = (name: string) => ({ name, prepare: () => null, batch: () => null }) as unknown as D1Database;
const vars = { APP_ENV: "test", PLATFORMS_MODE: "sandbox", MAILER: "devmailbox", ...DEVELOPMENT_SECRETS };
const DB = fakeD1("DB");
const SHARD_B = fakeD1("SHARD_B");

describe("the workspace directory", () => {
  it("with WORKSPACE_DBS unset, the directory database is the only shard and takes every workspace", async () => {
    const env = { ...vars, DB };
    expect(shardNames(env)).toEqual(["DB"]);
    // One shard: placed there without asking the database its size (the fake answers no query).
    expect(await placeNew(env)).toBe("DB");
    expect(dbFor(env, { shard: "DB" })).toBe(DB);
    // Work that has no workspace yet can only mean the one shard.
    expect(dbFor(env, null)).toBe(DB);
    expect(directoryIsOnlyShard(env)).toBe(true);
  });

  it("with two shards, each workspace gets its own database", () => {
    const env = { ...vars, DB, SHARD_B, WORKSPACE_DBS: "SHARD_B, DB" };
    expect(shardNames(env)).toEqual(["SHARD_B", "DB"]);
    expect(dbFor(env, { shard: "SHARD_B" })).toBe(SHARD_B);
    expect(dbFor(env, { shard: "DB" })).toBe(DB);
    expect(() => dbFor(env, null)).toThrow("find the workspace in the directory first");
    expect(directoryIsOnlyShard(env)).toBe(false);
    expect(directoryIsOnlyShard({ ...vars, DB, SHARD_B, WORKSPACE_DBS: "SHARD_B" })).toBe(false);
  });

  it("refuses a shard that is not listed or not a D1 binding", () => {
    const env = { ...vars, DB, SHARD_B, NOT_D1: "text", WORKSPACE_DBS: "DB,NOT_D1" };
    expect(() => shardDb(env, "SHARD_B")).toThrow('Workspace database "SHARD_B" is not a D1 binding');
    expect(() => shardDb(env, "NOT_D1")).toThrow('Workspace database "NOT_D1" is not a D1 binding');
    expect(() => shardNames({ ...vars, WORKSPACE_DBS: "DB,not a name" })).toThrow("WORKSPACE_DBS");
  });
});

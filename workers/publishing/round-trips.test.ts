import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { d1Meter } from "../db/read-meter";
import { publishOn } from "../inbox/published.test-helper";
import { buildServices } from "../services";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { shardOf } from "../test/shards";
import { publishDeps } from "./deps";

/**
 * A publish's D1 round trips (ADR 041): each is a wait on Cloudflare and a local D1 call's fixed cost in the burst,
 * so a new read on this path should join an existing batch rather than add a call.
 */
describe("a publish's round trips", () => {
  it("a text post on a Facebook Page, with no webhook endpoint, settles in 9 D1 calls", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "facebook");
    const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data
      .accounts as Array<{
      _id: string;
    }>;
    const workspaceId = (await call<"GET /api/workspaces">("/api/workspaces", { token: u.token })).body.data
      .workspaces[0]!.id;
    const shard = await shardOf(workspaceId);
    const meter = d1Meter();
    const deps = publishDeps(buildServices(env, Date.now, ORIGIN, { shard: () => shard, meter: meter.wrap }));
    await publishOn(
      { workspaceId, userId: u.user.id, accountId: accounts[0]!._id, platform: "facebook" },
      `Counted ${crypto.randomUUID().slice(0, 8)}`,
      deps,
    );
    expect(meter.calls()).toBe(9);
  });
});

import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { postTargets } from "../db/schema/index";
import { armFault } from "../test/oauth";
import { pinPost, pinsWith, pinterestUser, RECIPES_BOARD } from "../test/pinterest-fixtures";
import { clearFaults } from "../test/platform-sandbox";
import { dbOfTarget, drizzleOfTarget, publishDepsOf } from "../test/shards";
import { publishTarget } from "./consumer";

/**
 * Pinterest under faults (ADR 063): it keeps no idempotency key, so every case must end with exactly one pin
 * because a lost answer is looked up among the account's newest pins before anything is sent again.
 */
const deps = (targetId: string) => publishDepsOf(targetId);
const target = async (id: string) =>
  (await (await drizzleOfTarget(id)).select().from(postTargets).where(eq(postTargets.id, id)))[0]!;
const attempts = async (targetId: string) =>
  (
    await (
      await dbOfTarget(targetId)
    )
      .prepare("SELECT kind, outcome FROM publish_attempts WHERE target_id = ? ORDER BY started_at, rowid")
      .bind(targetId)
      .all()
  ).results;
const PIN = { method: "POST", path: "^/v5/pins$" };

afterEach(clearFaults);

describe("Pinterest fault suite", () => {
  it.each(["429", "500", "timeout"] as const)("a %s on the pin is retried later and pins once", async (mode) => {
    const user = await pinterestUser();
    const t = await pinPost(user, "queued");
    await armFault("pinterest", mode, 1, PIN);
    const first = await publishTarget(t.targetId, await deps(t.targetId));
    expect(first.ack).toBe(false);
    // A 429 waits for x-ratelimit-reset (a minute in the emulator's answer).
    if (mode === "429" && !first.ack) expect(first.delaySeconds).toBeGreaterThanOrEqual(50);
    expect(await pinsWith(t.text)).toBe(0);
    let next = await publishTarget(t.targetId, await deps(t.targetId));
    for (let i = 0; i < 2 && !next.ack; i++) next = await publishTarget(t.targetId, await deps(t.targetId));
    const row = await target(t.targetId);
    expect(row.status, row.errorMessage ?? "").toBe("published");
    expect(row.permalink).toBe(`https://www.pinterest.com/pin/${row.remoteId}/`);
    expect(await pinsWith(t.text)).toBe(1);
  });

  it("a lost answer to the pin is looked up and settled, never resent", async () => {
    const user = await pinterestUser();
    const t = await pinPost(user, "queued");
    await armFault("pinterest", "drop", 1, PIN);
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    const row = await target(t.targetId);
    expect(row.status, row.errorMessage ?? "").toBe("published");
    expect(await pinsWith(t.text)).toBe(1);
    expect(await attempts(t.targetId)).toEqual([
      { kind: "publish", outcome: "unknown" },
      { kind: "verify", outcome: "found" },
    ]);
  });

  it("a redelivered message pins once, on the chosen board with the channel's title", async () => {
    const user = await pinterestUser();
    const t = await pinPost(user, "queued");
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    expect(await pinsWith(t.text)).toBe(1);
    const pin = await env.DB.prepare("SELECT data FROM emu_objects WHERE kind = 'pin' AND data LIKE ?")
      .bind(`%${t.text}%`)
      .first<{ data: string }>();
    expect(JSON.parse(pin!.data)).toMatchObject({ board_id: RECIPES_BOARD, title: "Fresh bread", description: t.text });
  });

  it.each(["500", "drop"] as const)("a carousel of three images under a %s is one pin", async (mode) => {
    const user = await pinterestUser();
    const t = await pinPost(user, "queued", Date.now(), 3);
    await armFault("pinterest", mode, 1, PIN);
    let next = await publishTarget(t.targetId, await deps(t.targetId));
    for (let i = 0; i < 2 && !next.ack; i++) next = await publishTarget(t.targetId, await deps(t.targetId));
    const row = await target(t.targetId);
    expect(row.status, row.errorMessage ?? "").toBe("published");
    expect(await pinsWith(t.text)).toBe(1);
    const pin = await env.DB.prepare("SELECT data FROM emu_objects WHERE kind = 'pin' AND data LIKE ?")
      .bind(`%${t.text}%`)
      .first<{ data: string }>();
    expect(JSON.parse(pin!.data)).toMatchObject({ creative_type: "CAROUSEL" });
  });
});

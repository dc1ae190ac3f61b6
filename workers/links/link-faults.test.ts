import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { publishTarget } from "../publishing/consumer";
import { publishDeps } from "../publishing/deps";
import { insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { armFault, connectViaEmulator } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOf, servicesOn } from "../test/shards";

/** Short links under the fault switch: a retried or verified publish sends the same text, once (ADR 067). */
const deps = async (t: { workspaceId: string }) => publishDeps(await servicesOn(t.workspaceId));

async function trackedTarget(platform: "twitter" | "mastodon") {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, platform);
  const account = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts[0]!;
  await call("/api/links/settings", { token: u.token, method: "PUT", body: { enabled: true } });
  const marker = `Fault link ${crypto.randomUUID().slice(0, 8)}`;
  const { targetIds } = await insertScheduledPost(
    u.user.id,
    [{ accountId: account._id, platform, dueAt: Date.now(), status: "queued" }],
    `${marker} https://news.example/today`,
  );
  return { targetId: targetIds[0]!, marker, workspaceId: u.user.id };
}

async function published(marker: string) {
  const { results } = await env.DB.prepare(
    "SELECT data FROM emu_objects WHERE data LIKE ? AND kind IN ('post','tweet','status')",
  )
    .bind(`%${marker}%`)
    .all<{ data: string }>();
  return results.map((r) => r.data);
}

async function codesOf(t: { workspaceId: string; targetId: string }) {
  const { results } = await (await dbOf(t.workspaceId))
    .prepare("SELECT code FROM short_links WHERE target_id = ?")
    .bind(t.targetId)
    .all<{ code: string }>();
  return results.map((r) => r.code);
}

afterEach(clearFaults);

describe("short links under faults", () => {
  it("X: accept-then-drop is found by its text, with the same short link, and posted once", async () => {
    const t = await trackedTarget("twitter");
    await armFault("twitter", "drop", 1);
    expect(await publishTarget(t.targetId, await deps(t))).toEqual({ ack: true });
    const copies = await published(t.marker);
    const codes = await codesOf(t);
    expect(copies).toHaveLength(1);
    expect(codes).toHaveLength(1);
    expect(copies[0]).toContain(`/l/${codes[0]}`);
  });

  it("Mastodon: a 500 then a retry publishes once, with the link made on the first try", async () => {
    const t = await trackedTarget("mastodon");
    await armFault("mastodon", "500", 1, { method: "POST", path: "^/api/v1/statuses$" });
    const first = await publishTarget(t.targetId, await deps(t));
    expect(first.ack).toBe(false);
    const before = await codesOf(t);
    let next = await publishTarget(t.targetId, await deps(t));
    for (let i = 0; i < 2 && !next.ack; i++) next = await publishTarget(t.targetId, await deps(t));
    const copies = await published(t.marker);
    expect(copies).toHaveLength(1);
    expect(await codesOf(t)).toEqual(before);
    expect(copies[0]).toContain(`/l/${before[0]}`);
  });
});

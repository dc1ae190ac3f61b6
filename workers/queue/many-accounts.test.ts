import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chunksOf } from "../db/chunks";
import { insertAccounts, insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";

type User = Awaited<ReturnType<typeof registerUser>>;

/** A workspace with `n` X accounts. */
async function accounts(n: number) {
  const u = await registerUser();
  return { u, ids: await insertAccounts(u.user.id, "twitter", n, "x") };
}

const setSlots = (u: User, accountId: string) =>
  call<"PUT /api/queue/:accountId/slots">(`/api/queue/${accountId}/slots`, {
    token: u.token,
    method: "PUT",
    body: { slots: [{ day: 1, time: "09:00" }] },
  });

// D1 refuses a statement with more than 100 bound parameters (ADR 118). A workspace's accounts are not capped.
describe("queues of a workspace with many accounts", () => {
  it("copies an account's slots to the most accounts the route takes (100) and lists all 101 queues", async () => {
    const { u, ids } = await accounts(101);
    const [from, ...to] = ids;
    expect((await setSlots(u, from!)).status).toBe(200);
    const res = await call<"POST /api/queue/:accountId/copy-slots">(`/api/queue/${from}/copy-slots`, {
      token: u.token,
      body: { to },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.queues).toHaveLength(101);
    expect(res.body.data.queues.every((q) => q.slots.length === 1)).toBe(true);
    const list = await call<"GET /api/queue">("/api/queue", { token: u.token });
    expect(list.status, list.body.message).toBe(200);
    expect(list.body.data.queues).toHaveLength(101);
  });

  it("reorders the most waiting posts the route takes, 500", async () => {
    const { u, ids } = await accounts(1);
    const account = ids[0]!;
    const start = Date.now() + 24 * 3600_000;
    const targetIds: string[] = [];
    for (let i = 0; i < 500; i += 1) {
      const post = await insertScheduledPost(u.user.id, [
        { accountId: account, platform: "twitter", dueAt: start + i * 3600_000 },
      ]);
      targetIds.push(...post.targetIds);
    }
    const res = await call<"POST /api/queue/:accountId/reorder">(`/api/queue/${account}/reorder`, {
      token: u.token,
      body: { targetIds: targetIds.toReversed() },
    });
    expect(res.status, res.body.message).toBe(200);
  });

  it("adds a post on 150 accounts to each one's queue", async () => {
    const u = await registerUser();
    await env.DB.prepare("UPDATE workspaces SET media_required = 0 WHERE id = ?").bind(u.user.id).run();
    const selectedAccounts: Record<string, string[]> = {};
    for (const platform of ["twitter", "mastodon", "bluesky"] as const)
      selectedAccounts[platform] = await insertAccounts(u.user.id, platform, 50);
    const [from, ...to] = Object.values(selectedAccounts).flat();
    expect((await setSlots(u, from!)).status).toBe(200);
    for (const run of chunksOf(to, 100)) {
      const copied = await call<"POST /api/queue/:accountId/copy-slots">(`/api/queue/${from}/copy-slots`, {
        token: u.token,
        body: { to: run },
      });
      expect(copied.status, copied.body.message).toBe(200);
    }
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: "Next free slot everywhere",
        platforms: Object.keys(selectedAccounts),
        selectedAccounts,
        addToQueue: true,
      },
    });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.data.status).toBe("scheduled");
  });
});

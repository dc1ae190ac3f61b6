import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AnalyticsMessage } from "../analytics/sync";
import { enqueueDueSyncs } from "../analytics/sync";
import { CategoryStore } from "../categories/store";
import { FeedStore } from "../feeds/store";
import { InboxStore } from "../inbox/store";
import { movingWorkspaces } from "../tenancy/moving";
import { call, registerUser } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { drizzleOf } from "../test/shards";

const DAY = 86_400_000;
const flag = (id: string, to: string | null) =>
  env.DB.prepare("UPDATE workspaces SET moving_to = ?, move_step = ? WHERE id = ?")
    .bind(to, to && "copy", id)
    .run();

/** A fake analytics queue: the accounts the cron would have synced. */
function syncQueue() {
  const sent: string[] = [];
  const queue = {
    sendBatch: async (messages: { body: AnalyticsMessage }[]) =>
      void sent.push(...messages.map((m) => m.body.accountId)),
  } as unknown as Queue<AnalyticsMessage>;
  return { sent, queue };
}

describe("background jobs while a workspace moves (ADR 082)", () => {
  it("leave its rows alone while it is flagged and find its work again once the flag is cleared", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "twitter");
    const accountId = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts[0]!._id;
    const ws = (await call<"GET /api/workspaces">("/api/workspaces", { token: u.token })).body.data.workspaces[0]!.id;
    const feed = await call<"POST /api/feeds">("/api/feeds", {
      token: u.token,
      body: { url: `https://feeds.example/moving-${crypto.randomUUID().slice(0, 8)}.xml`, accountIds: [accountId] },
    });
    const category = await call<"POST /api/categories">("/api/categories", {
      token: u.token,
      body: { name: "Tips", slots: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, time: "09:00" })) },
    });
    expect([feed.status, category.status]).toEqual([201, 201]);
    const db = await drizzleOf(ws);
    const later = Date.now() + 30 * DAY;

    /** What each periodic job would pick of this workspace, given the directory's moving workspaces. */
    async function picked(alsoMoving: string[] = [], at = later) {
      const moving = [...alsoMoving, ...(await movingWorkspaces(env.DB))];
      const { sent, queue } = syncQueue();
      await enqueueDueSyncs({ db, now: () => at, queue, moving });
      const feeds = await new FeedStore(db).due(at, 10_000, moving);
      const categories = await new CategoryStore(db).due(at, 10_000, moving);
      const polls = await new InboxStore(db).accountsToPoll(at, 10_000, undefined, moving);
      return {
        analyticsSync: sent.includes(accountId),
        feedCheck: feeds.some((f) => f.id === feed.body.data.id),
        categoryRepeat: categories.some((c) => c.id === category.body.data.id),
        inboxPoll: polls.some((a) => a.id === accountId),
      };
    }

    await flag(ws, "SHARD_B");
    expect(await movingWorkspaces(env.DB)).toContain(ws);
    expect(await picked()).toEqual({ analyticsSync: false, feedCheck: false, categoryRepeat: false, inboxPoll: false });
    // However many move at once (past D1's 100 bound parameters), every job still runs and leaves them out.
    const many = Array.from({ length: 150 }, (_, i) => `moving-${i}`);
    expect(await picked(many)).toEqual({
      analyticsSync: false,
      feedCheck: false,
      categoryRepeat: false,
      inboxPoll: false,
    });
    // Flagged, it is read-only: a member's write waits for the move too.
    const refused = await call("/api/feeds", { token: u.token, body: { url: "https://feeds.example/x.xml" } });
    expect(refused.status).toBe(503);

    await flag(ws, null);
    expect(await picked()).toEqual({ analyticsSync: true, feedCheck: true, categoryRepeat: true, inboxPoll: true });
    // A month on (the sync above marked the account enqueued), with 150 others moving.
    expect(await picked(many, later + 30 * DAY)).toEqual({
      analyticsSync: true,
      feedCheck: true,
      categoryRepeat: true,
      inboxPoll: true,
    });
  });
});

import { inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { postTargets } from "../db/schema/index";
import { utcToLocal } from "../posts/schedule-time";
import { claimDueTargets, type PublishMessage } from "../publishing/claim";
import { insertAccount, insertScheduledPost } from "../test/fixtures";
import { call, registerUser, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { dbOf, drizzleOf } from "../test/shards";
import { withWallClockAt } from "../test/wall-clock";

type User = Awaited<ReturnType<typeof registerUser>>;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const daily = (...times: string[]) => EVERY_DAY.flatMap((day) => times.map((time) => ({ day, time })));
/**
 * Runs a test at the next 12:00 UTC of the suite's clock, 3 h or more from every slot the tests below fill (08:00 and
 * 20:00 UTC; 09:00 and 17:00 Berlin; 12:30 New York). They read the free slots in one request and queue or reorder in
 * the next: a first slot that came round in between (within the ~30 ms of a read and an add, or the ~150 ms of three
 * adds and a reorder, twice a day at real hours) was taken as the second one, or had left the queue (409).
 */
const atNoonUtc = (test: () => Promise<void>) => () => withWallClockAt(12 * 3600_000, test);

async function setSlots(u: User, accountId: string, body: unknown) {
  return call<"PUT /api/queue/:accountId/slots">(`/api/queue/${accountId}/slots`, {
    token: u.token,
    method: "PUT",
    body,
  });
}

async function queueOf(u: User, accountId: string, days = 14) {
  const res = await call<"GET /api/queue">(`/api/queue?accountId=${accountId}&days=${days}`, { token: u.token });
  expect(res.status).toBe(200);
  return res.body.data.queues[0] as {
    paused: boolean;
    timezone: string;
    slots: Array<{ day: number; time: string }>;
    upcoming: Array<{ at: string; slot: boolean; post: { postId: string; targetId: string; content: string } | null }>;
  };
}

function addToQueue(u: User, image: string, accounts: Record<string, string[]>, content: string) {
  return call<"POST /api/posts">("/api/posts", {
    token: u.token,
    body: {
      content,
      platforms: Object.keys(accounts),
      selectedAccounts: accounts,
      images: [image],
      addToQueue: true,
    },
  });
}

describe("queue time slots", () => {
  it("saves weekly slots, refuses malformed ones with their reason, and keeps them to the workspace", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "twitter");
    const bad = await setSlots(u, account, { slots: [{ day: 1, time: "9am" }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: "Slot times must be HH:MM (24-hour), for example 09:00" });
    const badZone = await setSlots(u, account, { slots: [], timezone: "Mars/Olympus" });
    expect(badZone.body.message).toBe("Please choose a valid timezone (for example Europe/Berlin)");

    const saved = await setSlots(u, account, {
      slots: [
        { day: 2, time: "12:30" },
        { day: 1, time: "09:00" },
        { day: 1, time: "09:00" },
      ],
      timezone: "Asia/Tokyo",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Queue time slots saved");
    expect(saved.body.data.slots).toEqual([
      { day: 1, time: "09:00" },
      { day: 2, time: "12:30" },
    ]);
    expect(saved.body.data.timezone).toBe("Asia/Tokyo");
    // Two weeks hold two Mondays and two Tuesdays: four empty slots (in a zone without clock changes, which would
    // move a slot an hour across the two weeks' end; those are tested below).
    const upcoming = saved.body.data.upcoming as Array<{ at: string; slot: boolean; post: null }>;
    expect(upcoming).toHaveLength(4);
    expect(upcoming.every((r) => r.slot && r.post === null)).toBe(true);

    const other = await registerUser();
    for (const res of [
      await setSlots(other, account, { slots: [] }),
      await call<"GET /api/queue">(`/api/queue?accountId=${account}`, { token: other.token }),
      await call<"POST /api/queue/:accountId/pause">(`/api/queue/${account}/pause`, {
        token: other.token,
        body: { paused: true },
      }),
      await call<"POST /api/queue/:accountId/share-next">(`/api/queue/${account}/share-next`, {
        token: other.token,
        method: "POST",
      }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: "The requested resource was not found." });
    }
    expect((await queueOf(u, account)).slots).toHaveLength(2);
  });

  it("copies an account's slots and timezone to the chosen accounts, all or none, and only within the workspace", async () => {
    const u = await registerUser();
    const [x, linkedin, threads] = [
      await insertAccount(u.user.id, "twitter"),
      await insertAccount(u.user.id, "linkedin"),
      await insertAccount(u.user.id, "threads"),
    ];
    await setSlots(u, x, { slots: daily("08:00", "17:30"), timezone: "America/New_York" });
    await setSlots(u, threads, { slots: [{ day: 3, time: "12:00" }] });
    const copy = (who: User, from: string, body: unknown) =>
      call<"POST /api/queue/:accountId/copy-slots">(`/api/queue/${from}/copy-slots`, { token: who.token, body });

    const copied = await copy(u, x, { to: [linkedin, threads, x] });
    expect(copied.status).toBe(200);
    expect(copied.body.message).toBe("Time slots copied to 2 queues");
    for (const id of [linkedin, threads]) {
      const q = await queueOf(u, id);
      expect(q.slots).toEqual((await queueOf(u, x)).slots);
      expect(q.timezone).toBe("America/New_York");
    }

    const nowhere = await copy(u, x, { to: [] });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body).toEqual({
      success: false,
      message: "Please choose at least one other account to copy these slots to",
    });
    expect((await copy(u, x, { to: [x] })).status).toBe(400);

    // Another workspace's account among the targets: refused as not found, and no queue changed.
    const other = await registerUser();
    const theirs = await insertAccount(other.user.id, "twitter");
    await setSlots(u, linkedin, { slots: [{ day: 1, time: "10:00" }] });
    const mixed = await copy(u, x, { to: [linkedin, theirs] });
    expect(mixed.status).toBe(404);
    expect((await queueOf(u, linkedin)).slots).toEqual([{ day: 1, time: "10:00" }]);
    expect((await queueOf(other, theirs)).slots).toEqual([]);
    expect((await copy(other, x, { to: [theirs] })).status).toBe(404);
  });

  it("keeps a 09:00 slot at 09:00 local time through a year of daylight-saving changes", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "linkedin");
    await setSlots(u, account, { slots: daily("09:00"), timezone: "America/New_York" });
    const year = await queueOf(u, account, 366);
    expect(year.upcoming.length).toBeGreaterThanOrEqual(365);
    for (const row of year.upcoming) expect(utcToLocal(Date.parse(row.at), "America/New_York").localTime).toBe("09:00");
    // Both offsets occur within a year (EDT 13:00 UTC, EST 14:00 UTC): the slot followed the wall clock.
    expect(new Set(year.upcoming.map((r) => new Date(r.at).getUTCHours()))).toEqual(new Set([13, 14]));
  });

  it(
    "puts three posts in the next three free slots and each channel in its own account's next slot",
    atNoonUtc(async () => {
      const u = await registerUser();
      const image = await uploadImage(u.token);
      const x = await insertAccount(u.user.id, "twitter");
      const li = await insertAccount(u.user.id, "linkedin");
      const refused = await addToQueue(u, image, { twitter: [x] }, "No slots yet");
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        "X @twitter_user has no queue time slots yet. Add slots in the Queue view first.",
      );

      await setSlots(u, x, { slots: daily("09:00", "17:00"), timezone: "Europe/Berlin" });
      await setSlots(u, li, { slots: daily("12:30"), timezone: "America/New_York" });
      const empty = (await queueOf(u, x)).upcoming.map((r) => r.at);
      const ids: string[] = [];
      for (const n of [1, 2, 3]) {
        const res = await addToQueue(u, image, { twitter: [x] }, `Queued ${n}`);
        expect(res.status).toBe(201);
        expect(res.body.message).toBe("Post added to the queue");
        expect(res.body.data.status).toBe("scheduled");
        expect(res.body.data.scheduledDate).toBe(empty[n - 1]);
        ids.push(res.body.data._id);
      }
      const queue = await queueOf(u, x);
      expect(queue.upcoming.slice(0, 4).map((r) => r.post?.content ?? null)).toEqual([
        "Queued 1",
        "Queued 2",
        "Queued 3",
        null,
      ]);

      const both = await addToQueue(u, image, { twitter: [x], linkedin: [li] }, "Both channels");
      expect(both.status).toBe(201);
      const due = Object.fromEntries(both.body.data.platformPosts.map((t) => [t.platform, t.dueAt]));
      expect(due.twitter).toBe(empty[3]);
      expect(due.linkedin).toBe((await queueOf(u, li)).upcoming[0]!.at);
      expect(utcToLocal(Date.parse(due.linkedin!), "America/New_York").localTime).toBe("12:30");
      // The post shows its earliest channel.
      expect(both.body.data.scheduledDate).toBe([due.twitter, due.linkedin].sort()[0]);
    }),
  );

  it(
    "eight Add to queue requests at once for one account take eight different slots, the next eight in order",
    atNoonUtc(async () => {
      const u = await registerUser();
      const image = await uploadImage(u.token);
      const x = await insertAccount(u.user.id, "twitter");
      await setSlots(u, x, { slots: daily("08:00", "20:00") });
      const free = (await queueOf(u, x)).upcoming.map((r) => r.at);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) => addToQueue(u, image, { twitter: [x] }, `At once ${n}`)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
      const taken = answers.map((a) => a.body.data.platformPosts[0]!.dueAt!);
      expect(new Set(taken).size).toBe(8);
      expect(taken.every((at) => free.includes(at))).toBe(true);
      // The queue shows one post in each slot, none as an extra row beside a slot.
      const queue = await queueOf(u, x);
      expect(queue.upcoming.filter((r) => r.post && !r.slot)).toEqual([]);
      expect(queue.upcoming.filter((r) => r.post).length).toBe(8);
      // A post scheduled by hand may still share a queued post's instant (ADR 022): it is no slot of the queue.
      const byHand = await call<"POST /api/posts">("/api/posts", {
        token: u.token,
        body: {
          content: "By hand",
          platforms: ["twitter"],
          selectedAccounts: { twitter: [x] },
          images: [image],
          status: "scheduled",
          scheduledDate: taken[0],
        },
      });
      expect(byHand.status, byHand.body.message).toBe(201);
      expect(byHand.body.data.platformPosts[0]!.dueAt).toBe(taken[0]);
    }),
  );

  it(
    "reorders the queue: posts swap slots, and a post not waiting there is refused",
    atNoonUtc(async () => {
      const u = await registerUser();
      const image = await uploadImage(u.token);
      const x = await insertAccount(u.user.id, "twitter");
      await setSlots(u, x, { slots: daily("08:00", "20:00") });
      for (const n of [1, 2, 3]) await addToQueue(u, image, { twitter: [x] }, `Post ${n}`);
      const before = (await queueOf(u, x)).upcoming.slice(0, 3);
      const order = [before[2]!, before[0]!, before[1]!].map((r) => r.post!.targetId);
      const res = await call<"POST /api/queue/:accountId/reorder">(`/api/queue/${x}/reorder`, {
        token: u.token,
        body: { targetIds: order },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Queue reordered");
      const after = res.body.data.upcoming.slice(0, 3);
      expect(after.map((r) => r.post?.content)).toEqual(["Post 3", "Post 1", "Post 2"]);
      expect(after.map((r) => r.at)).toEqual(before.map((r) => r.at));

      const other = await registerUser();
      const foreign = await insertAccount(other.user.id, "twitter");
      const { targetIds } = await insertScheduledPost(other.user.id, [
        { accountId: foreign, platform: "twitter", dueAt: Date.now() + 3600_000 },
      ]);
      const stolen = await call<"POST /api/queue/:accountId/reorder">(`/api/queue/${x}/reorder`, {
        token: u.token,
        body: { targetIds: [order[0], targetIds[0]] },
      });
      expect(stolen.status).toBe(409);
      expect(stolen.body.message).toBe(
        "Some of these posts are no longer waiting in this queue. Reload the queue and try again.",
      );
      const untouched = await (await drizzleOf(other.user.id))
        .select()
        .from(postTargets)
        .where(inArray(postTargets.id, targetIds));
      expect(untouched[0]!.status).toBe("scheduled");
    }),
  );
});

describe("pause and share next", () => {
  it("a paused queue is not claimed by the cron; other accounts are", async () => {
    const u = await registerUser();
    const paused = await insertAccount(u.user.id, "twitter");
    const running = await insertAccount(u.user.id, "linkedin");
    const now = Date.now();
    const held = await insertScheduledPost(u.user.id, [{ accountId: paused, platform: "twitter", dueAt: now - 1000 }]);
    const due = await insertScheduledPost(u.user.id, [{ accountId: running, platform: "linkedin", dueAt: now - 1000 }]);
    const res = await call<"POST /api/queue/:accountId/pause">(`/api/queue/${paused}/pause`, {
      token: u.token,
      body: { paused: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Queue paused: none of this account's posts will be published until you resume it");
    expect(res.body.data.paused).toBe(true);

    const sent: PublishMessage[] = [];
    const queue = {
      sendBatch: async (batch: Iterable<{ body: PublishMessage }>) => {
        for (const m of batch) sent.push(m.body);
      },
    } as unknown as Queue<PublishMessage>;
    await claimDueTargets(
      { db: await drizzleOf(u.user.id), d1: await dbOf(u.user.id), queue, now: () => now },
      { kind: "cron" },
    );
    const mine = sent.map((m) => m.targetId).filter((id) => [...held.targetIds, ...due.targetIds].includes(id));
    expect(mine).toEqual(due.targetIds);
  });

  it("Share next publishes the first waiting post now, through the real queue, even while paused", {
    timeout: 30_000,
  }, async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "twitter");
    const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data
      .accounts as Array<{ _id: string }>;
    const x = accounts[0]!._id;
    const image = await uploadImage(u.token);
    await setSlots(u, x, { slots: daily("06:00", "18:00") });
    const tag = crypto.randomUUID().slice(0, 8);
    const first = await addToQueue(u, image, { twitter: [x] }, `First in line ${tag}`);
    const second = await addToQueue(u, image, { twitter: [x] }, `Second in line ${tag}`);
    await call<"POST /api/queue/:accountId/pause">(`/api/queue/${x}/pause`, { token: u.token, body: { paused: true } });

    const res = await call<"POST /api/queue/:accountId/share-next">(`/api/queue/${x}/share-next`, {
      token: u.token,
      method: "POST",
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Sharing the next post now");
    expect(res.body.data._id).toBe(first.body.data._id);
    const published = await vi.waitFor(
      async () => {
        const post = (await call<"GET /api/posts/:id">(`/api/posts/${first.body.data._id}`, { token: u.token })).body
          .data;
        if (post.status !== "published") throw new Error(`still ${post.status}`);
        return post;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(published.platformPosts[0].remoteId).toBeTruthy();
    // The second keeps its slot and stays waiting.
    const rest = (await call<"GET /api/posts/:id">(`/api/posts/${second.body.data._id}`, { token: u.token })).body.data;
    expect(rest.status).toBe("scheduled");
    expect((await queueOf(u, x)).upcoming.find((r) => r.post)?.post?.postId).toBe(second.body.data._id);
  });
});

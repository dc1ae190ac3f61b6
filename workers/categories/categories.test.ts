import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectedAccounts } from "../db/schema/accounts";
import { utcToLocal } from "../posts";
import { call, registerUser, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { drizzleOf, servicesOn, withReplaced } from "../test/shards";
import { repeatDeps } from "./deps";
import { REPEAT_LEAD_MS, runCategoryRepeats } from "./repeat";

type User = Awaited<ReturnType<typeof registerUser>>;
const HOUR = 3600_000;
const EVERY_DAY_NINE = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, time: "09:00" }));

async function accountsOf(u: User) {
  const list = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts;
  return Object.fromEntries(list.map((a) => [a.platform, a._id]));
}

async function draft(u: User, content: string, selectedAccounts: Record<string, string[]>, channels: unknown[] = []) {
  const image = await uploadImage(u.token);
  const res = await call<"POST /api/posts">("/api/posts", {
    token: u.token,
    body: { content, platforms: Object.keys(selectedAccounts), selectedAccounts, images: [image], channels },
  });
  expect(res.status).toBe(201);
  return res.body.data._id;
}

const category = (u: User, id: string) =>
  call<"GET /api/categories">("/api/categories", { token: u.token }).then(
    (r) => r.body.data.categories.find((c) => c.id === id)!,
  );

/** Copies the cron made: the workspace's evergreen posts, soonest first. */
async function repeats(u: User) {
  const list = (await call<"GET /api/posts">("/api/posts?limit=100", { token: u.token })).body.data.posts;
  return list
    .filter((p) => p.metadata.source === "evergreen")
    .sort((a, b) => Date.parse(a.scheduledDate!) - Date.parse(b.scheduledDate!))
    .map((p) => ({
      at: p.scheduledDate,
      status: p.status,
      content: p.content,
      channels: Object.fromEntries(p.platformPosts.map((t) => [t.platform, t.version.text])),
    }));
}

/** What the job handed the webhook service (its delivery has its own suite). */
const announced: Array<{ type: string; data: Record<string, unknown> }> = [];

/** The minute cron's evergreen job on the workspace's shard, run with the clock one hour before the category's next slot. */
async function cronBefore(u: User, slot: string) {
  const at = Date.parse(slot) - HOUR;
  const services = await servicesOn(u.user.id, () => at);
  const webhooks = {
    emit: async (_workspace: string, type: string, data: Record<string, unknown>) =>
      void announced.push({ type, data }),
  } as unknown as typeof services.webhooks;
  return runCategoryRepeats(repeatDeps(withReplaced(services, { webhooks })));
}

describe("evergreen categories", () => {
  it("checks what a category needs, keeps names apart and hides other workspaces' categories", async () => {
    const u = await registerUser();
    const bad = await call("/api/categories", { token: u.token, body: { name: "Tips", slots: [] } });
    expect([bad.status, bad.body.message]).toEqual([400, "Please add at least one weekly slot"]);
    const gap = await call("/api/categories", {
      token: u.token,
      body: { name: "Tips", slots: EVERY_DAY_NINE, minGapDays: 0 },
    });
    expect([gap.status, gap.body.message]).toEqual([400, "The gap before a post repeats must be 1 to 365 days"]);
    const asked = Date.now();
    const made = await call<"POST /api/categories">("/api/categories", {
      token: u.token,
      body: { name: "Tips", slots: EVERY_DAY_NINE },
    });
    expect([made.status, made.body.message]).toEqual([
      201,
      "Category added: its posts are re-queued into its slots in turn",
    ]);
    expect(made.body.data).toMatchObject({ name: "Tips", minGapDays: 30, endsOn: null, posts: [] });
    // After the moment it was asked for: 09:00 may come round between the server's reading of the clock and ours.
    expect(Date.parse(made.body.data.nextSlotAt!)).toBeGreaterThan(asked);
    const again = await call("/api/categories", { token: u.token, body: { name: "tips", slots: EVERY_DAY_NINE } });
    expect([again.status, again.body.message]).toEqual([409, "There is already a category named tips"]);

    const other = await registerUser();
    const id = made.body.data.id;
    for (const res of [
      await call(`/api/categories/${id}`, { token: other.token, method: "PATCH", body: { name: "Mine" } }),
      await call(`/api/categories/${id}`, { token: other.token, method: "DELETE" }),
    ])
      expect([res.status, res.body.message]).toEqual([404, "The requested resource was not found."]);
    expect((await call<"GET /api/categories">("/api/categories", { token: other.token })).body.data.categories).toEqual(
      [],
    );
  });

  it("re-queues its posts in turn, one per slot; X gets a text it has not had, or is skipped with the reason", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "linkedin");
    await connectViaEmulator(u.cookie, "twitter");
    const { linkedin, twitter } = await accountsOf(u);
    // The cron runs days ahead here, past X's two-hour token; the health job would have refreshed it by then.
    await (await drizzleOf(u.user.id))
      .update(connectedAccounts)
      .set({ tokenExpiresAt: null })
      .where(eq(connectedAccounts.id, twitter!));
    const tip = "Oil the pan, not the food. #cooking";
    const xVersion = "#tip Oil the pan first. It heats evenly. Then add the food.";
    const a = await draft(u, tip, { linkedin: [linkedin!], twitter: [twitter!] }, [
      { platform: "twitter", accountId: twitter, text: xVersion },
    ]);
    const b = await draft(u, "Rest the dough for an hour before baking.", { linkedin: [linkedin!] });
    const made = await call<"POST /api/categories">("/api/categories", {
      token: u.token,
      body: { name: "Tips", slots: EVERY_DAY_NINE, minGapDays: 1 },
    });
    const id = made.body.data.id;
    for (const postId of [a, b]) {
      const res = await call(`/api/categories/${id}/posts`, { token: u.token, body: { postId } });
      expect([res.status, res.body.message]).toEqual([201, "Post added to the category"]);
    }
    const twice = await call(`/api/categories/${id}/posts`, { token: u.token, body: { postId: a } });
    expect([twice.status, twice.body.message]).toEqual([409, "This post is already in the category"]);

    // Slot 1: the first post; its X channel had its own version, so the copy carries the post's text there.
    const first = (await category(u, id)).nextSlotAt!;
    expect(await cronBefore(u, first)).toEqual({ queued: 1 });
    expect(await cronBefore(u, first)).toEqual({ queued: 0 }); // the slot is claimed once
    const second = (await category(u, id)).nextSlotAt!;
    expect(Date.parse(second) - Date.parse(first)).toBeGreaterThanOrEqual(REPEAT_LEAD_MS - HOUR); // the next day (23 h on a spring-forward day)
    expect(await repeats(u)).toEqual([
      { at: first, status: "scheduled", content: tip, channels: { linkedin: tip, twitter: tip } },
    ]);
    // Webhooks hear of the copy once, with the post it repeats and its slot.
    expect(announced.filter((e) => e.data.categoryId === id)).toEqual([
      {
        type: "category.post_requeued",
        data: { categoryId: id, categoryName: "Tips", postId: expect.any(String), sourcePostId: a, scheduledAt: first },
      },
    ]);
    // Slot 2: the other post; slot 3: the first again (its gap of one day is over), the AI's rewrite on X.
    await cronBefore(u, second);
    const third = (await category(u, id)).nextSlotAt!;
    await cronBefore(u, third);
    const fourth = (await category(u, id)).nextSlotAt!;
    const [, two, three] = await repeats(u);
    expect(two!.content).toBe("Rest the dough for an hour before baking.");
    expect(three!.at).toBe(third);
    expect(three!.channels.linkedin).toBe(tip);
    expect([tip, xVersion]).not.toContain(three!.channels.twitter);
    // Slot 5: the same rewrite again would be refused by X as a duplicate, so X is left out and says why.
    await cronBefore(u, fourth);
    const fifth = (await category(u, id)).nextSlotAt!;
    await cronBefore(u, fifth);
    const five = (await repeats(u))[4]!;
    expect(five.channels).toEqual({ linkedin: tip });
    const card = await category(u, id);
    expect(card.lastNote).toBe(
      `Queued "${tip}"; X skipped: no text this network has not had yet, and the AI rewrite was not different`,
    );
    expect(card.posts.map((p) => [p.postId, p.timesQueued])).toEqual([
      [a, 3],
      [b, 2],
    ]);
  });

  it("stops at its end date and leaves a slot empty when every post is inside its gap", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "linkedin");
    const { linkedin } = await accountsOf(u);
    const post = await draft(u, "Our menu changes every Friday.", { linkedin: [linkedin!] });
    const made = await call<"POST /api/categories">("/api/categories", {
      token: u.token,
      body: { name: "Menu", slots: EVERY_DAY_NINE, minGapDays: 7 },
    });
    const id = made.body.data.id;
    await call(`/api/categories/${id}/posts`, { token: u.token, body: { postId: post } });
    const first = made.body.data.nextSlotAt!;
    await cronBefore(u, first);
    const second = (await category(u, id)).nextSlotAt!;
    await cronBefore(u, second);
    expect((await category(u, id)).lastNote).toBe("Slot left empty: every post repeated within the last 7 days");
    expect((await repeats(u)).map((r) => r.at)).toEqual([first]);

    const yesterday = new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);
    const ended = await call<"PATCH /api/categories/:id">(`/api/categories/${id}`, {
      token: u.token,
      method: "PATCH",
      body: { endsOn: yesterday },
    });
    expect([ended.status, ended.body.data.endsOn, ended.body.data.nextSlotAt]).toEqual([200, yesterday, null]);
  });

  it("after the workspace changes zones, its next slot and copy are at the slot's time in the new zone", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "linkedin");
    const { linkedin } = await accountsOf(u);
    const zone = (timezone: string) =>
      call(`/api/workspaces/${u.user.id}`, { token: u.token, method: "PATCH", body: { timezone } });
    expect((await zone("America/New_York")).status).toBe(200);
    const post = await draft(u, "Ask us about gift cards.", { linkedin: [linkedin!] });
    const made = await call<"POST /api/categories">("/api/categories", {
      token: u.token,
      body: { name: "Gifts", slots: EVERY_DAY_NINE },
    });
    const id = made.body.data.id;
    await call(`/api/categories/${id}/posts`, { token: u.token, body: { postId: post } });
    const wall = (iso: string, timeZone: string) => utcToLocal(Date.parse(iso), timeZone).localTime;
    expect(wall(made.body.data.nextSlotAt!, "America/New_York")).toBe("09:00");

    expect((await zone("Europe/Berlin")).status).toBe(200);
    const next = (await category(u, id)).nextSlotAt!;
    expect(wall(next, "Europe/Berlin")).toBe("09:00");
    expect(await cronBefore(u, next)).toEqual({ queued: 1 });
    expect((await repeats(u)).map((r) => r.at)).toEqual([next]);
    expect(wall((await category(u, id)).nextSlotAt!, "Europe/Berlin")).toBe("09:00");
  });

  it("makes copies that carry the post's labels and its own link choices", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "linkedin");
    const { linkedin } = await accountsOf(u);
    const label = await call<"POST /api/labels">("/api/labels", {
      token: u.token,
      body: { name: "Menu", color: "#2f855a" },
    });
    const made = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: "Friday's menu: https://shop.example/menu",
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [linkedin!] },
        images: [await uploadImage(u.token)],
        labelIds: [label.body.data.id],
        links: { shorten: false, utmCampaign: "Fridays", utmMedium: "newsletter" },
      },
    });
    expect(made.status).toBe(201);
    const cat = await call<"POST /api/categories">("/api/categories", {
      token: u.token,
      body: { name: "Fridays", slots: EVERY_DAY_NINE },
    });
    await call(`/api/categories/${cat.body.data.id}/posts`, { token: u.token, body: { postId: made.body.data._id } });
    expect(await cronBefore(u, cat.body.data.nextSlotAt!)).toEqual({ queued: 1 });
    const copy = announced.find((e) => e.data.categoryId === cat.body.data.id)!.data.postId as string;
    const labels = await call<"GET /api/posts/:id/labels">(`/api/posts/${copy}/labels`, { token: u.token });
    expect(labels.body.data.labels.map((l) => l.name)).toEqual(["Menu"]);
    const links = await call<"PUT /api/posts/:id/link-options">(`/api/posts/${copy}/link-options`, { token: u.token });
    expect(links.body.data).toMatchObject({ shorten: false, utmCampaign: "Fridays", utmMedium: "newsletter" });
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { keptDashboardRead, keptDashboardsOfRows } from "../dashboard";
import { openCountRead, openCountsOfRows } from "../inbox";
import { buildServices } from "../services";
import { insertAccount, insertFacebookComments, insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";

/**
 * The posts list read in the same D1 batch as the membership (ADR 050) is a one-database optimisation: it runs only
 * while the directory is the only shard, so this file runs in the `dates` project, which keeps one (ADR 106).
 */
describe("the posts list's early read (ADR 050)", () => {
  it("costs one round trip fewer than a list whose day bound waits for the workspace's zone, with the same answer", async () => {
    const owner = await registerUser({ displayName: "Olga", timezone: "Asia/Tokyo" });
    const account = await insertAccount(owner.user.id, "linkedin");
    await insertScheduledPost(owner.user.id, [
      { accountId: account, platform: "linkedin", dueAt: Date.now() + 86_400_000 },
    ]);
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const list = (query: string) => call<"GET /api/posts">(`/api/posts?${query}`, { token: owner.token });
    // Tokyo is UTC+9 all year: its day starts at 15:00 UTC the day before.
    const previous = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const byDay = await list(`from=${day}`);
    const byInstant = await list(`from=${previous}T15:00:00.000Z`);
    expect(byInstant.body.data).toEqual(byDay.body.data);
    expect(byDay.body.data.posts).toHaveLength(1);
    const trips = (res: typeof byDay) => Number(res.headers.get("X-D1-Round-Trips"));
    expect(trips(byInstant)).toBe(trips(byDay) - 1);
  });
});

describe("a page's own reads in the session's batch (ADR 050, 133)", () => {
  it("reads the sidebar's inbox count the API gives, in the workspace the page names", async () => {
    const owner = await registerUser();
    await insertFacebookComments(owner.user.id, 3, Date.now());
    const { directory } = buildServices(env);
    const counted = await call<"GET /api/inbox/count">("/api/inbox/count", { token: owner.token });
    expect(counted.body.data.open).toBe(3);
    const rows = await directory.all(openCountRead(owner.user.id));
    expect(Object.fromEntries(openCountsOfRows(rows))).toEqual({ [owner.user.id]: 3 });
  });

  it("reads the dashboard the API keeps, while fresh, and none once a write cleared it", async () => {
    const owner = await registerUser();
    const ws = owner.user.id;
    const { directory } = buildServices(env);
    const kept = async (at = Date.now()) =>
      Object.fromEntries(keptDashboardsOfRows(await directory.all(keptDashboardRead(ws, at))));
    expect(await kept()).toEqual({ [ws]: null });
    const dashboard = () => call<"GET /api/dashboard">("/api/dashboard", { token: owner.token });
    const made = await dashboard();
    expect(made.headers.get("X-Cache")).toBe("MISS");
    expect(JSON.parse((await kept())[ws]!)).toEqual(made.body.data);
    expect((await dashboard()).headers.get("X-Cache")).toBe("HIT");
    // Kept 30 s: a read a moment after that finds none.
    expect(await kept(Date.now() + 30_001)).toEqual({ [ws]: null });
    const created = await call<"POST /api/posts">("/api/posts", {
      token: owner.token,
      body: { content: "Fresh draft", platforms: ["instagram"], status: "draft" },
    });
    expect(created.status).toBe(201);
    expect(await kept()).toEqual({ [ws]: null });
  });
});

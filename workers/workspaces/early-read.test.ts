import { describe, expect, it } from "vitest";
import { insertAccount, insertScheduledPost } from "../test/fixtures";
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

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { openCountsOfRows, openCountsQuery } from "../inbox";
import { buildServices } from "../services";
import { insertAccount, insertFacebookComments, insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { addMember } from "../test/shards";

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

describe("the sidebar's inbox count read with the session's batch", () => {
  it("is the count the API gives, for the workspace the page names and the personal one, never another's", async () => {
    const owner = await registerUser();
    const teammate = await registerUser();
    await addMember(owner.user.id, teammate.user.id, "editor");
    await insertFacebookComments(owner.user.id, 3, Date.now());
    const { directory } = buildServices(env);
    const onPage = async (userId: string, among: string | null) =>
      Object.fromEntries(openCountsOfRows(await directory.all(openCountsQuery(userId, among))));
    const counted = await call<"GET /api/inbox/count">("/api/inbox/count", { token: owner.token });
    expect(counted.body.data.open).toBe(3);
    expect(await onPage(teammate.user.id, owner.user.id)).toEqual({ [owner.user.id]: 3, [teammate.user.id]: 0 });
    expect(await onPage(owner.user.id, null)).toEqual({ [owner.user.id]: 3 });
    // A workspace the user is not in reads nothing: the personal one alone.
    const stranger = await registerUser();
    expect(await onPage(stranger.user.id, owner.user.id)).toEqual({ [stranger.user.id]: 0 });
  });
});

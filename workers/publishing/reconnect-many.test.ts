import { describe, expect, it } from "vitest";
import { HoldReason } from "../posts/channel-holds";
import { insertAccounts, insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { dbOf, servicesOn } from "../test/shards";

/** More accounts than D1 binds in one statement (ADR 118): one Facebook consent stores every Page its person manages. */
const PAGES = 120;

describe("a reconnect that stores more accounts than one statement binds", () => {
  it("takes back every channel held for those accounts", async () => {
    const u = await registerUser();
    const pages = await insertAccounts(u.user.id, "facebook", PAGES, "page");
    const due = Date.now() + 86_400_000;
    const { postId } = await insertScheduledPost(
      u.user.id,
      pages.map((accountId) => ({ accountId, platform: "facebook", dueAt: due, status: "held" })),
      "To every Page",
    );
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET error_kind = ?, error_message = 'Reconnect Facebook.' WHERE post_id = ?")
      .bind(HoldReason.accountNeedsReconnect, postId)
      .run();

    await (await servicesOn(u.user.id)).holds.releaseForReconnect(pages);

    const res = await call<"GET /api/posts/:id">(`/api/posts/${postId}`, { token: u.token });
    expect(res.status, res.body.message).toBe(200);
    const statuses = res.body.data!.platformPosts.map((c) => c.status);
    expect(statuses).toHaveLength(PAGES);
    expect(new Set(statuses)).toEqual(new Set(["scheduled"]));
    expect(res.body.data!.status).toBe("scheduled");
  });
});

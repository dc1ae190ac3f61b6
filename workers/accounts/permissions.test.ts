import { describe, expect, it, vi } from "vitest";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { connectViaEmulator } from "../test/oauth";
import { dbOf } from "../test/shards";

/** Issue 14: a permission unticked on the consent page → a clear "Reconnect … and allow …" → reconnect → publish. */
type Account = { _id: string; platform: string; displayName: string; status: string; statusReason: string | null };

async function accountsOf(token: string, platform: string): Promise<Account[]> {
  return ((await call<"GET /api/accounts">("/api/accounts", { token })).body.data.accounts as Account[]).filter(
    (a) => a.platform === platform,
  );
}

async function publishNow(token: string, platform: string, accountId: string) {
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "launch.jpg"));
  const image = (await call<"POST /api/media/upload">("/api/media/upload", { token, body: form })).body.data[0]
    .id as string;
  const res = await call<"POST /api/posts">("/api/posts", {
    token,
    body: {
      content: `Permission check ${crypto.randomUUID().slice(0, 8)}`,
      platforms: [platform],
      selectedAccounts: { [platform]: [accountId] },
      images: [image],
      publishNow: true,
    },
  });
  expect(res.status, res.body.message).toBe(201);
  return vi.waitFor(
    async () => {
      const post = (await call<"GET /api/posts/:id">(`/api/posts/${res.body.data._id}`, { token })).body.data;
      const target = post.platformPosts[0];
      if (["scheduled", "queued", "publishing"].includes(target.status)) throw new Error(`still ${target.status}`);
      return target as { status: string; error?: { message?: string } };
    },
    { timeout: 20_000, interval: 200 },
  );
}

describe("a permission withheld at consent", () => {
  it("fails publishing with 'Reconnect <Page> and allow pages_manage_posts', and a reconnect granting it publishes", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "facebook", {
      choices: ["20150000000000001"],
      withhold: ["pages_manage_posts"],
    });
    const [page] = await accountsOf(u.token, "facebook");
    expect(page!.status).toBe("connected");

    const failed = await publishNow(u.token, "facebook", page!._id);
    const reason = "Reconnect Sunrise Bakery and allow pages_manage_posts.";
    expect([failed.status, failed.error?.message]).toEqual(["failed", reason]);
    expect((await accountsOf(u.token, "facebook"))[0]).toMatchObject({
      _id: page!._id,
      status: "needs_reconnect",
      statusReason: reason,
    });

    // A plain new consent does not offer a declined permission again (Meta): the Page still cannot post.
    const plain = await connectViaEmulator(u.cookie, "facebook", { choices: ["20150000000000001"] });
    expect(plain.html).not.toContain('value="pages_manage_posts"');
    expect((await publishNow(u.token, "facebook", page!._id)).error?.message).toBe(reason);

    // Reconnect (the button by that message) asks again for exactly the missing permission, and it is offered ticked.
    const again = await connectViaEmulator(u.cookie, "facebook", {
      choices: ["20150000000000001"],
      reconnect: page!._id,
    });
    expect(again.authUrl.searchParams.get("scope")).toBe("pages_manage_posts");
    expect(again.authUrl.searchParams.get("auth_type")).toBe("rerequest");
    expect(again.html).toContain('value="pages_manage_posts" checked');
    expect((await accountsOf(u.token, "facebook"))[0]).toMatchObject({
      _id: page!._id,
      status: "connected",
      statusReason: null,
    });
    expect((await publishNow(u.token, "facebook", page!._id)).status).toBe("published");
  });

  it("names X's tweet.write, and a reconnect that brings no refresh token keeps the stored one", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "twitter");
    const [account] = await accountsOf(u.token, "twitter");
    const stored = async () =>
      (await dbOf(u.user.id))
        .prepare("SELECT refresh_token_enc AS r, scopes FROM connected_accounts WHERE id = ?")
        .bind(account!._id)
        .first<{ r: string | null; scopes: string }>();
    const first = await stored();
    expect(first!.r).toBeTruthy();

    // Without offline.access X issues no refresh token; without tweet.write it refuses the post.
    await connectViaEmulator(u.cookie, "twitter", { withhold: ["offline.access", "tweet.write"] });
    const after = await stored();
    expect(after!.r).toBe(first!.r);
    expect(after!.scopes.split(" ")).not.toContain("tweet.write");
    const failed = await publishNow(u.token, "twitter", account!._id);
    expect(failed.error?.message).toBe(`Reconnect ${account!.displayName} and allow tweet.write.`);
    // X has no incremental consent: the reconnect asks for the full list, tweet.write included.
    const again = await connectViaEmulator(u.cookie, "twitter", { reconnect: account!._id });
    expect(again.authUrl.searchParams.get("scope")!.split(" ")).toEqual(
      expect.arrayContaining(["tweet.write", "tweet.read", "users.read", "offline.access"]),
    );
    // The kept refresh token still works: refreshing the connection succeeds.
    expect(
      (
        await call<"POST /api/accounts/:id/refresh">(`/api/accounts/${account!._id}/refresh`, {
          token: u.token,
          method: "POST",
        })
      ).status,
    ).toBe(200);
  });
});

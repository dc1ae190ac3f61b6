import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { connectViaEmulator } from "../test/oauth";
import { addMember, dbOf } from "../test/shards";

type User = Awaited<ReturnType<typeof registerUser>>;

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const tokenOf = (url: string) => url.split("/review/")[1]!;

/** Olga's workspace: an X account, a photo, a contributor (Carl) and two of Carl's posts. */
async function team() {
  const owner = await registerUser({ displayName: "Olga" });
  await connectViaEmulator(owner.cookie, "twitter");
  const account = (await call<"GET /api/accounts">("/api/accounts", { token: owner.token })).body.data.accounts[0]
    ._id as string;
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "launch.jpg"));
  const image = (await call<"POST /api/media/upload">("/api/media/upload", { token: owner.token, body: form })).body
    .data[0].id as string;
  const ws = owner.user.id;
  const carl = await registerUser({ displayName: "Carl" });
  await addMember(ws, carl.user.id, "contributor");
  const as = (u: User) => ({ token: u.token, headers: { "X-Workspace-Id": ws } });
  const write = async (content: string, hours: number) =>
    (
      await call<"POST /api/posts">("/api/posts", {
        ...as(carl),
        body: {
          content,
          platforms: ["twitter"],
          selectedAccounts: { twitter: [account] },
          images: [image],
          status: "scheduled",
          scheduledDate: inHours(hours),
        },
      })
    ).body.data._id as string;
  const shared = await write(`Spring launch ${crypto.randomUUID().slice(0, 8)}`, 24);
  const other = await write(`Unshared plan ${crypto.randomUUID().slice(0, 8)}`, 72);
  const link = await call<"POST /api/share-links">("/api/share-links", {
    ...as(owner),
    body: { label: "Acme review", postIds: [shared] },
  });
  return { owner, carl, ws, as, shared, other, image, link, token: tokenOf(link.body.data.url) };
}

describe("client approval links", () => {
  it("an approver makes a link; the client sees only the link's posts, with previews, and no session", async () => {
    const { link, token, shared, other, image, ws } = await team();
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({
      message: "Approval link created",
      data: { label: "Acme review", postIds: [shared], state: "active" },
    });
    // The token names its workspace before the secret, so a client reaches the workspace's shard (ADR 081).
    expect(link.body.data.url).toMatch(new RegExp(`^${ORIGIN}/review/${ws}\\.[A-Za-z0-9_-]{40,}$`));
    // Only the token's hash is stored.
    const stored = await (await dbOf(ws))
      .prepare("SELECT token_hash FROM share_links WHERE id = ?")
      .bind(link.body.data.id)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).not.toContain(token);

    const seen = await call<"GET /api/share/:token">(`/api/share/${token}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.label).toBe("Acme review");
    expect(seen.body.data.posts).toHaveLength(1);
    const [post] = seen.body.data.posts;
    expect(post).toMatchObject({
      id: shared,
      platforms: ["twitter"],
      channels: [{ platform: "twitter" }],
      reviews: [],
    });
    expect(post.content).toMatch(/^Spring launch/);
    // The photo loads without a session through a signed URL.
    const photo = await SELF.fetch(post.media[0].url);
    expect(photo.status).toBe(200);
    expect(post.media[0].id).toBe(image);
    const text = JSON.stringify(seen.body);
    for (const secret of [other, "Unshared plan", "userId", "accountId", "Olga"]) expect(text).not.toContain(secret);
  });

  it("each channel shows what it publishes: its own version where it has one, the main text elsewhere", async () => {
    const owner = await registerUser({ displayName: "Vera" });
    for (const platform of ["twitter", "linkedin"]) await connectViaEmulator(owner.cookie, platform);
    const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: owner.token })).body.data
      .accounts as Array<{ _id: string; platform: string }>;
    const account = (platform: string) => accounts.find((a) => a.platform === platform)!._id;
    const upload = async (name: string) => {
      const form = new FormData();
      form.append("files", fileOf(jpegBytes(1080, 1080), name));
      return (await call<"POST /api/media/upload">("/api/media/upload", { token: owner.token, body: form })).body
        .data[0].id as string;
    };
    const [photo, xPhoto] = [await upload("menu.jpg"), await upload("menu-x.jpg")];
    const created = await call<"POST /api/posts">("/api/posts", {
      token: owner.token,
      body: {
        content: "Our autumn menu is here: pumpkin soup and apple cake",
        hashtags: ["autumn"],
        platforms: ["twitter", "linkedin"],
        selectedAccounts: { twitter: [account("twitter")], linkedin: [account("linkedin")] },
        images: [photo],
        status: "scheduled",
        scheduledDate: inHours(24),
        channels: [
          {
            platform: "twitter",
            accountId: account("twitter"),
            text: "X version: autumn menu drop 🍂",
            thread: ["Soup first, cake after 🥧"],
            media: [xPhoto],
          },
          { platform: "linkedin", accountId: account("linkedin"), firstComment: "The full menu is on our site" },
        ],
      },
    });
    expect(created.status, created.body.message).toBe(201);
    const link = await call<"POST /api/share-links">("/api/share-links", {
      token: owner.token,
      body: { label: "Client ACME", postIds: [created.body.data._id] },
    });

    const [post] = (await call<"GET /api/share/:token">(`/api/share/${tokenOf(link.body.data.url)}`)).body.data.posts;
    const on = (platform: string) => post.channels.find((c) => c.platform === platform)!;
    // X publishes its own text, thread and photo: that is what the client approves.
    expect(on("twitter")).toMatchObject({
      caption: "X version: autumn menu drop 🍂",
      thread: ["Soup first, cake after 🥧"],
      media: [{ id: xPhoto }],
    });
    // LinkedIn keeps the main text, with the post's hashtags as it goes out, and adds a first comment.
    expect(on("linkedin")).toMatchObject({
      caption: "Our autumn menu is here: pumpkin soup and apple cake\n\n#autumn",
      thread: [],
      firstComment: "The full menu is on our site",
      media: [{ id: photo }],
    });
    // The X-only photo loads without a session, like the post's own.
    expect((await SELF.fetch(on("twitter").media[0].url)).status).toBe(200);
    expect(JSON.stringify(post)).not.toContain("accountId");
  });

  it("a Mastodon channel carries its content warning in its options, and nothing else of them", async () => {
    const owner = await registerUser({ displayName: "Mira" });
    await connectViaEmulator(owner.cookie, "mastodon");
    const account = (await call<"GET /api/accounts">("/api/accounts", { token: owner.token })).body.data.accounts[0]
      ._id as string;
    const form = new FormData();
    form.append("files", fileOf(jpegBytes(1080, 1080), "crumb.jpg"));
    const image = (await call<"POST /api/media/upload">("/api/media/upload", { token: owner.token, body: form })).body
      .data[0].id as string;
    const created = await call<"POST /api/posts">("/api/posts", {
      token: owner.token,
      body: {
        content: "Crumb shots from this morning's bake",
        platforms: ["mastodon"],
        selectedAccounts: { mastodon: [account] },
        images: [image],
        status: "scheduled",
        scheduledDate: inHours(24),
        channels: [
          {
            platform: "mastodon",
            accountId: account,
            options: { contentWarning: "Bread talk", statusVisibility: "unlisted", altText: { [image]: "A loaf" } },
          },
        ],
      },
    });
    expect(created.status, created.body.message).toBe(201);
    const link = await call<"POST /api/share-links">("/api/share-links", {
      token: owner.token,
      body: { label: "Bakery review", postIds: [created.body.data._id] },
    });
    const [post] = (await call<"GET /api/share/:token">(`/api/share/${tokenOf(link.body.data.url)}`)).body.data.posts;
    expect(post.channels).toMatchObject([
      {
        platform: "mastodon",
        caption: "Crumb shots from this morning's bake",
        options: { contentWarning: "Bread talk" },
      },
    ]);
    // The client reads the warning as Mastodon's readers will; the channel's other settings are not theirs to see.
    expect(post.channels[0].options).toEqual({ contentWarning: "Bread talk" });
    const text = JSON.stringify(post);
    for (const secret of [account, "accountId", "unlisted", "A loaf"]) expect(text).not.toContain(secret);
  });

  it("says whether a post's time is still the plan: not once it has passed, nor for a post sent back to draft", async () => {
    const { token, shared, owner, as, ws } = await team();
    const timing = async () => (await call<"GET /api/share/:token">(`/api/share/${token}`)).body.data.posts[0];
    expect(await timing()).toMatchObject({ id: shared, timing: "planned" });
    // Its time goes by while it waits for approval.
    await (await dbOf(ws))
      .prepare("UPDATE posts SET scheduled_at = ? WHERE id = ?")
      .bind(Date.now() - 60_000, shared)
      .run();
    expect(await timing()).toMatchObject({ timing: "was_planned" });
    const rejected = await call<"POST /api/posts/:id/reject">(`/api/posts/${shared}/reject`, {
      ...as(owner),
      body: { comment: "Not this week" },
    });
    expect(rejected.body.message).toBe("Post sent back to its author");
    // A draft keeps the time it had, but nothing is planned for it.
    expect(await timing()).toMatchObject({ timing: "not_scheduled", scheduledDate: expect.any(String) });
  });

  it("a link cannot reach any other post: not by review, not another workspace's", async () => {
    const { token, other, ws } = await team();
    const stranger = await team();
    for (const postId of [other, stranger.shared, "not-a-post"]) {
      const res = await call<"POST /api/share/:token/posts/:postId/review">(
        `/api/share/${token}/posts/${postId}/review`,
        { body: { decision: "approved" } },
      );
      expect(res.body, postId).toEqual({ success: false, message: "The requested resource was not found." });
    }
    // Each post's reviews on its own workspace's shard.
    const reviewsOf = async (workspaceId: string, postId: string) =>
      (await dbOf(workspaceId))
        .prepare("SELECT count(*) AS n FROM client_reviews WHERE post_id = ?")
        .bind(postId)
        .first("n");
    expect([await reviewsOf(ws, other), await reviewsOf(stranger.ws, stranger.shared)]).toEqual([0, 0]);
    // Nor can an approver put another workspace's post in a link.
    const res = await call<"POST /api/share-links">("/api/share-links", {
      ...stranger.as(stranger.owner),
      body: { label: "Sneaky", postIds: [other] },
    });
    expect(res.body).toEqual({ success: false, message: "The requested resource was not found." });
  });

  it("a client asks for changes with a comment: recorded, and the author is told in-app and by email", async () => {
    const { token, shared, carl, as } = await team();
    const none = await call<"POST /api/share/:token/posts/:postId/review">(
      `/api/share/${token}/posts/${shared}/review`,
      {
        body: { decision: "changes_requested", comment: "  " },
      },
    );
    expect(none.body).toEqual({ success: false, message: "Please say what should change." });

    const res = await call<"POST /api/share/:token/posts/:postId/review">(
      `/api/share/${token}/posts/${shared}/review`,
      {
        body: { decision: "changes_requested", comment: "Use the blue logo" },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: "Thank you: changes requested",
      data: { decision: "changes_requested", comment: "Use the blue logo" },
    });
    expect((await call<"GET /api/share/:token">(`/api/share/${token}`)).body.data.posts[0].reviews).toMatchObject([
      { decision: "changes_requested", comment: "Use the blue logo" },
    ]);
    const inbox = (await call<"GET /api/notifications">("/api/notifications", as(carl))).body.data.notifications;
    expect(inbox[0]).toMatchObject({ kind: "client_review", postId: shared });
    expect(inbox[0].message).toMatch(
      /^A client \(link "Acme review"\) asked for changes to "Spring launch .*": Use the blue logo$/,
    );
    const mail = await env.DB.prepare("SELECT subject FROM dev_mailbox WHERE to_address = ? ORDER BY created_at DESC")
      .bind(carl.email)
      .first<{ subject: string }>();
    expect(mail?.subject).toBe("A client asked for changes");
    // The author reads it on the post too, and the post waits for an edit (ADR 078).
    const post = (await call<"GET /api/posts/:id">(`/api/posts/${shared}`, as(carl))).body.data;
    expect(post.clientReviews).toMatchObject([{ decision: "changes_requested", comment: "Use the blue logo" }]);
    expect(post.status).toBe("changes_requested");
  });

  it("stops working when revoked (410), and the approver lists links per post", async () => {
    const { token, shared, owner, as, link } = await team();
    const listed = await call<"GET /api/share-links">(`/api/share-links?postId=${shared}`, as(owner));
    expect(listed.body.data.links.map((l: { id: string }) => l.id)).toEqual([link.body.data.id]);
    const revoked = await call<"DELETE /api/share-links/:id">(`/api/share-links/${link.body.data.id}`, {
      ...as(owner),
      method: "DELETE",
    });
    expect(revoked.body).toMatchObject({ message: "Approval link revoked", data: { state: "revoked" } });
    const gone = {
      success: false,
      message: "This approval link has been revoked. Ask the person who sent it for a new one.",
    };
    const open = await call<"GET /api/share/:token">(`/api/share/${token}`);
    expect(open.status).toBe(410);
    expect(open.body).toEqual(gone);
    const review = await call<"POST /api/share/:token/posts/:postId/review">(
      `/api/share/${token}/posts/${shared}/review`,
      { body: { decision: "approved" } },
    );
    expect(review.status).toBe(410);
    expect(review.body).toEqual(gone);
  });

  it("an expired link is refused (410) and a guessed token is not found (404)", async () => {
    const { token, link, ws } = await team();
    await (await dbOf(ws))
      .prepare("UPDATE share_links SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, link.body.data.id)
      .run();
    const expired = await call<"GET /api/share/:token">(`/api/share/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe("This approval link has expired. Ask the person who sent it for a new one.");
    const guessed = await call<"GET /api/share/:token">(`/api/share/${token.slice(0, -2)}xx`);
    expect(guessed.status).toBe(404);
    expect(guessed.body.message).toBe("This approval link is not valid. Ask the person who sent it for a new one.");
  });

  it("a date range shares the posts planned in it; a contributor cannot make links", async () => {
    const { owner, carl, as, shared, other } = await team();
    const res = await call<"POST /api/share-links">("/api/share-links", {
      ...as(owner),
      body: { label: "This week", from: inHours(0), to: inHours(48), expiresInDays: 3 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.postIds).toEqual([shared]);
    expect(Date.parse(res.body.data.expiresAt) - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect(res.body.data.postIds).not.toContain(other);
    const empty = await call<"POST /api/share-links">("/api/share-links", {
      ...as(owner),
      body: { label: "Nothing", from: inHours(200), to: inHours(300) },
    });
    expect(empty.body).toEqual({ success: false, message: "No posts are planned in this date range." });
    const refused = await call<"POST /api/share-links">("/api/share-links", {
      ...as(carl),
      body: { label: "Mine", postIds: [shared] },
    });
    expect(refused.body).toEqual({
      success: false,
      message: "Your role (contributor) cannot do this in Olga's workspace.",
    });
  });
});

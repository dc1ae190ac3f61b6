import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextYearDay } from "../test/dates";
import { call, registerUser, settledPost, uploadImage } from "../test/helpers";
import { fileOf, mp4Bytes } from "../test/media-fixtures";
import { armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOf } from "../test/shards";

/** Per-channel versions (ADR 021) through the real Worker, queue and emulator. */
type Account = { _id: string; platform: string };

async function setup(platforms: string[]) {
  const u = await registerUser();
  for (const p of platforms) await connectViaEmulator(u.cookie, p);
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data
    .accounts as Account[];
  const id = (p: string) => accounts.find((a) => a.platform === p)!._id;
  return { u, id, image: await uploadImage(u.token) };
}

async function uploadVideo(token: string) {
  const form = new FormData();
  form.append("files", fileOf(await mp4Bytes({ width: 1280, height: 720, seconds: 2 }), "clip.mp4", "video/mp4"));
  return (await call<"POST /api/media/upload">("/api/media/upload", { token, body: form })).body.data[0].id as string;
}

/** The emulator's record of a published object, by its platform and remote id. */
async function remote(platform: string, id: string) {
  const row = await env.DB.prepare("SELECT data FROM emu_objects WHERE platform = ? AND id = ?")
    .bind(platform, id)
    .first<{ data: string }>();
  return row ? JSON.parse(row.data) : null;
}

afterEach(clearFaults);

describe("per-channel versions", () => {
  it("each channel publishes its own text, media and options", { timeout: 60_000 }, async () => {
    const { u, id, image } = await setup(["twitter", "linkedin", "instagram", "youtube"]);
    const video = await uploadVideo(u.token);
    const tag = crypto.randomUUID().slice(0, 8);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: `The long base text for every network ${tag}`,
        hashtags: ["bakery"],
        platforms: ["twitter", "linkedin", "instagram", "youtube"],
        selectedAccounts: {
          twitter: [id("twitter")],
          linkedin: [id("linkedin")],
          instagram: [id("instagram")],
          youtube: [id("youtube")],
        },
        videos: [video],
        title: "Base title",
        publishNow: true,
        channels: [
          { platform: "twitter", accountId: id("twitter"), text: `Short for X ${tag}`, media: [image] },
          {
            platform: "linkedin",
            accountId: id("linkedin"),
            text: `A LinkedIn version ${tag}`,
            media: [image],
            options: { visibility: "CONNECTIONS" },
          },
          {
            platform: "instagram",
            accountId: id("instagram"),
            media: [image],
            options: { altText: { [image]: "Rye" } },
          },
          {
            platform: "youtube",
            accountId: id("youtube"),
            title: "Channel title",
            options: { privacy: "unlisted", tags: ["bread"] },
          },
        ],
      },
    });
    expect(res.status, res.body.message).toBe(201);
    const post = await settledPost(u.token, res.body.data._id, 25_000);
    const by = (p: string) => post.platformPosts.find((t) => t.platform === p)!;
    for (const p of ["twitter", "linkedin", "instagram", "youtube"]) expect(by(p).status, p).toBe("published");

    const tweet = await remote("twitter", by("twitter").remoteId!);
    expect(tweet.text).toBe(`Short for X ${tag}`);
    expect(tweet.mediaIds).toHaveLength(1);
    const share = await remote("linkedin", by("linkedin").remoteId!);
    expect(share.commentary).toBe(`A LinkedIn version ${tag}`);
    expect(share.visibility).toBe("CONNECTIONS");
    // Instagram keeps the base caption (with the hashtag list) but its own image and alt text.
    const ig = await env.DB.prepare("SELECT data FROM emu_objects WHERE kind = 'container' AND data LIKE ?")
      .bind(`%base text for every network ${tag}%`)
      .first<{ data: string }>();
    expect(JSON.parse(ig!.data)).toMatchObject({
      mediaType: "IMAGE",
      altText: "Rye",
      caption: `The long base text for every network ${tag}\n\n#bakery`,
    });
    const yt = await remote("youtube", by("youtube").remoteId!);
    expect(yt.snippet.title).toBe("Channel title");
    expect(yt.snippet.tags).toContain("bread");
    expect(yt.privacyStatus).toBe("unlisted");

    // The API answers each channel's version and hands the overrides back in the shape it takes them.
    expect(by("twitter").version).toMatchObject({ customized: true, caption: `Short for X ${tag}` });
    expect(by("instagram").version).toMatchObject({ customized: false, mediaIds: [image] });
    expect(post.channels).toHaveLength(4);
  });

  it("checks each channel's own text against its limit, and the base only where it is used", async () => {
    const { u, id, image } = await setup(["twitter", "linkedin"]);
    const long = "word ".repeat(100).trim();
    const base = {
      content: long,
      platforms: ["twitter", "linkedin"],
      selectedAccounts: { twitter: [id("twitter")], linkedin: [id("linkedin")] },
      images: [image],
      publishNow: false,
      status: "draft",
    };
    const scheduled = {
      ...base,
      status: "scheduled",
      scheduledDate: { localDate: nextYearDay(3, 10), localTime: "09:00" },
    };
    // 499 characters are too many to schedule for X...
    const refused = await call<"POST /api/posts">("/api/posts", { token: u.token, body: scheduled });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Content exceeds X limit \(499\/280\)/);
    // ...unless X has its own, shorter text; a version over the limit is named by its network.
    const tooLongVersion = { platform: "twitter", accountId: id("twitter"), text: `${long}!` };
    const tooLong = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { ...scheduled, channels: [tooLongVersion] },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/^Content exceeds X limit \(500\/280\)/);
    // A draft is where a long text gets cut down: it saves, over the limit, as it was typed.
    const longDraft = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { ...base, channels: [tooLongVersion] },
    });
    expect(longDraft.status, longDraft.body.message).toBe(201);
    expect(longDraft.body.data).toMatchObject({ status: "draft", content: long });
    const saved = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { ...base, channels: [{ platform: "twitter", accountId: id("twitter"), text: "Short one" }] },
    });
    expect(saved.status, saved.body.message).toBe(201);
    // Options and features a network does not have are refused with their name.
    const wrong = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        ...base,
        content: "Fine",
        channels: [{ platform: "twitter", accountId: id("twitter"), options: { visibility: "CONNECTIONS" } }],
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Visibility is not an option for X");
    const unchosen = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { ...base, content: "Fine", channels: [{ platform: "linkedin", accountId: "other", text: "x" }] },
    });
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.message).toBe("A customized LinkedIn version needs that account selected");
  });

  it("resetting a channel drops its override; a partial PUT keeps it", async () => {
    const { u, id, image } = await setup(["twitter", "linkedin"]);
    const created = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: "Base",
        platforms: ["twitter", "linkedin"],
        selectedAccounts: { twitter: [id("twitter")], linkedin: [id("linkedin")] },
        images: [image],
        status: "draft",
        channels: [{ platform: "twitter", accountId: id("twitter"), text: "For X" }],
      },
    });
    const postId = created.body.data._id;
    const kept = await call<"PUT /api/posts/:id">(`/api/posts/${postId}`, {
      method: "PUT",
      token: u.token,
      body: { content: "New base" },
    });
    expect(kept.status, kept.body.message).toBe(200);
    const x = (p: { platformPosts: Array<{ platform: string; version: { caption: string } }> }) =>
      p.platformPosts.find((t) => t.platform === "twitter")!.version.caption;
    expect(x(kept.body.data)).toBe("For X");
    const reset = await call<"PUT /api/posts/:id">(`/api/posts/${postId}`, {
      method: "PUT",
      token: u.token,
      body: { channels: [] },
    });
    expect(x(reset.body.data)).toBe("New base");
    expect(reset.body.data.channels).toEqual([]);
  });

  it("a channel's media must be the workspace's own", async () => {
    const a = await setup(["twitter"]);
    const b = await setup([]);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: a.u.token,
      body: {
        content: "Mine",
        platforms: ["twitter"],
        selectedAccounts: { twitter: [a.id("twitter")] },
        images: [a.image],
        status: "draft",
        channels: [{ platform: "twitter", accountId: a.id("twitter"), media: [b.image] }],
      },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: "The requested resource was not found." });
  });
});

/** What the emulator holds under a remote post: comments (Meta, LinkedIn) and replies (X, Threads). */
async function repliesUnder(platform: string, parentId: string) {
  const rows = await env.DB.prepare(
    "SELECT data FROM emu_objects WHERE platform = ? AND json_extract(data, '$.replyTo') = ? AND kind != 'container' ORDER BY created_at",
  )
    .bind(platform, parentId)
    .all<{ data: string }>();
  return rows.results.map((r) => String(JSON.parse(r.data).text));
}

describe("first comment", () => {
  const FIVE = ["instagram", "facebook", "linkedin", "twitter", "threads"];

  it("is published under the post on all five networks, each with its own status", { timeout: 90_000 }, async () => {
    const { u, id, image } = await setup(FIVE);
    const tag = crypto.randomUUID().slice(0, 8);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: `Comment test ${tag}`,
        platforms: FIVE,
        selectedAccounts: Object.fromEntries(FIVE.map((p) => [p, [id(p)]])),
        images: [image],
        publishNow: true,
        channels: FIVE.map((p) => ({ platform: p, accountId: id(p), firstComment: `Link in bio (${p}) ${tag}` })),
      },
    });
    expect(res.status, res.body.message).toBe(201);
    await settledPost(u.token, res.body.data._id, 25_000);
    const post = await vi.waitFor(
      async () => {
        const p = (await call<"GET /api/posts/:id">(`/api/posts/${res.body.data._id}`, { token: u.token })).body.data;
        for (const t of p.platformPosts) expect(t.firstComment?.status, t.platform).toBe("published");
        return p;
      },
      { timeout: 20_000, interval: 200 },
    );
    for (const t of post.platformPosts) {
      expect(t.status).toBe("published");
      expect(await repliesUnder(t.platform, t.remoteId!), t.platform).toEqual([`Link in bio (${t.platform}) ${tag}`]);
    }
    // The emulator's post viewer shows the comment under the post.
    const x = post.platformPosts.find((t) => t.platform === "twitter")!;
    const page = await (await raw(`/sandbox/view?url=${encodeURIComponent(x.permalink!)}`)).text();
    expect(page).toContain(`Link in bio (twitter) ${tag}`);
  });

  it("a lost answer to the first comment is looked up, never sent twice", { timeout: 60_000 }, async () => {
    const { u, id, image } = await setup(["twitter"]);
    const tag = crypto.randomUUID().slice(0, 8);
    // The post goes through; X performs the reply but the answer is lost.
    await armFault("twitter", "drop", 1, { method: "POST", path: "^/2/tweets$", after: 1 });
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: `Dropped comment ${tag}`,
        platforms: ["twitter"],
        selectedAccounts: { twitter: [id("twitter")] },
        images: [image],
        publishNow: true,
        channels: [{ platform: "twitter", accountId: id("twitter"), firstComment: `Found ${tag}` }],
      },
    });
    const t = await vi.waitFor(
      async () => {
        const [target] = (await call<"GET /api/posts/:id">(`/api/posts/${res.body.data._id}`, { token: u.token })).body
          .data.platformPosts;
        expect(target.firstComment?.status).toBe("published");
        return target;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await repliesUnder("twitter", t.remoteId!)).toEqual([`Found ${tag}`]);
    const reply = await env.DB.prepare("SELECT id FROM emu_objects WHERE platform = 'twitter' AND data LIKE ?")
      .bind(`%Found ${tag}%`)
      .first<{ id: string }>();
    expect(t.firstComment?.remoteId).toBe(reply!.id);
  });

  it("a failed first comment leaves the post published and is retried alone", { timeout: 60_000 }, async () => {
    const { u, id, image } = await setup(["twitter"]);
    const tag = crypto.randomUUID().slice(0, 8);
    // The post goes through; the next POST /2/tweets (the reply) meets a 500.
    await armFault("twitter", "500", 1, { method: "POST", path: "/2/tweets", after: 1 });
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: `Retry comment ${tag}`,
        platforms: ["twitter"],
        selectedAccounts: { twitter: [id("twitter")] },
        images: [image],
        publishNow: true,
        channels: [{ platform: "twitter", accountId: id("twitter"), firstComment: `More ${tag}` }],
      },
    });
    const postId = res.body.data._id;
    const failed = await vi.waitFor(
      async () => {
        const [t] = (await call<"GET /api/posts/:id">(`/api/posts/${postId}`, { token: u.token })).body.data
          .platformPosts;
        expect(t.firstComment?.status).toBe("failed");
        return t;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(failed.status).toBe("published");
    expect(failed.firstComment?.error).toBeTruthy();
    expect(await repliesUnder("twitter", failed.remoteId!)).toEqual([]);

    // Another workspace cannot retry it; the owner can, and the post itself is not sent again.
    const other = await registerUser();
    const foreign = await call<"POST /api/posts/:id/targets/:targetId/first-comment/retry">(
      `/api/posts/${postId}/targets/${failed.id}/first-comment/retry`,
      {
        token: other.token,
        body: {},
      },
    );
    expect(foreign.status).toBe(404);
    const retried = await call<"POST /api/posts/:id/targets/:targetId/first-comment/retry">(
      `/api/posts/${postId}/targets/${failed.id}/first-comment/retry`,
      {
        token: u.token,
        body: {},
      },
    );
    expect(retried.status, retried.body.message).toBe(200);
    expect(retried.body.message).toBe("First comment published");
    expect(await repliesUnder("twitter", failed.remoteId!)).toEqual([`More ${tag}`]);
    const tweets = await env.DB.prepare("SELECT count(*) AS n FROM emu_objects WHERE kind = 'tweet' AND data LIKE ?")
      .bind(`%Retry comment ${tag}%`)
      .first<{ n: number }>();
    expect(tweets!.n).toBe(1);
    // The retry is in the activity log, by its member (activity-coverage.test.ts lists this route here).
    const logged = await (await dbOf(u.user.id))
      .prepare("SELECT action, user_id FROM activity_log WHERE subject_id = ? AND action = 'retried'")
      .bind(postId)
      .all<{ action: string; user_id: string }>();
    expect(logged.results).toEqual([{ action: "retried", user_id: u.user.id }]);
    // A published comment is not retried again.
    const again = await call<"POST /api/posts/:id/targets/:targetId/first-comment/retry">(
      `/api/posts/${postId}/targets/${failed.id}/first-comment/retry`,
      {
        token: u.token,
        body: {},
      },
    );
    expect(again.status).toBe(409);
  });
});

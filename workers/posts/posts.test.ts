import { describe, expect, it } from "vitest";
import { lastSundayOf, NEXT_YEAR, nextYearDay, shiftDay } from "../test/dates";
import { insertAccount } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes, mp4Bytes, pngBytes } from "../test/media-fixtures";
import { dbOf } from "../test/shards";

type User = Awaited<ReturnType<typeof registerUser>>;

async function uploadOne(u: User, file: File): Promise<string> {
  const form = new FormData();
  form.append("files", file);
  const res = await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form });
  if (res.status !== 201) throw new Error(res.body.message);
  return res.body.data[0].id;
}

async function postCount(userId: string) {
  return (await (
    await dbOf(userId)
  )
    .prepare("SELECT count(*) AS n FROM posts WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>())!.n;
}

/** A user in Berlin with Instagram and Facebook connected and a square JPEG in the library. */
async function setup() {
  const u = await registerUser({ timezone: "Europe/Berlin" });
  const ig = await insertAccount(u.user.id, "instagram");
  const fb = await insertAccount(u.user.id, "facebook");
  const image = await uploadOne(u, fileOf(jpegBytes(1080, 1080), "square.jpg"));
  const base = {
    content: "Hello world",
    platforms: ["instagram", "facebook"],
    selectedAccounts: { instagram: [ig], facebook: [fb] },
    images: [image],
  };
  return { u, ig, fb, image, base };
}

const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();
/** Berlin's clocks go back on October's last Sunday and forward on March's (next year on the suite's clock). */
const autumnChange = lastSundayOf(10);
const springChange = lastSundayOf(3);

describe("POST /api/posts", () => {
  it("schedules 09:00 Berlin on the day after the October change at 08:00 UTC, with one target per account", async () => {
    const dayAfter = shiftDay(autumnChange, 1);
    const dayBefore = shiftDay(autumnChange, -1);
    const { u, ig, fb, image, base } = await setup();
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        ...base,
        hashtags: "#launch spring",
        mentions: ["@ann"],
        status: "scheduled",
        scheduledDate: { localDate: dayAfter, localTime: "09:00" },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Post scheduled successfully!");
    const post = res.body.data;
    expect(post).toMatchObject({
      content: "Hello world",
      platforms: ["instagram", "facebook"],
      selectedAccounts: { instagram: [ig], facebook: [fb] },
      hashtags: ["launch", "spring"],
      mentions: ["ann"],
      status: "scheduled",
      scheduledDate: `${dayAfter}T08:00:00.000Z`,
      timezone: "Europe/Berlin",
      metadata: { category: "other", source: "web" },
      images: [{ id: image, usage: { timesUsed: 1 } }],
    });
    expect(post.platformPosts).toHaveLength(2);
    expect(post.platformPosts.every((t) => t.status === "scheduled" && t.dueAt === `${dayAfter}T08:00:00.000Z`)).toBe(
      true,
    );
    const before = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { ...base, status: "scheduled", scheduledDate: { localDate: dayBefore, localTime: "09:00" } },
    });
    expect(before.body.data.scheduledDate).toBe(`${dayBefore}T07:00:00.000Z`);
  });

  it("saves a draft for real, without media or accounts", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { content: "Idea", platforms: ["instagram"], status: "draft" },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Draft saved successfully!");
    expect(res.body.data).toMatchObject({ status: "draft", platforms: ["instagram"], platformPosts: [] });
    expect(
      (await call<"GET /api/posts/:id">(`/api/posts/${res.body.data.id}`, { token: u.token })).body.data.content,
    ).toBe("Idea");
  });

  const long = (n: number) => "a".repeat(n);
  const BLUESKY_NOTE = "; Bluesky also holds a post to 3,000 bytes, so every 10 bytes count as 1 where emoji take more";
  it.each([
    [{ content: "   " }, "Please enter some content for your post"],
    [{ platforms: [] }, "Please select at least one platform"],
    [{ content: long(2201), platforms: ["instagram"] }, "Content exceeds character limit (2201/2200)"],
    [
      { content: long(281), platforms: ["instagram", "twitter"], selectedAccounts: {} },
      "Content exceeds X limit (281/280); X counts most emoji and CJK characters as 2 and every link as 23",
    ],
    [
      { content: "😀".repeat(150), platforms: ["twitter"], selectedAccounts: {} },
      "Content exceeds character limit (300/280); X counts most emoji and CJK characters as 2 and every link as 23",
    ],
    [
      // 150 graphemes, but 3,750 UTF-8 bytes: over app.bsky.feed.post's text maxLength of 3,000 bytes.
      { content: "👨‍👩‍👧‍👦".repeat(150), platforms: ["bluesky"], selectedAccounts: {} },
      `Content exceeds character limit (375/300)${BLUESKY_NOTE}`,
    ],
    [
      { content: "👨‍👩‍👧‍👦".repeat(150), platforms: ["bluesky", "linkedin"], selectedAccounts: {} },
      `Content exceeds Bluesky limit (375/300)${BLUESKY_NOTE}`,
    ],
    [{ images: [] }, "Images are required for all posts"],
    [{ platforms: ["instagram"], selectedAccounts: {} }, "Please select at least one Instagram account"],
    [{ platforms: ["youtube"], title: "Video" }, "YouTube posts require at least one video"],
    [{ platforms: ["youtube"], title: long(101) }, "YouTube title must be 100 characters or less"],
    [{ hashtags: "a b c d e f" }, "Too many hashtags for Facebook (6/5)"],
    [{ scheduledDate: "2020-01-01T09:00:00Z" }, "Schedule date cannot be in the past"],
    [{ scheduledDate: null }, "Please choose a date and time to schedule this post"],
    [{ scheduledDate: { localDate: `${NEXT_YEAR}-02-30`, localTime: "09:00" } }, "Please enter a valid date and time"],
    [
      { timezone: "Not/AZone", scheduledDate: { localDate: nextYearDay(5, 10), localTime: "09:00" } },
      "Please choose a valid timezone (for example Europe/Berlin)",
    ],
    [{ scheduledDate: "9999-12-31T09:00:00Z" }, "Schedule date cannot be more than 2 years ahead"],
    [
      { scheduledDate: new Date(Date.now() + 2 * 365 * 24 * 3600_000 + 3600_000).toISOString() },
      "Schedule date cannot be more than 2 years ahead",
    ],
  ])("refuses %j with the spec's message and writes nothing", async (change, message) => {
    const { u, base } = await setup();
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { ...base, status: "scheduled", scheduledDate: tomorrow(), ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    expect(await postCount(u.user.id)).toBe(0);
  });

  it("refuses a scheduled post whose channels would fail, listing the problems per channel", async () => {
    // An image the network takes once prepared is named with what preparing it does (ADR 088).
    const tallReasons = "Instagram does not take PNG; Instagram takes aspect ratios 0.8 to 1.91, not 0.33";
    const { u, ig, fb } = await setup();
    const png = await uploadOne(u, fileOf(pngBytes(1000, 3000), "tall.png"));
    await (await dbOf(u.user.id))
      .prepare("UPDATE connected_accounts SET token_expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, fb)
      .run();
    const body = {
      content: "Hi",
      platforms: ["instagram", "facebook"],
      selectedAccounts: { instagram: [ig], facebook: [fb] },
      images: [png],
      scheduledDate: tomorrow(),
    };
    const check = await call<"POST /api/posts/preflight">("/api/posts/preflight", { token: u.token, body });
    expect(check.status).toBe(200);
    expect(check.body.data.problems).toEqual([
      {
        platform: "instagram",
        accountId: null,
        message: `Prepare tall.png for Instagram: ${tallReasons}`,
        prepare: png,
      },
      { platform: "facebook", accountId: fb, message: "Your Facebook account @facebook_user needs to be reconnected." },
    ]);
    const res = await call<"POST /api/posts">("/api/posts", { token: u.token, body: { ...body, status: "scheduled" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Prepare tall.png for Instagram: ${tallReasons}`);
    expect((res.body.data as unknown as { problems: unknown[] }).problems).toHaveLength(2);
    expect(await postCount(u.user.id)).toBe(0);
  });

  it("checks video duration and size per platform", async () => {
    const u = await registerUser();
    const x = await insertAccount(u.user.id, "twitter");
    const yt = await insertAccount(u.user.id, "youtube");
    const video = await uploadOne(u, fileOf(await mp4Bytes({ width: 1280, height: 720, seconds: 150 }), "talk.mp4"));
    const body = {
      content: "Watch",
      title: "Talk",
      platforms: ["twitter", "youtube"],
      selectedAccounts: { twitter: [x], youtube: [yt] },
      videos: [video],
      scheduledDate: tomorrow(),
    };
    const check = await call<"POST /api/posts/preflight">("/api/posts/preflight", { token: u.token, body });
    expect(check.body.data.problems).toEqual([
      { platform: "twitter", accountId: null, message: "talk.mp4 is 150s long; X accepts videos up to 140s" },
    ]);
    const yOnly = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { ...body, platforms: ["youtube"], status: "scheduled" },
    });
    expect(yOnly.status).toBe(201);
    expect(yOnly.body.data.youtubeVideo?.id).toBe(video);
  });

  it("Publish Now queues every target, due now, without claiming success", async () => {
    const { u, base } = await setup();
    const res = await call<"POST /api/posts">("/api/posts", { token: u.token, body: { ...base, publishNow: true } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Post queued for publishing");
    expect(res.body.data.status).toBe("publishing");
    expect(res.body.data.platformPosts.map((t) => t.status)).toEqual(["queued", "queued"]);
    expect(Date.now() - Date.parse(res.body.data.platformPosts[0]!.dueAt!)).toBeLessThan(60_000);
  });
});

describe("updating, publishing and deleting", () => {
  it("reschedules only the targets not yet published (drag in the planner)", async () => {
    const { u, base } = await setup();
    const created = (
      await call<"POST /api/posts">("/api/posts", { token: u.token, body: { ...base, scheduledDate: tomorrow() } })
    ).body.data;
    const [first] = created.platformPosts;
    await (await dbOf(u.user.id))
      .prepare(
        "UPDATE post_targets SET status = 'published', permalink = 'https://instagram.com/p/1', published_at = ? WHERE id = ?",
      )
      .bind(Date.now(), first.id)
      .run();
    const res = await call<"PUT /api/posts/:id">(`/api/posts/${created.id}`, {
      method: "PUT",
      token: u.token,
      body: { scheduledDate: { localDate: springChange, localTime: "02:30" } },
    });
    expect(res.status).toBe(200);
    // 02:30 does not exist in Berlin that night: it moves forward to 03:30 CEST.
    expect(res.body.data.scheduledDate).toBe(`${springChange}T01:30:00.000Z`);
    expect(res.body.data.content).toBe("Hello world");
    const byId = Object.fromEntries(res.body.data.platformPosts.map((t) => [t.id, t]));
    expect(byId[first.id]).toMatchObject({
      status: "published",
      permalink: "https://instagram.com/p/1",
      dueAt: first.dueAt,
    });
    const other = res.body.data.platformPosts.find((t) => t.id !== first.id);
    expect(other).toMatchObject({ status: "scheduled", dueAt: `${springChange}T01:30:00.000Z` });
    expect(res.body.data.status).toBe("scheduled");

    const past = await call<"PUT /api/posts/:id">(`/api/posts/${created.id}`, {
      method: "PUT",
      token: u.token,
      body: { scheduledDate: "2020-01-01T00:00:00Z" },
    });
    expect(past.body).toEqual({ success: false, message: "Schedule date cannot be in the past" });
    const far = await call<"PUT /api/posts/:id">(`/api/posts/${created.id}`, {
      method: "PUT",
      token: u.token,
      body: { scheduledDate: "9999-01-01T00:00:00Z" },
    });
    expect(far.body).toEqual({ success: false, message: "Schedule date cannot be more than 2 years ahead" });
    const zone = await call<"PUT /api/posts/:id">(`/api/posts/${created.id}`, {
      method: "PUT",
      token: u.token,
      body: { timezone: "Not/AZone" },
    });
    expect(zone.body).toEqual({
      success: false,
      message: "Please choose a valid timezone (for example Europe/Berlin)",
    });
    expect((await call<"GET /api/posts/:id">(`/api/posts/${created.id}`, { token: u.token })).body.data.timezone).toBe(
      "Europe/Berlin",
    );
  });

  it("refuses to schedule a Bluesky draft whose text or thread part is over 3,000 bytes, as publishing would", async () => {
    const u = await registerUser();
    const bsky = await insertAccount(u.user.id, "bluesky");
    // 150 graphemes, within Bluesky's 300, but 3,750 UTF-8 bytes: app.bsky.feed.post takes at most 3,000.
    const heavy = "👨‍👩‍👧‍👦".repeat(150);
    const image = await uploadOne(u, fileOf(jpegBytes(1080, 1080), "square.jpg"));
    const body = {
      content: heavy,
      platforms: ["bluesky"],
      selectedAccounts: { bluesky: [bsky] },
      images: [image],
      status: "draft",
    };
    const draft = await call<"POST /api/posts">("/api/posts", { token: u.token, body });
    expect(draft.status).toBe(201);
    const scheduled = await call<"PUT /api/posts/:id">(`/api/posts/${draft.body.data.id}`, {
      method: "PUT",
      token: u.token,
      body: { status: "scheduled", scheduledDate: tomorrow() },
    });
    expect(scheduled.status).toBe(400);
    expect(scheduled.body).toMatchObject({ success: false, message: expect.stringMatching(/^Content exceeds/) });
    expect(scheduled.body.message).toContain("(375/300)");
    // A thread part is held to the same limit, named by its network and part.
    const part = await call<"PUT /api/posts/:id">(`/api/posts/${draft.body.data.id}`, {
      method: "PUT",
      token: u.token,
      body: {
        content: "Short",
        status: "scheduled",
        scheduledDate: tomorrow(),
        channels: [{ platform: "bluesky", accountId: bsky, text: "Short", thread: [heavy] }],
      },
    });
    expect(part.status).toBe(400);
    expect(part.body).toEqual({
      success: false,
      message: "Part 2 of the thread exceeds Bluesky limit (375/300)",
    });
    expect(
      (await call<"GET /api/posts/:id">(`/api/posts/${draft.body.data.id}`, { token: u.token })).body.data,
    ).toMatchObject({
      status: "draft",
      content: heavy,
    });
  });

  it("publishes an existing draft by queueing its targets", async () => {
    const { u, base } = await setup();
    const draft = (await call<"POST /api/posts">("/api/posts", { token: u.token, body: { ...base, status: "draft" } }))
      .body.data;
    expect(draft.platformPosts.map((t) => t.status)).toEqual(["draft", "draft"]);
    const res = await call<"POST /api/posts/:id/publish">(`/api/posts/${draft.id}/publish`, {
      method: "POST",
      token: u.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("publishing");
    expect(res.body.data.platformPosts.map((t) => t.status)).toEqual(["queued", "queued"]);
  });

  it("deletes a post with its targets", async () => {
    const { u, base } = await setup();
    const post = (
      await call<"POST /api/posts">("/api/posts", { token: u.token, body: { ...base, scheduledDate: tomorrow() } })
    ).body.data;
    expect(
      (await call<"DELETE /api/posts/:id">(`/api/posts/${post.id}`, { method: "DELETE", token: u.token })).status,
    ).toBe(200);
    expect((await call<"GET /api/posts/:id">(`/api/posts/${post.id}`, { token: u.token })).status).toBe(404);
    expect(
      await (await dbOf(u.user.id))
        .prepare("SELECT count(*) AS n FROM post_targets WHERE post_id = ?")
        .bind(post.id)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });
  });
});

describe("a post the platforms already have", () => {
  it("refuses edits of its text and media once a channel is live (409, and says what is still editable)", async () => {
    const { u, base } = await setup();
    const created = (
      await call<"POST /api/posts">("/api/posts", {
        token: u.token,
        body: { ...base, hashtags: ["spring"], scheduledDate: tomorrow() },
      })
    ).body.data;
    const [first] = created.platformPosts;
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET status = 'published', published_at = ? WHERE id = ?")
      .bind(Date.now(), first.id)
      .run();
    const refused = await call<"PUT /api/posts/:id">(`/api/posts/${created.id}`, {
      method: "PUT",
      token: u.token,
      body: { content: "Edited after the fact", hashtags: ["summer"] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      message:
        "This post is already published on Instagram, so its content, hashtags can no longer be changed here (the platform would still show the old version). You can still change its category, and the time and accounts of channels not yet published.",
    });
    const media = await call<"PUT /api/posts/:id">(`/api/posts/${created.id}`, {
      method: "PUT",
      token: u.token,
      body: { media: [], images: [] },
    });
    expect(media.status).toBe(409);
    expect(media.body.message).toContain("its media can no longer be changed");
    expect((await call<"GET /api/posts/:id">(`/api/posts/${created.id}`, { token: u.token })).body.data).toMatchObject({
      content: "Hello world",
      hashtags: ["spring"],
    });

    // The same text sent back unchanged, and the category, are fine.
    const allowed = await call<"PUT /api/posts/:id">(`/api/posts/${created.id}`, {
      method: "PUT",
      token: u.token,
      body: { content: "Hello world", hashtags: "#spring", metadata: { category: "promo" } },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.metadata.category).toBe("promo");
  });

  it("refuses to delete a post while a channel is being sent (409) and keeps it; deletes it once settled", async () => {
    const { u, base } = await setup();
    const created = (
      await call<"POST /api/posts">("/api/posts", { token: u.token, body: { ...base, scheduledDate: tomorrow() } })
    ).body.data;
    const [first] = created.platformPosts;
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET status = 'publishing' WHERE id = ?")
      .bind(first.id)
      .run();
    for (const path of [`/api/posts/${created.id}`, `/api/posts/${created.id}?deleteRemote=true`]) {
      const res = await call(path, { method: "DELETE", token: u.token });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message:
          "This post is being published right now and cannot be deleted. Try again in a minute, once it has finished.",
      });
    }
    expect(
      (await call<"GET /api/posts/:id">(`/api/posts/${created.id}`, { token: u.token })).body.data.platformPosts,
    ).toHaveLength(2);
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET status = 'published' WHERE id = ?")
      .bind(first.id)
      .run();
    expect(
      (await call<"DELETE /api/posts/:id">(`/api/posts/${created.id}`, { method: "DELETE", token: u.token })).status,
    ).toBe(200);
    expect((await call<"GET /api/posts/:id">(`/api/posts/${created.id}`, { token: u.token })).status).toBe(404);
  });
});

describe("GET /api/posts", () => {
  it("pages and filters by status, platform, date range and search", async () => {
    const { u, base, ig } = await setup();
    const make = (body: object) =>
      call<"POST /api/posts">("/api/posts", { token: u.token, body: { ...base, ...body } });
    await make({ content: "Spring sale", hashtags: ["deals"], status: "draft" });
    await make({ content: "Launch day", scheduledDate: { localDate: nextYearDay(5, 10), localTime: "09:00" } });
    await make({ content: "Team photo", scheduledDate: { localDate: nextYearDay(5, 20), localTime: "23:30" } });
    await make({
      content: "Only IG",
      platforms: ["instagram"],
      selectedAccounts: { instagram: [ig] },
      scheduledDate: { localDate: nextYearDay(6, 1), localTime: "09:00" },
    });
    const list = (q: string) => call<"GET /api/posts">(`/api/posts?${q}`, { token: u.token }).then((r) => r.body.data);

    const page2 = await list("limit=3&page=2");
    expect(page2.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 });
    expect(page2.posts.map((p) => p.content)).toEqual(["Spring sale"]);
    // A listed post shows what its detail shows: its own channels and media, not another page's.
    const page1 = await list("limit=3");
    expect(page1.posts).toHaveLength(3);
    for (const p of [...page1.posts, ...page2.posts]) {
      const detail = (await call<"GET /api/posts/:id">(`/api/posts/${p.id}`, { token: u.token })).body.data;
      expect(detail.platformPosts.length + detail.media.length).toBeGreaterThan(0);
      expect(p).toEqual(detail);
    }
    expect((await list("status=draft")).posts.map((p) => p.content)).toEqual(["Spring sale"]);
    expect((await list("platform=facebook")).posts.map((p) => p.content).sort()).toEqual([
      "Launch day",
      "Spring sale",
      "Team photo",
    ]);
    expect((await list("search=deals")).posts.map((p) => p.content)).toEqual(["Spring sale"]);
    expect((await list("search=launch")).posts.map((p) => p.content)).toEqual(["Launch day"]);
    // 23:30 Berlin on 20 May is 21:30 UTC: inside the local day, found by a local date range.
    expect(
      (await list(`from=${nextYearDay(5, 10)}&to=${nextYearDay(5, 20)}`)).posts.map((p) => p.content).sort(),
    ).toEqual(["Launch day", "Team photo"]);
    expect((await call<"GET /api/posts">("/api/posts?limit=101", { token: u.token })).status).toBe(400);
  });

  it("sort=date lists by the date each post shows (published, else scheduled, else created), latest first", async () => {
    const { u, base } = await setup();
    const make = (body: object) =>
      call<"POST /api/posts">("/api/posts", { token: u.token, body: { ...base, ...body } });
    // Written in an order unlike their dates: the June post first, the draft (dated today) last.
    await make({ content: "June", scheduledDate: { localDate: nextYearDay(6, 1), localTime: "09:00" } });
    await make({ content: "May", scheduledDate: { localDate: nextYearDay(5, 10), localTime: "09:00" } });
    await make({ content: "Idea", status: "draft" });
    const contents = async (q: string) => {
      const res = await call<"GET /api/posts">(`/api/posts?${q}`, { token: u.token });
      expect(res.status).toBe(200);
      return res.body.data.posts.map((p) => p.content);
    };
    expect(await contents("sort=date")).toEqual(["June", "May", "Idea"]);
    expect(await contents("sort=date&limit=2&page=2")).toEqual(["Idea"]);
    expect(await contents("sort=date&status=scheduled")).toEqual(["June", "May"]);
    const refused = await call<"GET /api/posts">("/api/posts?sort=likes", { token: u.token });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ success: false, message: "Sort by created or date." });
  });
});

describe("another user's posts", () => {
  it("cannot be read, listed, changed, published or deleted (404), and nothing changes", async () => {
    const { u: a, base } = await setup();
    const post = (
      await call<"POST /api/posts">("/api/posts", { token: a.token, body: { ...base, scheduledDate: tomorrow() } })
    ).body.data;
    const b = await registerUser();
    const notFound = { success: false, message: "The requested resource was not found." };
    expect((await call<"GET /api/posts/:id">(`/api/posts/${post.id}`, { token: b.token })).body).toEqual(notFound);
    expect((await call<"GET /api/posts">("/api/posts", { token: b.token })).body.data.posts).toEqual([]);
    expect(
      (
        await call<"PUT /api/posts/:id">(`/api/posts/${post.id}`, {
          method: "PUT",
          token: b.token,
          body: { content: "pwned" },
        })
      ).body,
    ).toEqual(notFound);
    expect(
      (await call<"POST /api/posts/:id/publish">(`/api/posts/${post.id}/publish`, { method: "POST", token: b.token }))
        .body,
    ).toEqual(notFound);
    expect(
      (await call<"DELETE /api/posts/:id">(`/api/posts/${post.id}`, { method: "DELETE", token: b.token })).body,
    ).toEqual(notFound);
    // B cannot publish through A's accounts either.
    const bImage = await uploadOne(b, fileOf(jpegBytes(1080, 1080), "b.jpg"));
    const steal = await call<"POST /api/posts">("/api/posts", {
      token: b.token,
      body: { ...base, images: [bImage], scheduledDate: tomorrow() },
    });
    expect(steal.body).toEqual(notFound);
    const after = (await call<"GET /api/posts/:id">(`/api/posts/${post.id}`, { token: a.token })).body.data;
    expect(after).toMatchObject({ content: "Hello world", status: "scheduled" });
    expect(after.platformPosts.map((t) => t.status)).toEqual(["scheduled", "scheduled"]);
  });
});

import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { jpegBytes, mp4Bytes, pngBytes } from "../test/media-fixtures";
import { mediaLinks } from "../test/media-links";
import { advanceEmulator, armFault, connectViaEmulator, platformHarness, raw } from "../test/oauth";
import { drizzleOf } from "../test/shards";
import { defaultVersion, versionedApi } from "./api-versions";
import type { PlatformClient, PublishMedia, PublishRequest } from "./types";
import { PlatformError } from "./types";

const DAY = 86_400_000;
/** The Graph version the clients call today (ADR 051). */
const graphVersion = defaultVersion(versionedApi("META_GRAPH_VERSION"), Date.now());

/** Real files behind signed links: the emulator downloads them through the app, as Meta would. */
let links: Awaited<ReturnType<typeof loadLinks>>;
const loadLinks = async () =>
  mediaLinks({
    square: { bytes: jpegBytes(1080, 1080), name: "square.jpg" },
    portrait: { bytes: jpegBytes(1080, 1350), name: "portrait.jpg" },
    wide: { bytes: jpegBytes(3000, 1000), name: "wide.jpg" },
    png: { bytes: pngBytes(1080, 1080), name: "photo.png" },
    mp4: { bytes: await mp4Bytes({ width: 1080, height: 1920, seconds: 3 }), name: "clip.mp4" },
  });
type Fixture = keyof typeof links.urls;

beforeAll(async () => {
  links = await loadLinks();
});

function media(kind: "image" | "video", file: Fixture, extra: Partial<PublishMedia> = {}): PublishMedia {
  return {
    kind,
    url: links.urls[file],
    mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
    size: 1000,
    open: async () => new Blob(["x"]).stream(),
    ...extra,
  };
}

function post(text: string, items: PublishMedia[] = []): PublishRequest {
  return { marker: crypto.randomUUID(), text, media: items };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

/** Connects for a fresh user and returns the harness plus credentials for the named account. */
async function connected(platform: string, variant: string | undefined, username: string, choices?: string[]) {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, platform, { variant, choices });
  const accounts = (
    await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: u.cookie })
  ).body.data.accounts;
  const account = accounts.find((a) => a.username === username)!;
  const h = platformHarness({}, await drizzleOf(u.user.id));
  return { u, h, id: account._id, creds: await h.accounts.accountCredentials(account._id) };
}

beforeEach(async () => {
  await raw("/sandbox/faults", { method: "DELETE" });
});

describe("Instagram with Facebook Login (graph.facebook.com)", () => {
  it("publishes an image, a carousel and a reel, polling containers until FINISHED", { timeout: 30_000 }, async () => {
    const { h, creds } = await connected("instagram", "facebook", "sunrisebakery");
    const ig = h.registry.instagram!;

    const image = await ig.publish(creds, post("Fresh croissants #bakery", [media("image", "portrait")]));
    expect(image.remoteId).toMatch(/^\d+$/);
    expect(image.permalink).toBeNull(); // read apart from publishing, so a failed read never resends
    expect(await ig.permalink!(creds, image.remoteId)).toMatch(/^https:\/\/www\.instagram\.com\/p\//);

    const carousel = await ig.publish(
      creds,
      post("Three ways", [media("image", "square"), media("image", "square"), media("video", "mp4")]),
    );
    expect(await ig.permalink!(creds, carousel.remoteId)).toMatch(/\/p\//);

    const before = Number((await (await raw("/sandbox/clock")).json<{ now: number }>()).now);
    const reel = await ig.publish(creds, post("Behind the scenes", [media("video", "mp4")]));
    expect(await ig.permalink!(creds, reel.remoteId)).toMatch(/\/reel\//);
    const after = Number((await (await raw("/sandbox/clock")).json<{ now: number }>()).now);
    // The video container was IN_PROGRESS for 30 s of emulator time: the client polled (and "slept") through it.
    expect(after - before).toBeGreaterThanOrEqual(30_000);
  });

  it("keeps the emulator's message for a caption over 2,200 characters or 30 hashtags, and a bad aspect ratio (permanent)", async () => {
    const { h, creds } = await connected("instagram", "facebook", "sunrisebakery");
    const ig = h.registry.instagram!;
    const long = await failure(ig.publish(creds, post("x".repeat(2201), [media("image", "square")])));
    expect(long.kind).toBe("permanent");
    expect(long.message).toBe("The caption is too long. The maximum is 2200 characters.");
    const tags = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(" ");
    const many = await failure(ig.publish(creds, post(tags, [media("image", "square")])));
    expect(many.message).toBe("The caption contains 31 hashtags. The maximum is 30.");
    const wide = await failure(ig.publish(creds, post("wide", [media("image", "wide")])));
    expect(wide.kind).toBe("permanent");
    expect(wide.message).toContain("between 4:5 and 1.91:1");
    const png = await failure(ig.publish(creds, post("png", [media("image", "png")])));
    expect(png.message).toBe("The image format is not supported. Only JPEG images can be published.");
  });

  it("classifies faults: 429 and 500 retryable (with Retry-After), timeout retryable", async () => {
    const { h, creds } = await connected("instagram", "facebook", "sunrisebakery");
    const ig = h.registry.instagram!;
    await armFault("facebook", "429");
    const limited = await failure(ig.publish(creds, post("hi", [media("image", "square")])));
    expect(limited).toMatchObject({
      kind: "retryable",
      message: "(#4) Application request limit reached",
      details: { status: 429, code: 4, retryAfterMs: 60_000 },
    });
    await armFault("facebook", "500");
    expect(await failure(ig.publish(creds, post("hi", [media("image", "square")])))).toMatchObject({
      kind: "retryable",
      details: { status: 500 },
    });
    await armFault("facebook", "timeout");
    expect(await failure(ig.publish(creds, post("hi", [media("image", "square")])))).toMatchObject({
      kind: "retryable",
      details: { status: 504 },
    });
    // The fault switch is spent: the next call goes through.
    expect((await ig.publish(creds, post("hi", [media("image", "square")]))).remoteId).toBeTruthy();
  });

  it("cannot delete through the API, and says so", async () => {
    const { h, creds } = await connected("instagram", "facebook", "sunrisebakery");
    const res = await h.registry.instagram!.publish(creds, post("keep", [media("image", "square")]));
    const err = await failure(h.registry.instagram!.deletePost(creds, res.remoteId));
    expect(err.kind).toBe("permanent");
    expect(err.message).toMatch(/does not allow deleting/);
  });

  it("reads metrics that grow with time since publishing, and comments", async () => {
    const { h, creds } = await connected("instagram", "facebook", "trailhead.outfitters", ["20150000000000002"]);
    const ig = h.registry.instagram!;
    const { remoteId } = await ig.publish(creds, post("Trail day", [media("image", "square")]));
    await advanceEmulator(DAY);
    const day1 = await ig.postMetrics(creds, remoteId);
    await advanceEmulator(DAY);
    const day2 = await ig.postMetrics(creds, remoteId);
    expect(day1.reach).toBeGreaterThan(0);
    expect(day2.reach).toBeGreaterThan(day1.reach);
    expect(day2.likes).toBeGreaterThanOrEqual(day1.likes);
    expect(await ig.postMetrics(creds, remoteId)).toEqual(day2);
    const account = await ig.accountMetrics(creds);
    expect(account.followers).toBeGreaterThan(0);
    const { age, gender, locations, activeHours } = account.audience!;
    for (const part of [age, gender, locations]) expect(part.reduce((s, x) => s + x.percentage, 0)).toBeCloseTo(100, 0);
    expect(age.map((a) => a.range)).toEqual(["13-17", "18-24", "25-34", "35-44", "45-54", "55-64", "65+"]);
    expect(activeHours.map((h) => h.hour)).toEqual([...Array(24).keys()]);
    expect(locations[0]!.percentage).toBeGreaterThanOrEqual(locations[1]!.percentage);
    const comments = await ig.comments(creds, remoteId);
    expect(comments.length).toBe(day2.comments > 25 ? 25 : day2.comments);
  });
});

describe("media by URL, downloaded through the app's signed link", () => {
  it("an expired link or a file of the wrong kind fails publishing clearly on Instagram, Threads and Facebook", async () => {
    const { h, creds } = await connected("instagram", "facebook", "sunrisebakery");
    const ig = h.registry.instagram!;
    const expired = { ...media("image", "square"), url: await links.expiredUrl("square") };
    const image = await failure(ig.publish(creds, post("stale link", [expired])));
    expect(image).toMatchObject({ kind: "permanent", details: { code: 9004, subcode: 2207052 } });
    expect(image.message).toBe(`The media could not be fetched from this uri: ${expired.url}`);
    const notJpeg = await failure(ig.publish(creds, post("a video as a photo", [media("image", "mp4")])));
    expect(notJpeg.message).toBe("The image format is not supported. Only JPEG images can be published.");
    // A video is fetched while its container processes: the container ends in ERROR with the subcode text.
    const reel = { ...media("video", "mp4"), url: await links.expiredUrl("mp4") };
    const video = await failure(ig.publish(creds, post("stale reel", [reel])));
    expect(video.kind).toBe("permanent");
    expect(video.message).toBe(
      "The media could not be processed (Error: Media download has failed. The media URI doesn't meet our requirements. (2207052)).",
    );

    const page = await connected("instagram", "facebook", "Sunrise Bakery");
    const photo = await failure(page.h.registry.facebook!.publish(page.creds, post("stale photo", [expired])));
    expect(photo).toMatchObject({ kind: "permanent", message: "(#324) Missing or invalid image file" });

    const threads = await connected("threads", undefined, "alex.rivera");
    const th = threads.h.registry.threads!;
    const thCreds = threads.creds;
    const thImage = await failure(th.publish(thCreds, post("stale", [expired])));
    // Threads answers code 1 (transient): the publisher retries, and each attempt signs a fresh link.
    expect(thImage).toMatchObject({ kind: "retryable", details: { code: 1, subcode: 2207052 } });
    expect(thImage.message).toBe(`The media could not be fetched from this uri: ${expired.url}`);
    const thVideo = await failure(
      th.publish(thCreds, post("stale", [{ ...media("video", "mp4"), url: await links.expiredUrl("mp4") }])),
    );
    expect(thVideo.message).toBe("The media could not be processed (FAILED_DOWNLOADING_VIDEO).");
  });
});

describe("Instagram Login (graph.instagram.com)", () => {
  it("publishes on graph.instagram.com and enforces the publishing quota the platform reports", {
    timeout: 30_000,
  }, async () => {
    const { h, creds } = await connected("instagram", "instagram-only", "alex.rivera.creates");
    const ig = h.registry.instagram!;
    const limit = async () => {
      const res = await raw(
        `/sandbox/graph.instagram.com/${graphVersion}/${creds.platformUserId}/content_publishing_limit?fields=quota_usage,config&access_token=${creds.accessToken}`,
      );
      return ((await res.json()) as { data: unknown[] }).data[0];
    };
    // PLATFORMS.md §2.2: 50 posts / 24 h by default; the docs disagree, so the emulator's quota is a setting.
    expect(await limit()).toEqual({ quota_usage: 0, config: { quota_total: 50, quota_duration: 86400 } });
    const setQuota = (instagramQuotaTotal: number) =>
      raw("/sandbox/settings", {
        method: "POST",
        body: JSON.stringify({ instagramQuotaTotal }),
        headers: { "Content-Type": "application/json" },
      });
    expect((await setQuota(3)).status).toBe(200);
    const first = await ig.publish(creds, post("Studio day", [media("image", "square")]));
    expect(await ig.permalink!(creds, first.remoteId)).toMatch(/instagram\.com\/p\//);
    for (let i = 1; i < 3; i++) await ig.publish(creds, post(`post ${i}`, [media("image", "square")]));
    expect(await limit()).toMatchObject({ quota_usage: 3, config: { quota_total: 3 } });
    const over = await failure(ig.publish(creds, post("one too many", [media("image", "square")])));
    expect(over.kind).toBe("retryable");
    expect(over.message).toBe("Instagram's limit of 3 posts per 24 hours is reached.");
    expect((await setQuota(0)).status).toBe(400);
    expect((await setQuota(50)).status).toBe(200);
    await advanceEmulator(DAY + 1000);
  });

  it("refreshes a token about to expire before use, and an expired one marks the account needs_reconnect", async () => {
    const { u, h, id, creds } = await connected("instagram", "instagram-only", "sunrise.bakes", ["17841400000000012"]);
    const ig = h.registry.instagram!;
    // 2 minutes before expiry on both clocks: the credentials come back refreshed and work.
    const nearly = 5183944 * 1000 - 120_000;
    h.clock.shiftMs = nearly;
    await advanceEmulator(nearly);
    const fresh = await h.accounts.accountCredentials(id);
    expect(fresh.accessToken).not.toBe(creds.accessToken);
    expect((await ig.publish(fresh, post("after refresh", [media("image", "square")]))).remoteId).toBeTruthy();
    // The old token has now expired at the platform: 190/463 is an auth error.
    await advanceEmulator(180_000);
    const expired = await failure(ig.publish(creds, post("old token", [media("image", "square")])));
    expect(expired).toMatchObject({ kind: "auth", details: { code: 190, subcode: 463 } });

    // 61 days on, the refreshed token is dead too: refresh fails and the account needs reconnecting.
    h.clock.shiftMs += 61 * DAY;
    await advanceEmulator(61 * DAY);
    const refused = await failure(h.accounts.accountCredentials(id));
    expect(refused.kind).toBe("auth");
    expect(refused.message).toMatch(
      /^Instagram refused to refresh access: Error validating access token: Session has expired/,
    );
    const view = await call<"GET /api/accounts/:id">(`/api/accounts/${id}`, { cookie: u.cookie });
    expect(view.body.data).toMatchObject({ status: "needs_reconnect", connected: false });
    expect(view.body.data.statusReason).toMatch(/refused to refresh access/);
    expect((await failure(h.accounts.accountCredentials(id))).kind).toBe("auth");
  });
});

describe("Facebook Pages", () => {
  it("publishes a photo, a multi-photo post and a video, and deletes", async () => {
    const { h, creds } = await connected("instagram", "facebook", "Sunrise Bakery");
    const fb: PlatformClient = h.registry.facebook!;
    const photo = await fb.publish(creds, post("Today's loaf", [media("image", "square")]));
    expect(photo.remoteId).toMatch(/^20150000000000001_\d+$/);
    expect(await fb.permalink!(creds, photo.remoteId)).toContain("https://www.facebook.com/20150000000000001/posts/");
    const album = await fb.publish(
      creds,
      post("Our week", [media("image", "square"), media("image", "square"), media("image", "square")]),
    );
    expect(album.remoteId).toMatch(/^20150000000000001_/);
    const video = await fb.publish(creds, { ...post("Kneading", [media("video", "mp4")]), title: "How we knead" });
    expect(video.remoteId).toMatch(/^\d+$/);
    const mixed = await failure(fb.publish(creds, post("mixed", [media("image", "square"), media("video", "mp4")])));
    expect(mixed.kind).toBe("permanent");
    await fb.deletePost(creds, album.remoteId);
    expect(await fb.findPublished(creds, "m", Date.now() - DAY, "Our week")).toBeNull();
    await advanceEmulator(DAY);
    const m = await fb.postMetrics(creds, photo.remoteId);
    expect(m.reach).toBeGreaterThan(0);
    expect(m.likes).toBeGreaterThan(0);
    const account = await fb.accountMetrics(creds);
    expect(account.followers).toBeGreaterThan(0);
    expect(account.audience!.locations.reduce((s, l) => s + l.percentage, 0)).toBeCloseTo(100, 0);
    expect(account.audience!.locations.map((l) => l.country)).toContain("US");
  });

  it("a dropped answer is retryable with an unknown outcome, and findPublished finds the post", async () => {
    const { h, creds } = await connected("instagram", "facebook", "Sunrise Bakery");
    const fb = h.registry.facebook!;
    const since = Date.now();
    const text = `Dropped answer ${crypto.randomUUID()}`;
    await armFault("facebook", "drop");
    const lost = await failure(fb.publish(creds, post(text)));
    expect(lost).toMatchObject({ kind: "retryable", details: { outcomeUnknown: true, status: 502 } });
    const found = await fb.findPublished(creds, "marker", since, text);
    expect(found?.remoteId).toMatch(/^20150000000000001_/);
    expect(await fb.findPublished(creds, "marker", since, "never posted")).toBeNull();
  });

  it("an invalid token is an auth error", async () => {
    const { h, creds } = await connected("instagram", "facebook", "Sunrise Bakery");
    const err = await failure(h.registry.facebook!.publish({ ...creds, accessToken: "EAAPnot-a-token" }, post("x")));
    expect(err).toMatchObject({ kind: "auth", details: { code: 190 } });
  });
});

describe("Threads", () => {
  it("publishes text, an image, a video and a carousel with status polling; deletes; reads insights", async () => {
    const { h, creds } = await connected("threads", undefined, "alex.rivera");
    const th = h.registry.threads!;
    const text = await th.publish(creds, post("Hello Threads"));
    expect(await th.permalink!(creds, text.remoteId)).toMatch(/^https:\/\/www\.threads\.net\/@alex\.rivera\/post\//);
    expect((await th.publish(creds, post("A photo", [media("image", "png")]))).remoteId).toBeTruthy();
    expect((await th.publish(creds, post("A video", [media("video", "mp4")]))).remoteId).toBeTruthy();
    const carousel = await th.publish(creds, post("A carousel", [media("image", "square"), media("video", "mp4")]));
    expect(carousel.remoteId).toBeTruthy();
    await th.deletePost(creds, text.remoteId);
    expect(await th.findPublished(creds, "m", Date.now() - DAY, "Hello Threads")).toBeNull();
    expect((await th.findPublished(creds, "m", Date.now() - DAY, "A carousel"))?.remoteId).toBe(carousel.remoteId);
    await advanceEmulator(DAY);
    const m = await th.postMetrics(creds, carousel.remoteId);
    expect(m.impressions).toBeGreaterThan(0);
    expect((await th.accountMetrics(creds)).followers).toBeGreaterThan(0);
  });

  it("over 500 characters is permanent with the platform's message; 429 is retryable", async () => {
    const { h, creds } = await connected("threads", undefined, "alex.rivera");
    const th = h.registry.threads!;
    const long = await failure(th.publish(creds, post("x".repeat(501))));
    expect(long).toMatchObject({
      kind: "permanent",
      message: "Your post is over 500 characters.",
      details: { code: 100 },
    });
    await armFault("threads", "429");
    expect(await failure(th.publish(creds, post("hi")))).toMatchObject({
      kind: "retryable",
      details: { retryAfterMs: 60_000 },
    });
  });
});

import { Readable } from "node:stream";
import { mybusinessaccountmanagement } from "@googleapis/mybusinessaccountmanagement";
import { mybusinessbusinessinformation } from "@googleapis/mybusinessbusinessinformation";
import { auth, youtube } from "@googleapis/youtube";
import { addDays } from "date-fns";
import type { Locator, Page } from "playwright-core";
import { test as serverTest } from "vitest";
import { mp4Bytes } from "../workers/test/media-fixtures";
import { expect, serverUrl, test } from "./browser";
import { composeWithImage, newUser, registerViaApi } from "./helpers";
import { approveConsent, connectViaConsent, nextMinuteAtLeast, pickLaterUtc, runCron } from "./platforms";

/**
 * Schedules the composer's post for the first whole minute at least 10 s away and returns that minute. Picking
 * it and pressing Schedule take a few seconds; were it a little late, the app still takes a minute just gone.
 * Every second of lead is waited for again before the posts are published.
 */
async function scheduleAhead(composer: Locator) {
  const due = nextMinuteAtLeast(10_000);
  await pickLaterUtc(composer, due);
  await composer.getByRole("button", { name: "Schedule For Later" }).click();
  // Sending prepares images in the page first, which a loaded machine slows; a composer left open says why.
  await composer.waitFor({ state: "detached", timeout: 60_000 }).catch(async (err) => {
    throw new Error(`the composer stayed open, showing: ${await composer.innerText().catch(() => "?")}`, {
      cause: err,
    });
  });
  return due;
}

/** Opens a card's post detail and expects each named channel published with its permalink. */
async function expectPermalinks(page: Page, card: Locator, text: RegExp, names: string[]) {
  await card.getByRole("button", { name: text }).click();
  const detail = page.getByRole("dialog", { name: "Post Details" });
  for (const name of names) {
    const channel = detail.getByRole("listitem", { name: `${name} channel` });
    await channel.getByText("Published", { exact: true }).waitFor();
    expect(await channel.getByRole("link", { name: `View on ${name}` }).getAttribute("href")).toMatch(
      /^\/sandbox\/view\?url=https/,
    );
  }
  await detail.getByRole("button", { name: "Close" }).click();
  await detail.waitFor({ state: "detached" });
}

/**
 * The Wave 3 networks and native formats (ADR 063–066), scheduled as a user would: a vertical video to TikTok (its
 * creator info shown, no audience preset and the post held until one is chosen), as an Instagram Reel and as a
 * YouTube Short; a photo pinned to a board made from the composer, as a Business Profile offer and as an Instagram
 * Story. Both posts are due within the same minute or two, one cron run claims them, and every channel is published.
 * The file's tests run side by side (each with its own user and browser context, and the test's own `expect`, which
 * vitest needs to tell concurrent tests apart): most of this one's time is the wait for its due minute, which the
 * other two fill.
 */
test.concurrent("scheduled: a TikTok video, a Reel and a Short; a pin to a new board, a Business Profile offer and a Story", async ({
  journey: { page, baseUrl },
  expect,
}) => {
  await registerViaApi(page, newUser("Tia Baker"));
  const headers = { Origin: baseUrl };
  expect(
    (await page.context().request.put("/api/users/timezone", { data: { timezone: "UTC" }, headers })).status(),
  ).toBe(200);
  for (const platform of ["tiktok", "instagram", "youtube", "pinterest", "google_business"])
    await connectViaConsent(page, platform);

  const video = await composeWithImage(page, baseUrl, {
    networks: ["TikTok", "Instagram", "YouTube"],
    text: `The crumb shot ${new Date().toISOString()}`,
    image: { name: "crumb.mp4", width: 1080, height: 1920, seconds: 4 },
  });
  await video.getByLabel(/^YouTube title/).fill("The crumb shot");
  const channels = video.getByRole("region", { name: "Channel versions" });
  await channels.getByRole("tab", { name: "TikTok" }).click();
  const tiktok = video.getByRole("group", { name: "TikTok options" });
  await tiktok.getByText(/^Posting to .+ on TikTok\. Videos up to \d+ s\./).waitFor();
  for (const name of ["Allow comments", "Allow Duet", "Allow Stitch"]) await tiktok.getByLabel(name).waitFor();
  const audience = tiktok.getByLabel("Who can see this post");
  expect(await audience.inputValue()).toBe("");
  await video.getByText("Choose who can see this TikTok post").first().waitFor();
  await audience.selectOption({ label: "Only me" });
  await expect.poll(() => video.getByText("Choose who can see this TikTok post").count()).toBe(0);
  await channels.getByRole("tab", { name: "Instagram" }).click();
  await video.getByRole("group", { name: "Format on Instagram" }).getByRole("radio", { name: "Reel" }).check();
  await channels.getByRole("tab", { name: "YouTube" }).click();
  const youtube = video.getByRole("group", { name: "Format on YouTube" });
  await youtube.getByRole("radio", { name: "Short" }).check();
  await youtube.getByText("YouTube will show this video as a Short.").waitFor();
  const videoDue = await scheduleAhead(video);

  const photo = await composeWithImage(page, baseUrl, {
    networks: ["Pinterest", "Google Business Profile", "Instagram"],
    text: `Saturday bake-off ${new Date().toISOString()}`,
    image: { name: "bake-off.jpg", width: 1080, height: 1920 },
  });
  const photoChannels = photo.getByRole("region", { name: "Channel versions" });
  await photoChannels.getByRole("tab", { name: "Pinterest" }).click();
  const pinterest = photo.getByRole("group", { name: "Pinterest options" });
  const chosen = () => pinterest.getByLabel("Board", { exact: true }).locator("option:checked").innerText();
  await pinterest.getByRole("option", { name: "Recipes" }).waitFor({ state: "attached" });
  expect(await chosen()).toBe("Choose a board");
  const board = `Bread ${Date.now() % 100_000}`;
  await pinterest.getByLabel("New board").fill(board);
  await pinterest.getByRole("button", { name: "Create board" }).click();
  await expect.poll(chosen).toBe(board);
  await photoChannels.getByRole("tab", { name: "Google Business Profile" }).click();
  const offer = photo.getByRole("group", { name: "Google Business Profile options" });
  await offer.getByLabel("Post type").selectOption({ label: "Offer" });
  await offer.getByLabel("Offer title").fill("Two loaves for one");
  const day = (at: Date) => at.toISOString().slice(0, 10);
  await offer.getByLabel("Starts").fill(day(new Date()));
  await offer.getByLabel("Ends").fill(day(addDays(new Date(), 7)));
  await offer.getByLabel("Coupon code (optional)").fill("BAKEOFF");
  await offer.getByLabel("Terms and conditions (optional)").fill("One per customer.");
  await photoChannels.getByRole("tab", { name: "Instagram" }).click();
  const format = photo.getByRole("group", { name: "Format on Instagram" });
  await format.getByRole("radio", { name: "Story" }).check();
  await format.getByText("A Story shows no caption and lasts 24 hours.").waitFor();
  const photoDue = await scheduleAhead(photo);

  const videoCard = page.getByRole("article", { name: /The crumb shot/ });
  const photoCard = page.getByRole("article", { name: /Saturday bake-off/ });
  await videoCard.getByText("TikTok: Scheduled").waitFor();
  await photoCard.getByText("Pinterest: Scheduled").waitFor();
  // One cron run claims what is due within its minute: both posts, once the later one is that close.
  const due = Math.max(videoDue, photoDue);
  await expect.poll(() => Date.now() >= due - 50_000, { timeout: 120_000, interval: 1_000 }).toBe(true);
  await runCron(baseUrl);

  // TikTok's channel is published only once its status reads PUBLISH_COMPLETE (processing polled to the end).
  for (const name of ["TikTok", "Instagram", "YouTube"])
    await videoCard.getByText(`${name}: Published`).waitFor({ timeout: 150_000 });
  for (const name of ["Pinterest", "Google Business Profile", "Instagram"])
    await photoCard.getByText(`${name}: Published`).waitFor({ timeout: 60_000 });
  await videoCard.getByText("Instagram Reel").waitFor();
  await videoCard.getByText("YouTube Short").waitFor();
  await photoCard.getByText("Instagram Story").waitFor();
  // An "Only me" TikTok post has no public link; every other channel opens its own.
  await expectPermalinks(page, videoCard, /The crumb shot/, ["Instagram", "YouTube"]);
  await expectPermalinks(page, photoCard, /Saturday bake-off/, ["Pinterest", "Google Business Profile", "Instagram"]);
  // Up to 70 s of it is the clock coming round to the due minute, which a loaded machine does not shorten.
}, 300_000);

/**
 * Media prepared per network (ADR 088, 100): a 5.8 MB panorama is over X's 5 MB and outside Instagram's aspect ratios.
 * The Instagram channel's crop frame is moved with the arrow keys and the browser draws its JPEG copy; X is left as
 * the composer says it will be sent (the whole image, made smaller), and sending prepares that copy itself. Each
 * channel publishes its copy while the library keeps the original alone.
 */
test.concurrent("an oversized panorama prepared for Instagram with a moved crop and for X at send, then published to both", async ({
  journey: { page, baseUrl, expectStatus },
  expect,
}) => {
  await registerViaApi(page, newUser("Pan Baker"));
  await connectViaConsent(page, "instagram");
  await connectViaConsent(page, "twitter");
  // The first two checks of the post with its image find the server busy: the composer says so and tries again.
  let refused = 0;
  expectStatus(503, "/api/posts/preflight");
  await page.route("**/api/posts/preflight", (route) =>
    JSON.parse(route.request().postData() ?? "{}").media?.length && refused++ < 2
      ? route.fulfill({ status: 503, json: { success: false, message: "Service unavailable" } })
      : route.continue(),
  );
  const composer = await composeWithImage(page, baseUrl, {
    networks: ["Instagram", "X"],
    text: `The whole counter ${Date.now()}`,
    image: { name: "counter.png", width: 2400, height: 800, photo: true },
  });
  const retrying = composer.getByText("Could not check the channels (Service unavailable); trying again…");
  await retrying.waitFor();
  // The status line keeps its height once it has nothing to say, so the fields above it never jump.
  const line = (await retrying.elementHandle())!;
  const saying = (await line.boundingBox())!.height;
  const checks = composer.getByRole("region", { name: "Channel checks" });
  await checks.getByText("Prepare counter.png for Instagram", { exact: false }).waitFor();
  expect(await line.innerText()).toBe("");
  expect((await line.boundingBox())!.height).toBe(saying);
  const send = composer.getByRole("button", { name: "Publish Now" });

  const channels = composer.getByRole("region", { name: "Channel versions" });
  await channels.getByRole("tab", { name: "Instagram" }).click();
  const instagram = channels.getByRole("region", { name: "Prepare for Instagram" });
  await instagram.getByText("If you send without preparing it, it is cropped to 1.91:1 from the centre.").waitFor();
  await instagram.getByRole("button", { name: "1.91:1" }).click();
  const frame = instagram.getByRole("group", { name: "Crop for Instagram" });
  const before = await instagram.getByText(/^Drag the frame/).innerText();
  await frame.focus();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => instagram.getByText(/^Drag the frame/).innerText()).not.toBe(before);
  await instagram.getByRole("button", { name: "Prepare counter.png for Instagram" }).click();
  await instagram.waitFor({ state: "detached", timeout: 30_000 });

  await channels.getByRole("tab", { name: "X" }).click();
  const x = channels.getByRole("region", { name: "Prepare for X" });
  await x.getByText("If you send without preparing it, the whole image is sent, re-encoded to fit.").waitFor();
  // An image still to prepare does not hold the send back: sending prepares it.
  await expect.poll(() => send.isDisabled()).toBe(false);
  await send.click();
  await composer.waitFor({ state: "detached" });
  const card = page.getByRole("article", { name: /The whole counter/ });
  await card.getByText("Instagram: Published").waitFor({ timeout: 90_000 });
  await card.getByText("X: Published").waitFor({ timeout: 90_000 });

  // The library still lists the original alone; each channel published a JPEG copy cut from it.
  const library = await (await page.context().request.get("/api/media")).json();
  expect(library.data.media.map((m: { originalName: string }) => m.originalName)).toEqual(["counter.png"]);
  const [post] = (await (await page.context().request.get("/api/posts")).json()).data.posts;
  const copies = post.channels.map((c: { platform: string; media: string[] }) => [c.platform, c.media.length]);
  expect(copies.sort()).toEqual([
    ["instagram", 1],
    ["twitter", 1],
  ]);
});

/**
 * Google's own generated Node clients, unchanged, against the emulator's Google hosts (ADR 100): google-auth-library's
 * OAuth2 client gets the token from the emulator's consent and token endpoints, @googleapis/youtube uploads a vertical
 * video (multipart, as the client chooses), reads it back with its statistics and deletes it, and the Business Profile
 * v1 clients list the accounts and their locations. v4 local posts have no generated client.
 */
serverTest.concurrent(
  "Google's official clients: YouTube upload, read and delete; Business Profile accounts and locations",
  async ({ expect }) => {
    const sandbox = `${serverUrl()}/sandbox`;
    const oauth = new auth.OAuth2({
      clientId: "sdk-journey-google-app",
      clientSecret: "sdk-journey-google-secret",
      redirectUri: "http://localhost/sdk/callback",
      endpoints: {
        oauth2AuthBaseUrl: `${sandbox}/accounts.google.com/o/oauth2/v2/auth`,
        oauth2TokenUrl: `${sandbox}/oauth2.googleapis.com/token`,
      },
    });
    const scopes = ["youtube.upload", "youtube.readonly", "youtube.force-ssl", "business.manage"];
    const authUrl = oauth.generateAuthUrl({
      access_type: "offline",
      scope: scopes.map((s) => `https://www.googleapis.com/auth/${s}`),
      state: "sdk",
    });
    const { tokens } = await oauth.getToken(await approveConsent(authUrl, "UCx7Kq2PostlineDemoKitch"));
    expect(tokens.refresh_token).toBeTruthy();
    oauth.setCredentials(tokens);

    // Each call takes the emulated host as its method option: a client-wide rootUrl keeps only its origin (googleapis-
    // common resolves the API path against it) and is not applied to upload URLs.
    const yt = youtube({ version: "v3", auth: oauth });
    const api = { rootUrl: `${sandbox}/www.googleapis.com/` };
    const video = await mp4Bytes({ width: 1080, height: 1920, seconds: 3 });
    const inserted = await yt.videos.insert(
      {
        part: ["snippet", "status"],
        requestBody: { snippet: { title: "SDK short #Shorts" }, status: { privacyStatus: "private" } },
        media: { mimeType: "video/mp4", body: Readable.from(Buffer.from(video)) },
      },
      api,
    );
    expect(inserted.status).toBe(200);
    const id = inserted.data.id!;
    expect(inserted.data.snippet?.title).toBe("SDK short #Shorts");
    const listed = await yt.videos.list({ part: ["snippet", "statistics"], id: [id] }, api);
    expect(listed.data.items?.[0]).toMatchObject({ id, statistics: { viewCount: expect.any(String) } });
    expect((await yt.videos.delete({ id }, api)).status).toBe(204);
    expect((await yt.videos.list({ part: ["id"], id: [id] }, api)).data.items).toEqual([]);

    // An access token its client takes for expired is renewed with the refresh token before the next call.
    const first = oauth.credentials.access_token;
    oauth.setCredentials({ ...oauth.credentials, expiry_date: 1 });
    const accounts = await mybusinessaccountmanagement({ version: "v1", auth: oauth }).accounts.list(
      {},
      { rootUrl: `${sandbox}/mybusinessaccountmanagement.googleapis.com/` },
    );
    expect(oauth.credentials.access_token).not.toBe(first);
    const account = accounts.data.accounts?.[0]?.name;
    expect(account).toMatch(/^accounts\/\d+$/);
    const locations = await mybusinessbusinessinformation({ version: "v1", auth: oauth }).accounts.locations.list(
      { parent: account!, readMask: "name,title" },
      { rootUrl: `${sandbox}/mybusinessbusinessinformation.googleapis.com/` },
    );
    expect(locations.data.locations?.length).toBeGreaterThan(0);
    expect(locations.data.locations?.[0]).toEqual({
      name: expect.stringMatching(/^locations\//),
      title: expect.any(String),
    });
  },
);

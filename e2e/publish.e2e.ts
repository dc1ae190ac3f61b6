import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { chooseChannels, gotoHydrated, newUser, registerViaApi, toast } from "./helpers";
import { connectViaConsent, nextMinuteAtLeast, pickLaterUtc, runCron } from "./platforms";

test("a post scheduled a minute ahead turns published on the Content Hub without a reload, and its permalink opens in the emulator", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Noor Haddad"));
  expect(
    (await page.context().request.put("/api/users/timezone", { data: { timezone: "UTC" }, headers })).status(),
  ).toBe(200);
  await connectViaConsent(page, "twitter");
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: { name: "loaf.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) },
      folder: "general",
    },
    headers,
  });
  expect(upload.status()).toBe(201);

  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await chooseChannels(composer, "X");
  // X refuses duplicate text, so each run writes its own.
  const text = `Loaves out of the oven at ${new Date().toISOString()}`;
  await composer.getByLabel("Content", { exact: true }).fill(text);
  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: /loaf\.jpg/ }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();
  // The composer's own media list (each channel's preview shows the media too).
  await composer
    .getByRole("region", { name: "Media", exact: true })
    .getByRole("region", { name: "Attached media" })
    .waitFor();

  // Far enough ahead to fill the form before it is due; the cron claims it within the minute before.
  const due = nextMinuteAtLeast(25_000);
  await pickLaterUtc(composer, due);
  await composer.getByRole("button", { name: "Schedule For Later" }).click();
  await toast(page, "Post scheduled successfully!");
  const card = page.getByRole("article", { name: /Loaves out of the oven/ });
  await card.getByText("X: Scheduled").waitFor();
  // A marker on the window proves the page was never reloaded while the status changed.
  await page.evaluate(() => Object.assign(window, { journeyMarker: true }));

  // The cron claims what is due within 60 s; run it once the post is that close.
  await expect.poll(() => Date.now() >= due - 50_000, { timeout: 120_000, interval: 1_000 }).toBe(true);
  await runCron(baseUrl);
  // Claimed: the card says so (not "Queued"), and the editor says it before anyone types (issue 42): the text
  // is frozen, so nothing typed there can be lost to a refused save.
  await card.getByText("X: Publishing").waitFor({ timeout: 30_000 });
  await card.hover();
  await card.getByRole("button", { name: "Edit post" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  await editor
    .getByRole("status", { name: "Publishing lock" })
    .getByText(/^This post is being published right now on X, so its text, hashtags, mentions, title and media/)
    .waitFor();
  expect(await editor.getByLabel("Content", { exact: true }).isDisabled()).toBe(true);
  await editor.getByRole("button", { name: "Close" }).click();
  await editor.waitFor({ state: "detached" });
  await card.getByText("X: Published").waitFor({ timeout: 150_000 });
  expect(await page.evaluate(() => (window as unknown as { journeyMarker?: boolean }).journeyMarker)).toBe(true);

  // Post detail: the channel is published, and its link opens the emulator's viewer of the real permalink.
  await card.getByRole("button", { name: /Loaves out of the oven/ }).click();
  const detail = page.getByRole("dialog", { name: "Post Details" });
  const channel = detail.getByRole("listitem", { name: "X channel" });
  await channel.getByText("Published", { exact: true }).waitFor();
  const link = channel.getByRole("link", { name: "View on X" });
  expect(await link.getAttribute("href")).toMatch(/^\/sandbox\/view\?url=https%3A%2F%2Fx\.com%2F/);
  const [viewer] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await viewer.getByText("Postline platform emulator", { exact: false }).waitFor();
  await viewer.getByRole("heading", { name: "X post" }).waitFor();
  await viewer.getByText(text).waitFor();
  await viewer.close();
}, 360_000);

test("a failed channel shows the platform's message in the post detail and Retry sends it again", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Omar Said"));
  await connectViaConsent(page, "twitter");
  const request = page.context().request;
  const upload = await request.post("/api/media/upload", {
    headers,
    multipart: { files: { name: "rye.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(800, 800)) } },
  });
  const image = (await upload.json()).data[0].id as string;
  const account = (await (await request.get("/api/accounts")).json()).data.accounts[0]._id as string;
  // X refuses the same text twice: the second post's channel fails with X's own words.
  const text = `Rye loaves today ${new Date().toISOString()}`;
  const publishNow = async () => {
    const res = await request.post("/api/posts", {
      headers,
      data: {
        content: text,
        platforms: ["twitter"],
        selectedAccounts: { twitter: [account] },
        images: [image],
        publishNow: true,
      },
    });
    expect(res.status()).toBe(201);
  };
  await publishNow();
  await expect
    .poll(async () => (await (await request.get("/api/posts?status=published")).json()).data.posts.length, {
      timeout: 60_000,
    })
    .toBe(1);
  await publishNow();

  await gotoHydrated(page, "/content");
  // Two cards with the same text: the published one, and the one that turns failed while the list watches it.
  const card = page.getByRole("article", { name: /Rye loaves today/ }).filter({ has: page.getByText("X: Failed") });
  await card.waitFor({ timeout: 60_000 });
  await card.getByRole("button", { name: /Rye loaves today/ }).click();
  const channel = page.getByRole("dialog", { name: "Post Details" }).getByRole("listitem", { name: "X channel" });
  await channel.getByText("You are not allowed to create a Tweet with duplicate content.").waitFor();
  await channel.getByRole("button", { name: "Retry X" }).click();
  await toast(page, "Retrying this channel");
  // The retry goes out and X answers the same way: the channel settles failed again, with the message.
  await channel.getByText("Failed", { exact: true }).waitFor({ timeout: 60_000 });
  await channel.getByText("You are not allowed to create a Tweet with duplicate content.").waitFor();
});

import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { chooseChannels, gotoHydrated, newUser, registerViaApi } from "./helpers";
import { connectViaConsent } from "./platforms";

/**
 * TikTok (ADR 064) as its Content Sharing Guidelines ask: the composer names the creator, presets no audience,
 * pre-flight holds the post until one is chosen, and the photo post then goes out through the emulated Content
 * Posting API (processing polled to the end).
 */
test("a TikTok photo post: no audience preset, held until one is chosen, then published", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Tia Baker"));
  await connectViaConsent(page, "tiktok");
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: { name: "crumb.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1920)) },
      folder: "general",
    },
    headers,
  });
  expect(upload.status()).toBe(201);

  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await chooseChannels(composer, "TikTok");
  await composer.getByLabel("Content", { exact: true }).fill(`The crumb shot ${new Date().toISOString()}`);
  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: /crumb\.jpg/ }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();

  const options = composer.getByRole("group", { name: "TikTok options" });
  await options.getByText(/^Posting to .+ on TikTok\./).waitFor();
  const audience = options.getByLabel("Who can see this post");
  expect(await audience.inputValue()).toBe("");
  await composer.getByText("Choose who can see this TikTok post").first().waitFor();

  await audience.selectOption({ label: "Only me" });
  await expect.poll(() => composer.getByText("Choose who can see this TikTok post").count()).toBe(0);
  await composer.getByRole("button", { name: "Publish Now" }).click();
  await composer.waitFor({ state: "detached" });
  const card = page.getByRole("article", { name: /The crumb shot/ });
  await card.getByText("TikTok: Published").waitFor({ timeout: 90_000 });
});

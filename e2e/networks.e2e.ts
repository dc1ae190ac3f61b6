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

/**
 * Pinterest (ADR 063): a pin is saved to a board; the composer lists the account's boards with none chosen, makes a
 * new one on the account through the API and picks it, and the pin is saved there.
 */
test("a Pinterest pin: no board preset, a new board made from the composer, then pinned", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Pia Baker"));
  await connectViaConsent(page, "pinterest");
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: { name: "loaf-pin.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1000, 1500)) },
      folder: "general",
    },
    headers,
  });
  expect(upload.status()).toBe(201);

  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await chooseChannels(composer, "Pinterest");
  await composer.getByLabel("Content", { exact: true }).fill(`Step-by-step sourdough ${new Date().toISOString()}`);
  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: /loaf-pin\.jpg/ }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();

  const options = composer.getByRole("group", { name: "Pinterest options" });
  const chosen = () => options.getByLabel("Board", { exact: true }).locator("option:checked").innerText();
  await options.getByRole("option", { name: "Recipes" }).waitFor({ state: "attached" });
  expect(await chosen()).toBe("Choose a board");
  const board = `Bread ${Date.now() % 100_000}`;
  await options.getByLabel("New board").fill(board);
  await options.getByRole("button", { name: "Create board" }).click();
  await expect.poll(chosen).toBe(board);

  await composer.getByRole("button", { name: "Publish Now" }).click();
  await composer.waitFor({ state: "detached" });
  const card = page.getByRole("article", { name: /Step-by-step sourdough/ });
  await card.getByText("Pinterest: Published").waitFor({ timeout: 60_000 });
});

/**
 * Google Business Profile (ADR 065): a location's local post with a Book button; pre-flight asks for the button's
 * link before anything is sent, and the post then goes live on the emulated location.
 */
test("a Business Profile local post: its Book button needs a link, then it goes live", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Gia Baker"));
  await connectViaConsent(page, "google_business");
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: { name: "storefront.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1200, 900)) },
      folder: "general",
    },
    headers,
  });
  expect(upload.status()).toBe(201);

  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await chooseChannels(composer, "Google Business Profile");
  await composer.getByLabel("Content", { exact: true }).fill(`Saturday bake-off, book a seat ${Date.now()}`);
  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: /storefront\.jpg/ }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();

  const options = composer.getByRole("group", { name: "Google Business Profile options" });
  await options.getByLabel("Button", { exact: true }).selectOption({ label: "Book" });
  await composer.getByText("The Book button needs a link").first().waitFor();
  await options.getByLabel("Button link").fill("https://bakery.example/book");
  await expect.poll(() => composer.getByText("The Book button needs a link").count()).toBe(0);

  await composer.getByRole("button", { name: "Publish Now" }).click();
  await composer.waitFor({ state: "detached" });
  const card = page.getByRole("article", { name: /Saturday bake-off/ });
  await card.getByText("Google Business Profile: Published").waitFor({ timeout: 60_000 });
});

/**
 * Native formats (ADR 066): an Instagram channel made a Story shows no caption and lasts a day, is published as a
 * STORIES container on the emulated Graph API, and its card names the format.
 */
test("an Instagram Story from the composer: no caption, published, and named as a Story on its card", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Sol Baker"));
  await connectViaConsent(page, "instagram");
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: { name: "oven-story.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1920)) },
      folder: "general",
    },
    headers,
  });
  expect(upload.status()).toBe(201);

  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await chooseChannels(composer, "Instagram");
  await composer.getByLabel("Content", { exact: true }).fill(`Out of the oven ${Date.now()}`);
  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: /oven-story\.jpg/ }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();

  const format = composer.getByRole("group", { name: "Format on Instagram" });
  await format.getByRole("radio", { name: "Story" }).check();
  await format.getByText("A Story shows no caption and lasts 24 hours.").waitFor();
  await composer.getByRole("button", { name: "Publish Now" }).click();
  await composer.waitFor({ state: "detached" });
  const card = page.getByRole("article", { name: /Out of the oven/ });
  await card.getByText("Instagram: Published").waitFor({ timeout: 60_000 });
  await card.getByText("Instagram Story").waitFor();
});

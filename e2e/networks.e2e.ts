import { expect, test } from "./browser";
import { composeWithImage, newUser, registerViaApi } from "./helpers";
import { connectViaConsent } from "./platforms";

/**
 * TikTok (ADR 064) as its Content Sharing Guidelines ask: the composer names the creator, presets no audience,
 * pre-flight holds the post until one is chosen, and the photo post then goes out through the emulated Content
 * Posting API (processing polled to the end).
 */
test("a TikTok photo post: no audience preset, held until one is chosen, then published", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Tia Baker"));
  await connectViaConsent(page, "tiktok");
  const composer = await composeWithImage(page, baseUrl, {
    networks: ["TikTok"],
    text: `The crumb shot ${new Date().toISOString()}`,
    image: { name: "crumb.jpg", width: 1080, height: 1920 },
  });

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
  await registerViaApi(page, newUser("Pia Baker"));
  await connectViaConsent(page, "pinterest");
  const composer = await composeWithImage(page, baseUrl, {
    networks: ["Pinterest"],
    text: `Step-by-step sourdough ${new Date().toISOString()}`,
    image: { name: "loaf-pin.jpg", width: 1000, height: 1500 },
  });

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
  await registerViaApi(page, newUser("Gia Baker"));
  await connectViaConsent(page, "google_business");
  const composer = await composeWithImage(page, baseUrl, {
    networks: ["Google Business Profile"],
    text: `Saturday bake-off, book a seat ${Date.now()}`,
    image: { name: "storefront.jpg", width: 1200, height: 900 },
  });

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
  await registerViaApi(page, newUser("Sol Baker"));
  await connectViaConsent(page, "instagram");
  const composer = await composeWithImage(page, baseUrl, {
    networks: ["Instagram"],
    text: `Out of the oven ${Date.now()}`,
    image: { name: "oven-story.jpg", width: 1080, height: 1920 },
  });

  const format = composer.getByRole("group", { name: "Format on Instagram" });
  await format.getByRole("radio", { name: "Story" }).check();
  await format.getByText("A Story shows no caption and lasts 24 hours.").waitFor();
  await composer.getByRole("button", { name: "Publish Now" }).click();
  await composer.waitFor({ state: "detached" });
  const card = page.getByRole("article", { name: /Out of the oven/ });
  await card.getByText("Instagram: Published").waitFor({ timeout: 60_000 });
  await card.getByText("Instagram Story").waitFor();
});

/**
 * Media prepared per network (ADR 088, 100): a 5.8 MB panorama is over X's 5 MB and outside Instagram's aspect ratios.
 * The Instagram channel's crop frame is moved with the arrow keys and the browser draws its JPEG copy; X is left as
 * the composer says it will be sent (the whole image, made smaller), and sending prepares that copy itself. Each
 * channel publishes its copy while the library keeps the original alone.
 */
test("an oversized panorama prepared for Instagram with a moved crop and for X at send, then published to both", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Pan Baker"));
  await connectViaConsent(page, "instagram");
  await connectViaConsent(page, "twitter");
  const composer = await composeWithImage(page, baseUrl, {
    networks: ["Instagram", "X"],
    text: `The whole counter ${Date.now()}`,
    image: { name: "counter.png", width: 2400, height: 800, photo: true },
  });
  const checks = composer.getByRole("region", { name: "Channel checks" });
  await checks.getByText("Prepare counter.png for Instagram", { exact: false }).waitFor();
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

import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { chooseChannels, gotoHydrated, newUser, registerViaApi, toast } from "./helpers";
import { connectViaConsent, pickLaterUtc } from "./platforms";

test("generate for Instagram and LinkedIn, pick suggested hashtags, use the LinkedIn text in the composer and schedule it", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Ines Moreau"));
  expect(
    (await page.context().request.put("/api/users/timezone", { data: { timezone: "UTC" }, headers })).status(),
  ).toBe(200);
  await connectViaConsent(page, "linkedin");
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: { name: "class.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1200, 1200)) },
      folder: "general",
    },
    headers,
  });
  expect(upload.status()).toBe(201);

  await gotoHydrated(page, "/ai-assistant");
  const topic = "Announce our spring sourdough baking class for beginners";

  // Hashtag Suggester: suggestions for the topic, two of them chosen.
  await page.getByRole("tab", { name: "Hashtag Suggester" }).click();
  await page.getByLabel("Content", { exact: true }).fill(topic);
  await page.getByRole("button", { name: "Suggest Hashtags" }).click();
  const suggested = page.getByRole("region", { name: "Suggested hashtags" });
  const boxes = suggested.getByRole("checkbox");
  await boxes.first().waitFor();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const chosen = (await suggested.getByText(/^Selected:/).innerText()).replace(/^Selected:\s*/, "").trim();
  expect(chosen).toMatch(/^#\S+ #\S+$/);

  // Content Generator: Instagram is on by default; LinkedIn joins it.
  await page.getByRole("tab", { name: "Content Generator" }).click();
  await page.getByLabel("What should the post be about?").fill(topic);
  await page.getByRole("group", { name: "Platforms" }).getByRole("button", { name: "LinkedIn" }).click();
  expect(
    await page
      .getByRole("group", { name: "Platforms" })
      .getByRole("button", { name: "Instagram" })
      .getAttribute("aria-pressed"),
  ).toBe("true");
  await page.getByRole("button", { name: "Generate Content" }).click();
  await toast(page, "AI suggestions");
  const suggestions = page.getByRole("region", { name: "Suggestions" });
  await suggestions.getByRole("article", { name: "Instagram suggestion" }).first().waitFor();
  const linkedin = suggestions.getByRole("article", { name: "LinkedIn suggestion" }).first();
  const shown = await linkedin.locator("p").first().innerText();
  await linkedin.getByRole("button", { name: "Use Content" }).click();

  // The composer opens on the Content Hub with that text.
  await page.waitForURL("**/content?tab=posts");
  const composer = page.getByRole("dialog", { name: "Create Post" });
  const content = composer.getByLabel("Content", { exact: true });
  await expect
    .poll(async () => (await content.inputValue()).replace(/\*\*/g, "").slice(0, 40))
    .toBe(shown.slice(0, 40));

  await chooseChannels(composer, "LinkedIn");
  await composer.getByLabel("Hashtags").fill(chosen);
  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: /class\.jpg/ }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();
  // The composer's own media list (each channel's preview shows the media too).
  await composer
    .getByRole("region", { name: "Media", exact: true })
    .getByRole("region", { name: "Attached media" })
    .waitFor();
  await pickLaterUtc(composer, Date.now() + 2 * 86_400_000);
  await composer.getByRole("button", { name: "Schedule For Later" }).click();
  await toast(page, "Post scheduled successfully!");
  await composer.waitFor({ state: "detached" });

  const card = page.getByRole("article", {
    name: new RegExp(shown.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  });
  await card.getByText("LinkedIn: Scheduled").waitFor();
  await card.getByText(chosen.split(" ")[0]!, { exact: false }).waitFor();
}, 180_000);

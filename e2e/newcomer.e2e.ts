import type { Page } from "playwright-core";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, png, registerViaApi, toast } from "./helpers";
import { connectViaConsent as connect } from "./platforms";

const drafts = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("postline:composer-draft:")));

test("the composer never loses a post: X's only account is preselected, closing asks first, and an unsaved post is offered back", async ({
  journey: { page },
}) => {
  await registerViaApi(page, newUser("Noa Ruiz"));
  await connect(page, "twitter");
  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await composer.getByRole("button", { name: /^X( |$)/ }).click();
  const xAccount = composer
    .getByRole("group", { name: "X accounts" })
    .getByRole("checkbox", { name: "@postline_demo" });
  expect(await xAccount.isChecked()).toBe(true);
  const content = composer.getByLabel("Content", { exact: true });
  await content.fill("Half-written launch note");

  // A click outside asks before throwing the text away; keeping on editing keeps it.
  await page.mouse.click(5, 5);
  const confirm = page.getByRole("alertdialog", { name: "Discard this post?" });
  await confirm.getByRole("button", { name: "Keep editing" }).click();
  await confirm.waitFor({ state: "detached" });
  expect(await content.inputValue()).toBe("Half-written launch note");

  // The tab goes away without a word: the next composer offers the post back (the same page, audited above).
  await gotoHydrated(page, "/content", { audit: false });
  await page.getByRole("button", { name: "Create Post" }).click();
  const offer = composer.getByRole("region", { name: "Unsaved post" });
  await offer.getByText("Restore your unsaved post?").waitFor();
  await offer.getByRole("button", { name: "Restore" }).click();
  await offer.waitFor({ state: "detached" });
  expect(await content.inputValue()).toBe("Half-written launch note");
  expect(await composer.getByRole("button", { name: /^X( |$)/ }).getAttribute("aria-pressed")).toBe("true");

  // Cancel, then Discard: gone for good, and an untouched composer closes without asking.
  await composer.getByRole("button", { name: "Cancel" }).click();
  await confirm.getByRole("button", { name: "Discard" }).click();
  await composer.waitFor({ state: "detached" });
  expect(await drafts(page)).toEqual([]);
  await page.getByRole("button", { name: "Create Post" }).click();
  await content.waitFor();
  await page.keyboard.press("Escape");
  await composer.waitFor({ state: "detached" });

  // A saved post leaves no draft behind.
  await page.getByRole("button", { name: "Create Post" }).click();
  await content.fill("Saved for later");
  await composer.getByRole("button", { name: /^X( |$)/ }).click();
  await composer.getByRole("button", { name: "Save as Draft" }).click();
  await toast(page, "Draft saved successfully!");
  await composer.waitFor({ state: "detached" });
  expect(await drafts(page)).toEqual([]);
  await page.getByRole("button", { name: "Create Post" }).click();
  expect(await content.inputValue()).toBe("");
  expect(await offer.count()).toBe(0);
});

/** Seeds what makes pages wide: accounts, media, a post with one long unbroken word, a published post. */
async function seed(page: Page, baseUrl: string) {
  const headers = { Origin: baseUrl };
  expect(
    (await page.context().request.put("/api/users/timezone", { data: { timezone: "UTC" }, headers })).status(),
  ).toBe(200);
  for (const platform of ["twitter", "instagram", "linkedin"]) await connect(page, platform);
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: {
        name: "a-rather-long-file-name-for-the-spring-launch-photo.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from(jpegBytes(1200, 1200)),
      },
      folder: "general",
    },
    headers,
  });
  expect(upload.status()).toBe(201);
  const mediaId = (await upload.json()).data[0].id as string;
  const accounts = (await (await page.context().request.get("/api/accounts")).json()).data.accounts as Array<{
    id: string;
    platform: string;
  }>;
  const on = (platform: string) => ({ [platform]: [accounts.find((a) => a.platform === platform)!.id] });
  const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  // A week eight days on holds only its 9 AM post, whatever the hour now: this week's published posts would open
  // the week grid at their hour.
  const [tomorrow, quietDay] = [day(1), day(8)];
  const post = (content: string, platform: string, publishNow: boolean, localDate = tomorrow) =>
    page.context().request.post("/api/posts", {
      headers,
      data: {
        content,
        platforms: [platform],
        selectedAccounts: on(platform),
        media: [mediaId],
        hashtags: ["launch"],
        mentions: [],
        timezone: "UTC",
        status: "scheduled",
        publishNow,
        scheduledDate: publishNow ? null : { localDate, localTime: "09:00" },
      },
    });
  expect(
    (await post(`Spring_launch_announcement_${"without_spaces_".repeat(8)}end`, "instagram", false)).status(),
  ).toBe(201);
  expect((await post("Hello from the launch", "twitter", true)).status()).toBe(201);
  expect((await post("Week_ahead_plan", "instagram", false, quietDay)).status()).toBe(201);
  return { quietDay };
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

test("layouts hold: no page scrolls sideways at 375 px, the week grid lines up, filters sit inline, marks are named, skip link and focus ring show", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  expectStatus(404, "/no-such-page");
  await page.setViewportSize({ width: 375, height: 740 });
  // Signed out: the sign-in page.
  await gotoHydrated(page, "/auth");
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(375);

  const user = newUser("Ines Okafor");
  await registerViaApi(page, user);
  const { quietDay } = await seed(page, baseUrl);

  // Every route of app/routes.ts (with each tab of the pages that have them), signed in with data present.
  const routes = [
    "/",
    "/dashboard",
    "/planner",
    "/content?tab=posts",
    "/content?tab=media",
    "/analytics",
    "/ai-assistant",
    "/settings?tab=profile",
    "/settings?tab=accounts",
    "/settings?tab=billing",
    "/dev/mailbox",
    "/no-such-page",
  ];
  for (const path of routes) {
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
    expect({ path, width: await sidewaysScroll(page) }).toEqual({ path, width: 375 });
  }
  // Each page below was audited at 375 px in the loop above, with the same data.
  await gotoHydrated(page, "/planner", { audit: false });
  await page.getByRole("link", { name: "Week", exact: true }).click();
  await page.waitForURL("**/planner?view=week");
  // At 375 px the week is a list of its days' posts (a grid's columns would be 40 px wide).
  await page.getByRole("region", { name: "List" }).waitFor();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(375);

  await page.setViewportSize({ width: 1280, height: 800 });
  // Week view: each day header sits over its column, and the seven columns are equally wide.
  await gotoHydrated(page, `/planner?view=week&date=${quietDay}`, { audit: false });
  const week = page.getByRole("grid", { name: "Week" });
  const chip = week.getByRole("button", { name: /^Scheduled post on Instagram: Week_ahead_plan/ });
  // The chip shows its time and network.
  await chip.getByText("9:00 AM").waitFor();
  // The week opens at the working day, not at midnight: 8 AM is the first hour under the header (once the page's
  // script has scrolled it there; the server's HTML shows the grid, and its chips, from midnight).
  const firstShown = () =>
    week.evaluate((el) => {
      const header = el.querySelector('[role="row"]')!.getBoundingClientRect().bottom;
      const rows = Array.from(el.querySelectorAll('[role="row"]')).slice(1);
      return rows.find((r) => r.getBoundingClientRect().bottom > header + 1)?.querySelector('[role="rowheader"]')
        ?.textContent;
    });
  await expect.poll(firstShown).toBe("8 AM");
  await chip.getByRole("img", { name: "Instagram" }).waitFor();
  const boxes = async (row: ReturnType<Page["locator"]>, role: "columnheader" | "gridcell" | "rowheader") =>
    Promise.all((await row.getByRole(role).all()).map(async (cell) => (await cell.boundingBox())!));
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 800 });
    const headers = await boxes(week.getByRole("row").first(), "columnheader");
    const nineAm = week.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "9 AM" }) });
    const cells = [...(await boxes(nineAm, "rowheader")), ...(await boxes(nineAm, "gridcell"))];
    expect(headers).toHaveLength(8);
    expect(cells).toHaveLength(8);
    for (const [i, header] of headers.entries()) {
      expect(Math.abs(header.x - cells[i]!.x)).toBeLessThan(1);
      expect(Math.abs(header.width - cells[i]!.width)).toBeLessThan(1);
    }
    const dayWidths = cells.slice(1).map((c) => c.width);
    expect(Math.max(...dayWidths) - Math.min(...dayWidths)).toBeLessThan(1);
  }

  // Media Library filters sit in one row on a desktop, sized to their text.
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/content?tab=media", { audit: false });
  const type = (await page.getByLabel("Media type").boundingBox())!;
  const sort = (await page.getByLabel("Sort media").boundingBox())!;
  expect(type.width).toBeLessThan(300);
  expect(Math.abs(type.y - sort.y)).toBeLessThan(1);

  // Post cards and account cards name each network by its mark (Instagram is not "In").
  await gotoHydrated(page, "/content?tab=posts", { audit: false });
  await page
    .getByRole("article", { name: /Spring_launch/ })
    .getByRole("img", { name: "Instagram" })
    .waitFor();
  await gotoHydrated(page, "/settings?tab=accounts", { audit: false });
  const cards = page.getByTestId("account-card");
  await cards.filter({ hasText: "@sunrisebakery" }).getByRole("img", { name: "Instagram" }).waitFor();
  expect(await page.getByText("@@", { exact: false }).count()).toBe(0);

  // The first Tab shows "Skip to content", which moves focus to the page; a focused control has a visible ring.
  await gotoHydrated(page, "/settings?tab=profile", { audit: false });
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
  const skipBox = (await skip.boundingBox())!;
  expect(skipBox.width).toBeGreaterThan(50);
  expect(skipBox.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.id === "main-content");
  await page.keyboard.press("Tab");
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
  });
  expect(ring.outline !== "none" && ring.width >= 2 ? "outline" : ring.shadow !== "none" ? "ring" : "none").not.toBe(
    "none",
  );

  // Timezone: a searchable combobox with UTC and current IANA names only.
  const zone = page.getByRole("combobox", { name: "Timezone" });
  await page.getByRole("button", { name: "Show timezones" }).click();
  const list = page.getByRole("listbox");
  await list.getByRole("option", { name: "UTC", exact: true }).waitFor();
  expect(await list.getByRole("option", { name: "Asia/Calcutta" }).count()).toBe(0);
  await zone.fill("kyiv");
  expect(await list.getByRole("option").allInnerTexts()).toEqual(["Europe/Kyiv"]);
  await zone.fill("kolkata");
  await list.getByRole("option", { name: "Asia/Kolkata" }).click();
  await page.getByRole("status").getByText("Timezone updated to Asia/Kolkata").waitFor();
  const me = await (await page.context().request.get("/api/auth/me")).json();
  expect(me.data.timezone).toBe("Asia/Kolkata");
});

test("post detail: Repost Now asks first and warns of identical text; a retrying channel says when, which attempt and why", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  const request = page.context().request;
  await registerViaApi(page, newUser("Ravi Menon"));
  await connect(page, "twitter");
  const upload = await request.post("/api/media/upload", {
    headers,
    multipart: { files: { name: "rye.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(800, 800)) } },
  });
  const image = (await upload.json()).data[0].id as string;
  const account = (await (await request.get("/api/accounts")).json()).data.accounts[0]._id as string;
  const publishNow = async (content: string) => {
    const res = await request.post("/api/posts", {
      headers,
      data: {
        content,
        platforms: ["twitter"],
        selectedAccounts: { twitter: [account] },
        images: [image],
        publishNow: true,
      },
    });
    expect(res.status()).toBe(201);
  };
  const postCount = async () => (await (await request.get("/api/posts")).json()).data.pagination.total as number;

  const rye = `Rye loaves today ${new Date().toISOString()}`;
  await publishNow(rye);
  await expect
    .poll(async () => (await (await request.get("/api/posts?status=published")).json()).data.posts.length, {
      timeout: 60_000,
    })
    .toBe(1);
  await gotoHydrated(page, "/content");
  await page
    .getByRole("article", { name: /Rye loaves today/ })
    .getByRole("button", { name: /Rye loaves today/ })
    .click();
  const detail = page.getByRole("dialog", { name: "Post Details" });
  await detail.getByRole("button", { name: "Post actions" }).click();
  await page.getByRole("menuitem", { name: "Repost Now" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Repost now?" });
  await confirm.getByText("on X (@postline_demo)", { exact: false }).first().waitFor();
  const note = confirm.getByRole("note", { name: "Identical text" });
  await note.getByText(/^X \(@postline_demo\) on /).waitFor();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  expect(await postCount()).toBe(1);
  await page.keyboard.press("Escape");
  await detail.waitFor({ state: "detached" });

  // X answers 500 for a while: the channel says when it is tried again, which attempt, and X's words.
  const faults = (method: "post" | "delete", data?: object) =>
    request.fetch("/sandbox/faults", { method, data, headers });
  expect((await faults("post", { platform: "twitter", mode: "500", count: 50 })).status()).toBe(200);
  try {
    await publishNow(`Sourdough starter tips ${new Date().toISOString()}`);
    await gotoHydrated(page, "/content");
    await page
      .getByRole("article", { name: /Sourdough starter tips/ })
      .getByRole("button", { name: /Sourdough starter tips/ })
      .click();
    const channel = detail.getByRole("listitem", { name: "X channel" });
    await channel.getByText(/^Retrying at \d{1,2}:\d\d [AP]M \(attempt \d of 5\): \S/).waitFor({ timeout: 60_000 });
  } finally {
    expect((await faults("delete")).status()).toBe(200);
  }
});

test("a PNG for Instagram: pre-flight explains, sending waits, Convert to JPEG fixes it and Instagram publishes it", async ({
  journey: { page, baseUrl },
}) => {
  const request = page.context().request;
  await registerViaApi(page, newUser("Lena Park"));
  await connect(page, "instagram");
  const upload = await request.post("/api/media/upload", {
    headers: { Origin: baseUrl },
    multipart: { files: { name: "bakery-window.png", mimeType: "image/png", buffer: png(600, 600, [200, 120, 40]) } },
  });
  expect(upload.status()).toBe(201);

  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await composer.getByRole("button", { name: /^Instagram( |$)/ }).click();
  expect(
    await composer.getByRole("group", { name: "Instagram accounts" }).getByRole("checkbox").first().isChecked(),
  ).toBe(true);
  await composer.getByLabel("Content", { exact: true }).fill("Fresh loaves in the window");
  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: /bakery-window\.png/ }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();

  const checks = composer.getByRole("region", { name: "Channel checks" });
  await checks.getByText("Instagram accepts JPG images only: bakery-window.png is PNG", { exact: false }).waitFor();
  const publish = composer.getByRole("button", { name: "Publish Now" });
  expect(await publish.isDisabled()).toBe(true);

  await composer
    .getByRole("region", { name: "Convert to JPEG" })
    .getByRole("button", { name: "Convert to JPEG" })
    .click();
  await toast(page, "Image converted to JPEG");
  await checks.waitFor({ state: "detached" });
  await expect.poll(() => publish.isDisabled()).toBe(false);
  await publish.click();
  await composer.waitFor({ state: "detached" });

  // The emulator's Instagram takes only JPEG: the post published there, with the converted copy.
  await expect
    .poll(async () => (await (await request.get("/api/posts")).json()).data.posts[0]?.platformPosts[0]?.status, {
      timeout: 60_000,
    })
    .toBe("published");
  const [post] = (await (await request.get("/api/posts")).json()).data.posts;
  expect(post.media.map((m: { originalName: string; format: string }) => [m.originalName, m.format])).toEqual([
    ["bakery-window.jpg", "jpg"],
  ]);
});

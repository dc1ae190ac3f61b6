import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { formatCompact } from "../app/lib/format";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, registerViaApi, toast } from "./helpers";

const DAY = 86_400_000;

async function apiData(page: Page, path: string) {
  const res = await page.context().request.get(path);
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

/** Publish Now through the posts API (an uploaded JPEG to every connected account), then waits for the queue consumer. */
async function publishNow(page: Page, content: string) {
  const request = page.context().request;
  // Cookie-authenticated writes must come from our own origin (CSRF defence), as the browser's would.
  const headers = { Origin: new URL(page.url()).origin };
  const upload = await request.post("/api/media/upload", {
    headers,
    multipart: { files: { name: "bread.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
  });
  expect(upload.status()).toBe(201);
  const image = (await upload.json()).data[0].id as string;
  const accounts = (await apiData(page, "/api/accounts")).accounts as Array<{ _id: string; platform: string }>;
  const selectedAccounts: Record<string, string[]> = {};
  for (const a of accounts) selectedAccounts[a.platform] = [...(selectedAccounts[a.platform] ?? []), a._id];
  const created = await request.post("/api/posts", {
    headers,
    data: {
      content,
      platforms: Object.keys(selectedAccounts),
      selectedAccounts,
      images: [image],
      hashtags: ["#bread"],
      publishNow: true,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data._id as string;
  await expect
    .poll(
      async () =>
        ((await apiData(page, `/api/posts/${id}`)).platformPosts as Array<{ status: string }>)
          .map((t) => t.status)
          .join(","),
      { timeout: 60_000, interval: 500 },
    )
    .toBe("published,published");
}

/** Clicks a download link and returns the first bytes of the file the browser saved. */
async function downloadHead(page: Page, linkName: string, n: number) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: linkName }).click(),
  ]);
  return readFileSync((await download.path())!)
    .subarray(0, n)
    .toString("latin1");
}

test("analytics and dashboard show the figures synced from the connected platforms", async ({ journey: { page } }) => {
  const user = newUser();
  await registerViaApi(page, user);

  // No accounts yet: the empty state sends the user to connect some.
  await gotoHydrated(page, "/analytics");
  await page.getByRole("heading", { name: "No connected accounts" }).waitFor();
  await page.getByRole("link", { name: "Connect Accounts" }).click();
  await page.waitForURL("**/settings?tab=accounts");

  // Instagram + Facebook Pages through the emulator's consent page.
  await page.getByRole("link", { name: "Connect Social Account" }).click();
  await page.getByRole("link", { name: /Instagram \+ Facebook Pages/ }).click();
  await page.getByRole("link", { name: "Accept & Continue" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL("**/settings?tab=accounts**");

  await publishNow(page, "Fresh sourdough out of the oven #bread");

  // A day passes on the platforms, then the user syncs.
  const clock = await page.context().request.post("/sandbox/clock", { data: { advanceMs: DAY } });
  expect(clock.status()).toBe(200);
  await gotoHydrated(page, "/analytics");
  await page.getByText("Not synced yet").waitFor();
  expect(await page.getByRole("group", { name: "Platforms" }).getByRole("button").allInnerTexts()).toEqual([
    "All",
    "Instagram",
    "Facebook",
  ]);
  await page.getByRole("button", { name: "Sync Data" }).click();
  await toast(page, "Successfully synced analytics for 2 platforms");
  await page.getByText(/^Last synced /).waitFor();

  const overview = await apiData(page, "/api/analytics/overview?period=30d");
  expect(overview.stats.totalFollowers).toBeGreaterThan(0);
  await expect
    .poll(() => page.getByTestId("kpi-followers").innerText())
    .toBe(formatCompact(overview.stats.totalFollowers));
  // One post on Instagram and Facebook counts once per channel, and the tooltip says so.
  expect(overview.overview.totalPosts).toBe(2);
  expect(overview.overview.totalReach).toBeGreaterThan(0);
  expect(await page.getByTestId("kpi-posts").innerText()).toBe("2");
  await page.getByRole("button", { name: /^Total Posts: .*counted once per channel/ }).hover();
  await page.getByRole("tooltip").filter({ hasText: "counted once per channel" }).first().waitFor();
  await page
    .getByTestId("figures-synced")
    .getByText(/^Figures last synced /)
    .waitFor();
  expect(await page.getByTestId("kpi-reach").innerText()).toBe(formatCompact(overview.overview.totalReach));
  expect(await page.getByTestId("kpi-likes").innerText()).toBe(formatCompact(overview.overview.totalLikes));
  await page.getByText("Fresh sourdough out of the oven #bread").waitFor();

  // Only Instagram: all is replaced, and the figure is Instagram's alone.
  await page.getByRole("group", { name: "Platforms" }).getByRole("button", { name: "Instagram" }).click();
  // The press renders after the click returns: wait for it rather than read it at once (a race on a loaded machine).
  await expect.poll(() => page.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");
  const instagram = await apiData(page, "/api/analytics/overview?period=30d&platforms=instagram");
  await expect
    .poll(() => page.getByTestId("kpi-followers").innerText())
    .toBe(formatCompact(instagram.stats.totalFollowers));
  await page.getByRole("button", { name: "All" }).click();

  // Engagement: with one post the best time is the labelled suggestion, never "–".
  await page.getByRole("tab", { name: "Engagement" }).click();
  await expect.poll(() => page.getByTestId("eng-best-time").innerText()).not.toBe("–");
  await page.getByText(/^Suggested · \d+ more measured posts for your own$/).waitFor();

  // Content: the same post count as Overview, under the same definition.
  await page.getByRole("tab", { name: "Content" }).click();
  await expect.poll(() => page.getByRole("tabpanel").getByRole("definition").first().innerText()).toBe("2");

  // Growth: a card per connected platform with its synced followers, measured from our first snapshot
  // (accounts connected today have grown by 0 since, not by their lifetime total).
  await page.getByRole("tab", { name: "Growth" }).click();
  const growth = await apiData(page, "/api/analytics/growth?period=30d");
  for (const p of growth.platforms) {
    const name = p.platform === "instagram" ? "Instagram" : "Facebook";
    const card = page.getByRole("listitem", { name: `${name} growth` });
    await expect.poll(() => card.innerText()).toContain(formatCompact(p.end));
    expect(p.netGrowth).toBe(0);
    expect(await card.innerText()).toMatch(/Net growth\s+\+0[\s\S]*since \w{3} \d+, \d{4}/);
  }

  // The followers chart (recharts, loaded on demand) draws a line per platform.
  await expect.poll(() => page.locator(".recharts-line").count()).toBe(growth.platforms.length);

  // Audience: each account by name (never "Instagram audience" twice), with the emulator's demographics.
  await page.getByRole("tab", { name: "Audience" }).click();
  await page.getByRole("heading", { name: /on Instagram: audience$/ }).waitFor();
  const audiences = await page.getByRole("heading", { name: /: audience$/ }).allInnerTexts();
  expect(new Set(audiences).size).toBe(audiences.length);
  await page.getByText("25-34").first().waitFor();

  // Hashtags: the published post's tag with its reach.
  await page.getByRole("tab", { name: "Hashtags" }).click();
  await page.getByRole("rowheader", { name: "#bread" }).waitFor();

  // Timing: one post is too few to rank hours, so the suggested times show.
  await page.getByRole("tab", { name: "Timing" }).click();
  await page.getByRole("heading", { name: "Suggested times" }).waitFor();
  await page.getByText(/Your own best times appear after \d+ more published posts with metrics/).waitFor();
  expect(await page.getByRole("list", { name: "Suggested hours" }).getByRole("listitem").count()).toBeGreaterThan(0);

  // Reports: real files.
  await page.getByRole("tab", { name: "Reports" }).click();
  expect(await downloadHead(page, "Summary Report PDF", 4)).toBe("%PDF");
  expect(await downloadHead(page, "Detailed Analytics Excel", 2)).toBe("PK");
  // Each kind's CSV is its own table, headed in words.
  expect(await downloadHead(page, "Summary Report CSV", 45)).toMatch(
    /^Metric,This period,Previous period,Change \(%\)/,
  );
  expect(await downloadHead(page, "Growth Report CSV", 5)).toBe("Date,");
  expect(await downloadHead(page, "Content Performance CSV", 13)).toBe("Content type,");
  await page.getByRole("button", { name: "Schedule New Report" }).click();
  // The hour is the workspace's, whoever sets it up: both the field and the schedule name its zone.
  await page.getByLabel("Time (UTC)").waitFor();
  await page.getByRole("button", { name: "Save" }).click();
  await toast(page, "Report scheduled");
  await page.getByText("Summary Report every Monday at 9:00 AM UTC time (PDF)").waitFor();
  // Its mail, with the PDF, is the agency journey's last step (approvals.e2e.ts).
  await page.getByRole("button", { name: "Disable" }).click();
  await page.getByText("Disabled", { exact: true }).waitFor();

  // Post detail: Sync fetches the post's figures now, and says when.
  await gotoHydrated(page, "/content");
  await page
    .getByRole("article", { name: /Fresh sourdough/ })
    .getByRole("button", { name: /Fresh sourdough/ })
    .click();
  const detail = page.getByRole("dialog", { name: "Post Details" });
  await detail.getByRole("tab", { name: "Analytics" }).click();
  await detail
    .getByTestId("post-synced")
    .getByText(/^Last synced /)
    .waitFor();
  await detail.getByRole("button", { name: "Sync", exact: true }).click();
  await toast(page, "Successfully synced analytics for 2 platforms");
  await detail
    .getByRole("list", { name: "Per channel" })
    .getByText(/Instagram: .* reach · Last synced /)
    .waitFor();
  await page.keyboard.press("Escape");

  // The dashboard agrees with its API.
  await gotoHydrated(page, "/dashboard");
  const dashboard = await apiData(page, "/api/dashboard");
  expect(dashboard.stats.totalFollowers).toBeGreaterThan(0);
  expect(await page.locator('[data-stat="totalFollowers"]').innerText()).toBe(
    formatCompact(dashboard.stats.totalFollowers),
  );
  expect(dashboard.stats.mediaFiles).toBe(1);
  expect(await page.locator('[data-stat="mediaFiles"]').innerText()).toBe("1");
  expect(await page.locator('[data-stat="totalPosts"]').innerText()).toBe(String(dashboard.stats.totalPosts));
  expect(await page.locator('[data-stat="publishedPosts"]').innerText()).toBe(String(dashboard.stats.publishedPosts));
  await page
    .getByRole("region", { name: "Recent Activity" })
    .getByText("Fresh sourdough out of the oven #bread")
    .waitFor();
  expect(await page.getByRole("region", { name: "Connected Accounts" }).getByRole("listitem").count()).toBe(2);
  await page.getByRole("link", { name: /Engagement Rate/ }).click();
  await page.waitForURL("**/analytics");
});

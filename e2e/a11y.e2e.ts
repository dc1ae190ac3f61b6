import type { Locator, Page } from "playwright-core";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { expectAccessible, gotoHydrated, logoutViaMenu, newUser, registerViaApi, toast } from "./helpers";
import { connectViaConsent } from "./platforms";

const NETWORKS = ["twitter", "linkedin", "instagram", "facebook", "threads"] as const;
const DAY = 86_400_000;

/** Every page inside the app, Settings once per tab (each tab is its own page view). */
const PAGES = [
  "/dashboard",
  "/planner",
  "/planner?view=week",
  "/planner?view=list",
  "/queue",
  "/import",
  "/content",
  "/approvals",
  "/inbox",
  "/analytics",
  "/ai-assistant",
  "/settings",
  "/settings?tab=workspace",
  "/settings?tab=accounts",
  "/settings?tab=links",
  "/settings?tab=api",
  "/settings?tab=billing",
  "/settings?tab=developer",
  "/settings?tab=activity",
];

/** The pages axe checks again in dark (the rest are the same components on other pages). */
const DARK_PAGES = [
  "/dashboard",
  "/planner",
  "/queue",
  "/content",
  "/inbox",
  "/analytics",
  "/settings",
  "/settings?tab=accounts",
];

/** A workspace with five channels and posts on them, so every page shows real rows, chips and cards. */
async function workspaceWithPosts(page: Page, baseUrl: string) {
  await registerViaApi(page, newUser("Ines Novak"));
  for (const network of NETWORKS) await connectViaConsent(page, network);
  const api = page.context().request;
  const headers = { Origin: baseUrl };
  const upload = await api.post("/api/media/upload", {
    multipart: { files: { name: "harbour.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers,
  });
  const images = [(await upload.json()).data[0].id as string];
  const { connectedAccounts } = (await (await api.get("/api/auth/me")).json()).data as {
    connectedAccounts: Array<{ id: string; platform: string }>;
  };
  const selectedAccounts = Object.fromEntries(connectedAccounts.map((a) => [a.platform, [a.id]]));
  for (const [i, days] of [1, 1, 2, 8].entries()) {
    const res = await api.post("/api/posts", {
      data: {
        content: `Harbour walk number ${i + 1}: a long caption about the boats, the light on the water and the fish market`,
        platforms: i === 0 ? NETWORKS : ["twitter"],
        selectedAccounts,
        images,
        status: "scheduled",
        scheduledDate: new Date(Date.now() + days * DAY).toISOString(),
      },
      headers,
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

/** How far the document is wider than the viewport, and the innermost elements reaching past its right edge. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const extra = document.documentElement.scrollWidth - window.innerWidth;
    if (extra <= 0) return null;
    const past = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 0.5;
    const culprits = Array.from(document.body.querySelectorAll("*"))
      .filter((el) => past(el) && !Array.from(el.children).some(past))
      .slice(0, 4)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`);
    return `${extra} px too wide: ${culprits.join(", ")}`;
  });

test("every app page fits 320, 375 and 768 px with data, and passes axe in light and dark", async ({
  journey: { page, baseUrl },
}) => {
  await workspaceWithPosts(page, baseUrl);

  // One page view per page (axe runs in gotoHydrated), then the same page narrowed to each width.
  const wide: string[] = [];
  for (const path of PAGES) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, path);
    for (const width of [768, 375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      const extra = await overflow(page);
      if (extra) wide.push(`${path} at ${width} px: ${extra}`);
    }
  }
  expect(wide).toEqual([]);

  // Below 768 px the planner lists the month as an agenda; its chips say the whole time and the channels.
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoHydrated(page, "/planner");
  const agenda = page.getByRole("region", { name: "List" });
  await agenda.getByRole("button", { name: /Harbour walk number 1/ }).waitFor();
  expect(await page.getByRole("grid").count()).toBe(0);

  // Settings' tabs scroll sideways at this width, with a cue that more lie past the edge.
  await gotoHydrated(page, "/settings");
  await page.locator('[data-scroll-cue="settings-tabs"]').waitFor();

  // Dark: chosen in Settings, applied at once and on the next first paint; axe checks every page in it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("radio", { name: "Dark" }).click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
  const response = await page.reload();
  expect(await response!.text()).toContain('data-theme="dark"');
  for (const path of DARK_PAGES) await gotoHydrated(page, path);

  // The connect dialog dims everything (it sat under the undimmed top bar): the bar's corners and middle, the
  // sidebar's edge and Settings' tab row are under its overlay, and the dialog is on top, wide and narrow. The
  // dark pass ended on Settings → Social Accounts (audited there): the page is narrowed in place, and the layout
  // follows the width as it does on load (CSS, and the shell's media query listens for changes).
  expect(new URL(page.url()).search).toBe("?tab=accounts");
  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole("link", { name: /^(Connect Social Account|Add Another Social Account)$/ }).click();
    const dialog = page.getByRole("dialog", { name: "Connect Your Social Account" });
    await dialog.waitFor();
    const uncovered = await page.evaluate(() => {
      const tabs = document.querySelector('[aria-label="Settings sections"]')!.getBoundingClientRect();
      const points: Array<[string, number, number]> = [
        ["top bar, left", 8, 8],
        ["top bar, middle", innerWidth / 2, 8],
        ["top bar, right", innerWidth - 8, 8],
        ["sidebar edge", 8, innerHeight / 2],
        ["Settings' tabs", tabs.left + 8, tabs.top + tabs.height / 2],
      ];
      return points
        .filter(([, x, y]) => document.elementFromPoint(x, y)?.closest("header, aside, nav, [role=tablist]"))
        .map(([name]) => name);
    });
    expect(uncovered, `above the connect dialog's overlay at ${width} px`).toEqual([]);
    const box = (await dialog.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest("[role=dialog]"),
      [box.x + box.width / 2, box.y + 12],
    );
    expect(onTop, `the connect dialog is on top at ${width} px`).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  }

  // A toast in the dark theme is drawn dark, and axe reads it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await logoutViaMenu(page);
  expect(await page.locator("[data-sonner-toaster]").getAttribute("data-sonner-theme")).toBe("dark");
  await expectAccessible(page, "a toast in the dark theme");
}, 300_000);

/** Presses Tab until `target` has the keyboard focus, as a keyboard user would (never clicking). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("a keyboard user composes and schedules a post without the mouse", async ({ journey: { page, baseUrl } }) => {
  await registerViaApi(page, newUser("Kai Moreau"));
  await connectViaConsent(page, "twitter");
  const api = page.context().request;
  const { workspace } = (await (await api.get("/api/auth/me")).json()).data;
  // A text-only post: the workspace does not ask for media (the library picker has its own journeys).
  const patched = await api.patch(`/api/workspaces/${workspace.id}`, {
    data: { mediaRequired: false },
    headers: { Origin: baseUrl },
  });
  expect(patched.status()).toBe(200);

  await gotoHydrated(page, "/content");
  await tabTo(page, page.getByRole("button", { name: "Create Post" }));
  await page.keyboard.press("Enter");
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await composer.waitFor();
  await expectAccessible(page, "the composer");

  await tabTo(page, composer.getByRole("button", { name: /^X( |$)/ }));
  await page.keyboard.press("Enter");
  const account = composer.getByRole("group", { name: "X accounts" }).getByRole("checkbox").first();
  await tabTo(page, account);
  // A network's only account comes ticked; Space ticks it otherwise.
  if (!(await account.isChecked())) await page.keyboard.press("Space");
  expect(await account.isChecked()).toBe(true);
  await tabTo(page, composer.getByLabel("Content", { exact: true }));
  await page.keyboard.type("Typed, tabbed and scheduled without a mouse.");

  // Later, tomorrow at 9:00 AM (the user's zone is UTC): the date by its segments, the time by typing in the lists.
  const tomorrow = new Date(Date.now() + DAY);
  // A radio group is one Tab stop, on the checked radio (Now); an arrow key moves the choice to Later.
  await tabTo(page, composer.getByRole("radio", { name: "Now" }));
  await page.keyboard.press("ArrowDown");
  expect(await composer.getByRole("radio", { name: "Later" }).isChecked()).toBe(true);
  await tabTo(page, composer.getByLabel("Date"));
  const [y, m, d] = tomorrow.toISOString().slice(0, 10).split("-");
  await page.keyboard.type(`${m}${d}${y}`);
  await tabTo(page, composer.getByLabel("Hour"));
  await page.keyboard.type("9");
  await tabTo(page, composer.getByLabel("Minute"));
  await page.keyboard.press("Home"); // :00, the list's first (typing "00" would step on to :01)
  await tabTo(page, composer.getByLabel("AM or PM"));
  await page.keyboard.type("A");
  await tabTo(page, composer.getByRole("button", { name: "Schedule For Later" }));
  await page.keyboard.press("Enter");
  await toast(page, "Post scheduled successfully!");
  await composer.waitFor({ state: "detached" });

  const { posts } = (await (await api.get("/api/posts?status=scheduled")).json()).data;
  expect(posts.map((p: { content: string; scheduledDate: string }) => [p.content, p.scheduledDate])).toEqual([
    ["Typed, tabbed and scheduled without a mouse.", `${y}-${m}-${d}T09:00:00.000Z`],
  ]);
});

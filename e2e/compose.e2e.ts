import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import type { Page } from "playwright-core";
import { jpegBytes } from "../workers/test/media-fixtures";
import { awaitingApproval } from "./approvals";
import { expect, test } from "./browser";
import {
  chooseChannels,
  expectAccessible,
  gotoHydrated,
  holdDragLayer,
  newUser,
  registerViaApi,
  toast,
  zonedIso,
} from "./helpers";
import { connectViaConsent as connect } from "./platforms";

const ZONE = "Europe/Berlin";
const localDay = (daysAhead: number) => format(addDays(new TZDate(Date.now(), ZONE), daysAhead), "yyyy-MM-dd");

async function dragTo(page: Page, from: ReturnType<Page["locator"]>, to: ReturnType<Page["locator"]>) {
  // The drop row in the middle of the viewport: near an edge the drag scrolls the page under a still pointer
  // (in a six-row month the last row sits there), and the post lands a row off.
  await to.evaluate((el) => el.scrollIntoView({ block: "center" }));
  // The calendar's drag code loads when the pointer reaches it (ADR 045): rest on the chip until it is draggable
  // (dnd-kit describes it then), as a person's pointer does before a press.
  await from.hover();
  await expect.poll(() => from.getAttribute("aria-describedby")).toBeTruthy();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

test("compose for LinkedIn and X, fix a limit error, preview, schedule for tomorrow 09:00, drag it in the planner, open and delete it", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Ola Berg"));
  expect(
    (await page.context().request.put("/api/users/timezone", { data: { timezone: ZONE }, headers })).status(),
  ).toBe(200);
  await connect(page, "linkedin");
  await connect(page, "twitter");
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: { name: "launch.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1200, 1200)) },
      folder: "general",
    },
    headers,
  });
  expect(upload.status()).toBe(201);

  await gotoHydrated(page, "/content");
  await page.getByRole("heading", { name: "Content Hub" }).waitFor();
  await page.getByText("Create your first post to get started!").waitFor();
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await chooseChannels(composer, "LinkedIn", "X");

  // Over X's 280 characters: the counter and the per-platform message say so, and nothing can be sent.
  const content = composer.getByLabel("Content", { exact: true });
  await content.fill("Launch day! ".repeat(30).trim());
  await composer.getByText("Content exceeds X limit (359/280)").waitFor();
  await composer.getByText("359/280", { exact: true }).waitFor();
  expect(await composer.getByRole("button", { name: "Publish Now" }).isDisabled()).toBe(true);
  await content.fill("Launch day! Our new planner ships today.");
  await composer.getByLabel("Hashtags").fill("#launch #planner");
  await composer.getByText("Content exceeds X limit", { exact: false }).waitFor({ state: "detached" });

  // Publishing without media is refused with the spec's message, client-side.
  await composer.getByRole("button", { name: "Publish Now" }).click();
  await composer.getByRole("alert").getByText("Images are required for all posts").waitFor();

  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: /launch\.jpg/ }).waitFor();
  await expectAccessible(page, "the Media Library picker");
  await picker.getByRole("option", { name: /launch\.jpg/ }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();
  // The composer's own media list (each channel's preview shows the media too).
  await composer
    .getByRole("region", { name: "Media", exact: true })
    .getByRole("region", { name: "Attached media" })
    .waitFor();

  await composer.getByRole("tab", { name: "Preview" }).click();
  for (const network of ["LinkedIn", "X"]) {
    const preview = composer.getByRole("article", { name: `${network} preview` });
    await preview.getByText("Launch day! Our new planner ships today.", { exact: false }).waitFor();
  }
  await composer.getByRole("tab", { name: "Compose" }).click();

  // A label made from the composer's picker goes on the post (ADR 094).
  await composer.getByRole("combobox", { name: "Labels" }).fill("Launch");
  await page.getByRole("option", { name: "Create label “Launch”" }).click();
  await composer.getByRole("button", { name: "Remove label Launch" }).waitFor();

  const tomorrow = localDay(1);
  await composer.getByLabel("Later").check();
  await composer.getByLabel("Date").fill(tomorrow);
  await composer.getByLabel("Hour").selectOption("9");
  await composer.getByLabel("Minute").selectOption("00");
  await composer.getByLabel("AM or PM").selectOption("AM");
  await composer.getByRole("button", { name: "Schedule For Later" }).click();
  await toast(page, "Post scheduled successfully!");
  await composer.waitFor({ state: "detached" });
  const card = page.getByRole("article", { name: /Launch day!/ });
  await card.getByText(/9:00 AM/).waitFor();
  await card.getByText("LinkedIn: Scheduled").waitFor();
  await card.getByText("#launch #planner").waitFor();
  const [label] = (await (await page.context().request.get("/api/labels")).json()).data.labels;
  const labelled = (await (await page.context().request.get(`/api/posts?label=${label.id}`)).json()).data.posts;
  expect(labelled.map((p: { content: string }) => p.content)).toEqual(["Launch day! Our new planner ships today."]);

  // The planner shows it on tomorrow's cell; dragging it two days on keeps 09:00 Berlin time.
  await gotoHydrated(page, "/planner");
  await page.getByRole("heading", { name: "Content Planner" }).waitFor();
  if (tomorrow.slice(0, 7) !== localDay(0).slice(0, 7)) await page.getByRole("link", { name: "Next month" }).click();
  const chip = page.getByRole("button", { name: /^Scheduled post on LinkedIn, X: Launch day!/ });
  await page
    .locator(`[data-day="${tomorrow}"]`)
    .getByRole("button", { name: /^Scheduled post/ })
    .waitFor();
  const target = localDay(3);
  await dragTo(page, chip, page.locator(`[data-day="${target}"]`));
  await toast(page, "Post updated successfully");
  await page
    .locator(`[data-day="${target}"]`)
    .getByRole("button", { name: /^Scheduled post/ })
    .waitFor();
  const listed = await (await page.context().request.get("/api/posts?status=scheduled")).json();
  expect(listed.data.posts[0].scheduledDate).toBe(zonedIso(target, 9, 0, ZONE));

  // A press at once, before the drag code has arrived, still drags: the week remounts into the drag layer under
  // the held button and the press is replayed on the chip's new mount (OnDemandDrag). The layer's chunk is held
  // until the button is down, so the press always lands on the calendar without it.
  const layer = await holdDragLayer(page);
  await gotoHydrated(page, `/planner?view=week&date=${target}`, { audit: false });
  const atNine = page.locator(`[data-slot="${target}@9"]`).getByRole("button", { name: /^Scheduled post/ });
  const eleven = page.locator(`[data-slot="${target}@11"]`);
  // The week's place must be the one the remount gives it, or the chip moves from under the pressed pointer: the
  // week opens at its working day once its script has scrolled it (the server's HTML starts at midnight), and the
  // page scrolls, not the week.
  const week = page.getByRole("grid", { name: "Week" });
  await expect.poll(() => week.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await week.evaluate((el) => el.scrollIntoView({ block: "nearest" }));
  const a = (await atNine.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // The pointer's arrival asked for the layer; only now may it come. Once dnd-kit describes the chip, the layer
  // has mounted and the press has been replayed.
  await expect.poll(() => layer.url()).not.toBe("");
  layer.release();
  await expect.poll(() => atNine.getAttribute("aria-describedby")).toBeTruthy();
  const b = (await eleven.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
  await layer.stop();
  await toast(page, "Post updated successfully");
  await eleven
    .getByRole("button", { name: /^Scheduled post/ })
    .getByText("11:00 AM")
    .waitFor();
  const moved = await (await page.context().request.get("/api/posts?status=scheduled")).json();
  expect(moved.data.posts[0].scheduledDate).toBe(zonedIso(target, 11, 0, ZONE));

  // Focus on a post before the drag code has come keeps it: the week remounts into the drag layer when focus
  // reaches it, and the new mount's chip gets focus back, so a keyboard user is not dropped to the page's start.
  // The layer is held until focus is on the chip: the pointer still resting over the week may ask for it first, and
  // a remount before the focus would prove nothing (or race it).
  const layerForFocus = await holdDragLayer(page);
  await gotoHydrated(page, `/planner?view=week&date=${target}`, { audit: false });
  const atEleven = eleven.getByRole("button", { name: /^Scheduled post/ });
  await atEleven.focus();
  await expect.poll(() => layerForFocus.url()).not.toBe("");
  layerForFocus.release();
  await expect.poll(() => atEleven.getAttribute("aria-describedby")).toBeTruthy();
  await expect.poll(() => atEleven.evaluate((el) => el === document.activeElement)).toBe(true);
  await layerForFocus.stop();

  // Scrolling the week while the drag code is on its way keeps the hours scrolled to: the new mount opens at the
  // working day, and is put back where the person scrolled.
  const layerAgain = await holdDragLayer(page);
  await gotoHydrated(page, `/planner?view=week&date=${target}`, { audit: false });
  await expect.poll(() => week.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await week.hover();
  await expect.poll(() => layerAgain.url()).not.toBe("");
  // Back up to midnight, away from where the week opens (the working day, scrolled down).
  await week.evaluate(async (el) => {
    el.scrollTop = 0;
    await new Promise((resolve) => el.addEventListener("scroll", resolve, { once: true }));
  });
  layerAgain.release();
  await expect.poll(() => atEleven.getAttribute("aria-describedby")).toBeTruthy();
  expect(await week.evaluate((el) => el.scrollTop)).toBe(0);
  await layerAgain.stop();

  await chip.click();
  const detail = page.getByRole("dialog", { name: "Post Details" });
  await detail.getByRole("region", { name: "Channels" }).getByText("LinkedIn").waitFor();
  await expectAccessible(page, "the Post Details dialog");
  await detail.getByRole("tab", { name: "Comments" }).click();
  await detail.getByText("No comments yet.", { exact: false }).waitFor();
  await detail.getByRole("button", { name: "Post actions" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Post" });
  // While the delete runs (its request held here), the dialog's button says so and cannot be pressed again.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const deleteAction = /\/posts\/[^/]+\/delete\.data/;
  let heldRequests = 0;
  await page.route(deleteAction, async (route) => {
    heldRequests += 1;
    await held;
    await route.continue();
  });
  await confirm.getByRole("button", { name: "Delete" }).click();
  const pending = confirm.getByRole("button", { name: "Deleting..." });
  await pending.waitFor();
  expect(await pending.isDisabled()).toBe(true);
  release();
  await toast(page, "Post deleted successfully");
  expect(heldRequests).toBe(1);
  await page.unroute(deleteAction);
  await chip.waitFor({ state: "detached" });
});

test("a link from the AI page opens the composer with its text; Save as Draft stores the post and the planner lists it", async ({
  journey: { page },
}) => {
  await registerViaApi(page, newUser("Pia Lund"));
  await connect(page, "twitter");
  await gotoHydrated(page, `/content?compose=1&text=${encodeURIComponent("Five tips for #remote teams")}`);
  const composer = page.getByRole("dialog", { name: "Create Post" });
  expect(await composer.getByLabel("Content", { exact: true }).inputValue()).toBe("Five tips for #remote teams");
  await page.waitForURL(/\/content\?tab=posts$/);
  await composer.getByRole("button", { name: /^X( |$)/ }).click();
  await composer.getByRole("button", { name: "Save as Draft" }).click();
  await toast(page, "Draft saved successfully!");
  const card = page.getByRole("article", { name: /Five tips/ });
  await card.getByText("#remote", { exact: true }).waitFor();
  // X's only account was preselected, so the draft already has its X channel.
  await card.getByText("X: Draft", { exact: true }).waitFor();

  // Drafts have no status filter results among scheduled posts, and the planner lists them aside.
  await page.getByLabel("Status").selectOption("scheduled");
  await page.getByText("Try adjusting your search or filters").waitFor();
  await page.getByRole("button", { name: "Clear All" }).click();
  await card.waitFor();

  await gotoHydrated(page, "/planner");
  await page
    .getByRole("region", { name: /Drafts/ })
    .getByRole("button", { name: /Five tips for #remote teams/ })
    .waitFor();
});

test("where approval applies, dragging an approved post in the planner sends it back for approval", async ({
  journey: { page, baseUrl },
}) => {
  // Noon UTC three days ahead: the same local day in the user's zone, and the next day is in that month's grid.
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const at = Date.parse(`${day}T12:00:00Z`);
  const next = new Date(at + 86_400_000).toISOString().slice(0, 10);
  const { api } = await awaitingApproval(page, baseUrl, newUser("Drag Approver"), [{ content: "Drag me back", at }]);
  const postId = (await (await api.get("/api/posts?status=pending_approval")).json()).data.posts[0].id as string;
  const approved = await api.post(`/api/posts/${postId}/approve`, { data: {}, headers: { Origin: baseUrl } });
  expect(approved.status(), await approved.text()).toBe(200);

  await gotoHydrated(page, `/planner?date=${day}`);
  // The owner's own Publish Now would only submit a post here too: the composer says so before the click.
  await page.getByRole("button", { name: "Create Post", exact: true }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  const send = composer.getByRole("button", { name: "Submit for approval" });
  await expect(page.locator(`#${await send.getAttribute("aria-describedby")}`).innerText()).resolves.toBe(
    "This workspace requires approval: it waits in Approvals until you or another approver approves it; then it publishes at once.",
  );
  expect(await composer.getByRole("button", { name: "Publish Now" }).count()).toBe(0);
  await composer.getByRole("button", { name: "Cancel" }).click();
  const chip = page.locator(`[data-day="${day}"]`).getByRole("button", { name: /^Scheduled post on X: Drag me back/ });
  // The drop posts to the planner's own action, not to the JSON API.
  const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/planner.data");
  await dragTo(page, chip, page.locator(`[data-day="${next}"]`));
  await posted;
  await toast(page, "Post submitted for approval");
  await page
    .locator(`[data-day="${next}"]`)
    .getByRole("button", { name: /^Pending approval post on X: Drag me back/ })
    .waitFor();
  const post = (await (await api.get(`/api/posts/${postId}`)).json()).data;
  expect(post.status).toBe("pending_approval");
  expect(post.scheduledDate).toBe(new Date(at + 86_400_000).toISOString());
  await gotoHydrated(page, "/approvals");
  await page.getByRole("listitem").filter({ hasText: "Drag me back" }).waitFor();
});

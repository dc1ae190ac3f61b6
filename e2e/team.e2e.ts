import type { Page } from "playwright-core";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { chooseChannels, gotoHydrated, invitePath, newUser, registerViaApi, toast } from "./helpers";
import { connectViaConsent } from "./platforms";

/**
 * Opens the workspace switcher and picks `item`. A fresh clone's run once saw the menu closed again before its item
 * could be clicked, right after a page load (cause not found); a switcher with no menu open is opened once more.
 */
async function switchTo(page: Page, item: string | RegExp) {
  const switcher = page.getByRole("button", { name: "Switch workspace" });
  const menuitem = page.getByRole("menuitem", { name: item });
  await switcher.click();
  await menuitem.waitFor({ timeout: 5_000 }).catch(async () => {
    if (!(await page.getByRole("menu").isVisible())) await switcher.click();
  });
  await menuitem.click();
}

/** The owner's shared workspace, made current in the owner's browser, with an X account connected. */
async function agency(page: Page, baseUrl: string, name: string) {
  const request = page.context().request;
  const headers = { Origin: baseUrl };
  const ws = (await (await request.post("/api/workspaces", { data: { name, timezone: "UTC" }, headers })).json()).data
    .id as string;
  expect((await request.post(`/api/workspaces/${ws}/switch`, { headers })).status()).toBe(200);
  await connectViaConsent(page, "twitter");
  return ws;
}

test("a new contributor joins through the mailed invite and submits; the owner approves from the queue and it publishes; a client asks for changes through a link and the author reads it", async ({
  journey: { page, baseUrl, openBrowser },
}) => {
  const owner = newUser("Olga Owner");
  await registerViaApi(page, owner);
  const ws = await agency(page, baseUrl, "Crumb Agency");
  const carl = newUser("Carl Contributor");
  const invited = await page.context().request.post(`/api/workspaces/${ws}/invites`, {
    data: { email: carl.email, role: "contributor" },
    headers: { Origin: baseUrl },
  });
  expect(invited.status()).toBe(201);

  // Carl has no account: the mailed link sends him through sign-up and back to accept.
  const second = await openBrowser();
  try {
    const cp = second.page;
    const path = await invitePath(cp, carl.email);
    await gotoHydrated(cp, path);
    await cp.getByRole("link", { name: "Sign up or log in to accept" }).click();
    await cp.getByRole("tab", { name: "Sign Up" }).click();
    await cp.getByLabel("Full Name").fill(carl.name);
    await cp.getByLabel("Email").fill(carl.email);
    await cp.getByLabel("Password", { exact: true }).fill(carl.password);
    await cp.getByLabel("Confirm Password").fill(carl.password);
    await cp.getByRole("checkbox").check();
    await cp.getByRole("button", { name: "Create Account" }).click();
    await cp.waitForURL(`**${path}`);
    await cp.getByRole("button", { name: "Accept invitation" }).click();
    await cp.waitForURL("**/dashboard");
    await cp.getByRole("button", { name: "Switch workspace" }).getByText("Crumb Agency").waitFor();
    // A contributor has no Approvals entry.
    expect(await cp.getByRole("link", { name: "Approvals" }).count()).toBe(0);

    // Carl writes a post and asks to publish it now: it waits for approval.
    const upload = await cp.context().request.post("/api/media/upload", {
      multipart: { files: { name: "bun.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
      headers: { Origin: baseUrl },
    });
    expect(upload.status()).toBe(201);
    await gotoHydrated(cp, "/content");
    await cp.getByRole("button", { name: "Create Post" }).click();
    const composer = cp.getByRole("dialog", { name: "Create Post" });
    await chooseChannels(composer, "X");
    const text = `Cinnamon buns at dawn ${Date.now()}`;
    await composer.getByLabel("Content", { exact: true }).fill(text);
    await composer.getByRole("button", { name: "Choose from Library" }).click();
    const picker = cp.getByRole("dialog", { name: "Media Library" });
    await picker.getByRole("option", { name: /bun\.jpg/ }).click();
    await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();
    // Publish Now would only submit it, so the button says what happens, and the toast who acts next.
    await composer.getByRole("button", { name: "Submit for approval" }).click();
    await toast(
      cp,
      "Post submitted for approval: an owner, admin or editor approves it in Approvals before it goes out.",
    );
    const carlsCard = cp.getByRole("article", { name: /Cinnamon buns at dawn/ });
    await carlsCard.getByText("X: Pending approval").waitFor();

    // Olga approves it from the queue; it publishes through the emulator.
    await gotoHydrated(page, "/approvals");
    const item = page.getByRole("listitem", { name: "Submitted by Carl Contributor" });
    await item.getByRole("article", { name: "X preview" }).getByText(text).waitFor();
    await item.getByRole("button", { name: "Approve" }).click();
    await toast(page, "Post approved");
    await page.getByText("Nothing is waiting for approval").waitFor();
    await gotoHydrated(page, "/content");
    const card = page.getByRole("article", { name: /Cinnamon buns at dawn/ });
    await card.getByText("X: Published").waitFor({ timeout: 60_000 });

    // She shares it with the client, who has no account.
    await card.getByRole("button", { name: /Cinnamon buns at dawn/ }).click();
    const detail = page.getByRole("dialog", { name: "Post Details" });
    await detail.getByRole("button", { name: "Share for approval" }).click();
    const link = await detail.getByLabel("Approval link", { exact: true }).inputValue();
    expect(link).toMatch(/\/review\/[\w-]+\.[\w-]{40,}$/);

    const client = await openBrowser();
    try {
      const review = client.page;
      await gotoHydrated(review, link);
      await review.getByRole("article", { name: "X preview" }).getByText(text).waitFor();
      await review.getByLabel("Comment").fill("Make the buns golden");
      await review.getByRole("button", { name: "Request changes" }).click();
      await review.getByRole("status").getByText("Thank you: changes requested").waitFor();
      await review.getByRole("list", { name: "Decisions so far" }).getByText("Make the buns golden").waitFor();
    } finally {
      await client.close();
    }
    // The dialog's list of links reads the post's share page again after a revoke.
    const approvalLinks = detail.getByRole("list", { name: "Approval links" });
    await approvalLinks.getByRole("button", { name: "Revoke" }).click();
    await toast(page, "Approval link revoked");
    await approvalLinks.getByText(/· revoked$/).waitFor();

    // Carl, the author, reads the client's words on his post.
    await gotoHydrated(cp, "/content");
    await cp
      .getByRole("article", { name: /Cinnamon buns at dawn/ })
      .getByRole("button", { name: /Cinnamon buns/ })
      .click();
    const carlsDetail = cp.getByRole("dialog", { name: "Post Details" });
    await carlsDetail.getByRole("tab", { name: "Comments" }).click();
    await carlsDetail
      .getByRole("list", { name: "Team discussion" })
      .getByRole("listitem", { name: "From the client" })
      .getByText("Changes requested: Make the buns golden")
      .waitFor();
  } finally {
    await second.close();
  }
}, 240_000);

test("a client workspace made from the switcher; the switcher moves between the two, each shows only its own posts, and its owner deletes it", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  await registerViaApi(page, newUser("Sam Switch"));
  const headers = { Origin: baseUrl };
  const request = page.context().request;
  const draft = async (content: string) =>
    expect((await request.post("/api/posts", { data: { content, platforms: ["linkedin"] }, headers })).status()).toBe(
      201,
    );
  await draft("Personal sourdough notes");
  // An agency makes a workspace per client from the UI: the switcher's "New workspace…", then Settings' form.
  await gotoHydrated(page, "/dashboard");
  await page.getByRole("button", { name: "Switch workspace" }).click();
  await page.getByRole("menuitem", { name: "New workspace…" }).click();
  const form = page.getByRole("region", { name: "New workspace" });
  // A blank name is refused by the server's rule, in Settings' banner.
  expectStatus(400, /\/settings\.data/);
  await form.getByLabel("Name").fill("   ");
  await form.getByRole("button", { name: "Create workspace" }).click();
  await page.getByText("Please enter a workspace name").waitFor();
  await form.getByLabel("Name").fill("Rye Studio");
  await form.getByRole("button", { name: "Create workspace" }).click();
  await page.waitForURL("**/dashboard");
  await page.getByRole("button", { name: "Switch workspace" }).filter({ hasText: "Rye Studio" }).waitFor();
  await draft("Rye Studio launch plan");

  await gotoHydrated(page, "/content");
  await page.getByRole("article", { name: /Rye Studio launch plan/ }).waitFor();
  expect(await page.getByRole("article", { name: /Personal sourdough notes/ }).count()).toBe(0);

  await switchTo(page, /Sam Switch/);
  await page.getByRole("article", { name: /Personal sourdough notes/ }).waitFor();
  expect(await page.getByRole("article", { name: /Rye Studio launch plan/ }).count()).toBe(0);
  // The choice survives a reload (the Content Hub was audited above, in the other workspace).
  await gotoHydrated(page, "/content", { audit: false });
  await page.getByRole("article", { name: /Personal sourdough notes/ }).waitFor();

  // The client leaves: its owner deletes Rye Studio from its Settings, typing its name to confirm.
  await switchTo(page, /Rye Studio/);
  await page.getByRole("article", { name: /Rye Studio launch plan/ }).waitFor();
  expect((await request.post("/api/labels", { data: { name: "Harvest", color: "#2f855a" }, headers })).status()).toBe(
    201,
  );
  await gotoHydrated(page, "/settings?tab=workspace");
  // Its campaigns are kept there too (ADR 094): a label renamed and recoloured, then deleted after a confirm.
  const harvest = page.getByRole("form", { name: "Label Harvest" });
  await harvest.getByLabel("Name").fill("Harvest fair");
  await harvest.getByLabel("Colour").fill("#c53030");
  await harvest.getByRole("button", { name: "Save" }).click();
  await page.getByText("Label updated").first().waitFor();
  const saved = (await (await request.get("/api/labels")).json()).data.labels;
  expect(saved).toMatchObject([{ name: "Harvest fair", color: "#c53030" }]);
  await page.getByRole("button", { name: "Delete Harvest fair" }).click();
  await page
    .getByRole("alertdialog", { name: 'Delete the label "Harvest fair"?' })
    .getByRole("button", { name: "Delete label" })
    .click();
  await page.getByText("Label removed from the workspace and its posts").first().waitFor();
  expect(await page.getByRole("form", { name: /Label Harvest/ }).count()).toBe(0);
  expect((await (await request.get("/api/labels")).json()).data.labels).toEqual([]);
  const danger = page.getByRole("region", { name: "Delete workspace" });
  await danger.getByText(/removes its posts \(scheduled ones will not be published\)/).waitFor();
  expectStatus(400, /\/settings\.data/);
  await danger.getByLabel("Type Rye Studio to confirm").fill("Rye");
  await danger.getByRole("button", { name: "Delete workspace" }).click();
  await page.getByText("Type the workspace's name, Rye Studio, to delete it").first().waitFor();
  await danger.getByLabel("Type Rye Studio to confirm").fill("Rye Studio");
  await danger.getByRole("button", { name: "Delete workspace" }).click();
  await page.waitForURL("**/dashboard");
  await page.getByRole("button", { name: "Switch workspace" }).filter({ hasText: "Sam Switch" }).waitFor();
  const mine = (await (await request.get("/api/workspaces")).json()).data;
  expect(JSON.stringify(mine)).not.toContain("Rye Studio");
});

test("invites through Settings, a submission in the owner's inbox, an @mention exchange on a 375 px phone, and both in Settings → Activity", async ({
  journey: { page, baseUrl, openBrowser },
}) => {
  const owner = newUser("Olga Owner");
  await registerViaApi(page, owner);
  await agency(page, baseUrl, "Oven Agency");
  const eddie = newUser("Eddie Editor");
  const carl = newUser("Carl Contributor");

  // The owner invites both through Settings → Workspace.
  await gotoHydrated(page, "/settings?tab=workspace");
  const invite = page.getByRole("region", { name: "Invite a member" });
  for (const [who, role] of [
    [eddie, "editor"],
    [carl, "contributor"],
  ] as const) {
    await invite.getByLabel("Email").fill(who.email);
    await invite.getByLabel("Role").selectOption(role);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await invite.getByText(`${who.email} · ${role} · pending`).waitFor();
  }

  // One phone-sized browser: Eddie accepts from the dev mailbox, then Carl accepts there and submits a post.
  const phone = await openBrowser({ width: 375, height: 812 });
  try {
    const pp = phone.page;
    const accept = async (who: typeof carl) => {
      await registerViaApi(pp, who);
      // Both invitations show the same page: axe audits the first.
      await gotoHydrated(pp, await invitePath(pp, who.email), { audit: who === eddie });
      await pp.getByRole("button", { name: "Accept invitation" }).click();
      await pp.waitForURL("**/dashboard");
    };
    await accept(eddie);
    const eddiesCookies = await pp.context().cookies();
    await pp.context().clearCookies();
    await accept(carl);
    const request = pp.context().request;
    const account = (await (await request.get("/api/accounts")).json()).data.accounts[0]._id;
    const upload = await request.post("/api/media/upload", {
      multipart: { files: { name: "rye.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
      headers: { Origin: baseUrl },
    });
    const text = `Rye crust for Friday ${Date.now()}`;
    const submitted = await request.post("/api/posts", {
      headers: { Origin: baseUrl },
      data: {
        content: text,
        images: [(await upload.json()).data[0].id],
        platforms: ["twitter"],
        selectedAccounts: { twitter: [account] },
        status: "scheduled",
        scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect((await submitted.json()).message).toBe("Post submitted for approval");
    await pp.context().clearCookies();
    await pp.context().addCookies(eddiesCookies);

    // Olga's bell counts the request; its notice opens the post, where she asks Eddie with an @mention.
    await gotoHydrated(page, "/dashboard");
    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    await page
      .getByRole("dialog", { name: "Notifications" })
      .getByRole("link", { name: /Approval asked/ })
      .click();
    const detail = page.getByRole("dialog", { name: "Post Details" });
    await detail.getByText(text).first().waitFor();
    await detail.getByRole("tab", { name: "Comments" }).click();
    const box = detail.getByRole("combobox", { name: "Comment" });
    await box.pressSequentially("@edd");
    await detail.getByRole("option", { name: /Eddie Editor/ }).waitFor();
    await box.press("Enter");
    await box.pressSequentially("is the crust dark enough?");
    expect(await box.inputValue()).toBe("@Eddie Editor is the crust dark enough?");
    await detail.getByRole("button", { name: "Add comment" }).click();
    const olgasComment = detail.getByRole("listitem", { name: "Comment by Olga Owner" });
    await olgasComment.getByText("@Eddie Editor", { exact: true }).waitFor();

    // Eddie, on the phone, finds the mention in his inbox and answers in the thread.
    await gotoHydrated(pp, "/dashboard");
    await pp.getByRole("button", { name: "Notifications, 2 unread" }).click();
    const inbox = pp.getByRole("dialog", { name: "Notifications" });
    await inbox.getByRole("link", { name: /Mentioned you/ }).click();
    const phoneDetail = pp.getByRole("dialog", { name: "Post Details" });
    await phoneDetail.getByRole("listitem", { name: "Comment by Olga Owner" }).waitFor();
    await phoneDetail.getByRole("combobox", { name: "Comment" }).fill("Golden, ship it");
    await phoneDetail.getByRole("button", { name: "Add comment" }).click();
    await phoneDetail.getByRole("listitem", { name: "Comment by Eddie Editor" }).waitFor();
    await pp.keyboard.press("Escape");
    await pp.getByRole("button", { name: "Notifications, 1 unread" }).click();
    await inbox.getByRole("button", { name: "Mark all read" }).click();
    await pp.getByRole("button", { name: "Notifications", exact: true }).waitFor();

    // An editor has no Developer or Activity tab; a link to one says why instead of a broken panel.
    await gotoHydrated(pp, "/settings?tab=developer");
    expect(await pp.getByRole("alert").innerText()).toBe(
      "Settings → Developer is for a workspace owner or admin; your role here is editor.",
    );
    expect(await pp.getByRole("tab").allInnerTexts()).toEqual([
      "Profile",
      "Workspace",
      "Social Accounts",
      "Links",
      "API",
      "Billing",
    ]);

    // Posted straight to the page's action, an owner/admin-only form is refused as the API refuses it.
    const hook = { url: "https://example.com/eddie-hook", events: "post.published" };
    const viaApi = await pp.request.post("/api/webhooks", {
      data: { url: hook.url, events: [hook.events] },
      headers: { Origin: baseUrl },
    });
    expect(viaApi.status()).toBe(403);
    const refusal = (await viaApi.json()).message;
    expect(refusal).toBe("Your role (editor) cannot do this in Oven Agency.");
    const viaPage = await pp.request.post("/settings", {
      form: { intent: "webhook-create", ...hook },
      headers: { Origin: baseUrl },
    });
    expect(viaPage.status()).toBe(403);
    expect(await viaPage.text()).toContain(refusal);
    expect((await (await page.request.get("/api/webhooks")).json()).data.endpoints).toEqual([]);
    const inviting = await pp.request.post("/settings", {
      form: { intent: "invite-create", email: "stranger@example.com", role: "owner" },
      headers: { Origin: baseUrl },
    });
    expect(inviting.status()).toBe(403);
    expect(await inviting.text()).toContain(refusal);
  } finally {
    await phone.close();
  }

  // Olga approves; Settings → Activity shows the approval and the comments, narrowed to comments on demand.
  await gotoHydrated(page, "/approvals");
  await page
    .getByRole("listitem", { name: "Submitted by Carl Contributor" })
    .getByRole("button", { name: "Approve" })
    .click();
  await toast(page, "Post approved");
  await gotoHydrated(page, "/settings?tab=activity");
  const table = page.getByRole("table", { name: "Activity log, newest first" });
  await table.getByRole("row", { name: /Olga Owner Approved Rye crust/ }).waitFor();
  await table.getByRole("row", { name: /Eddie Editor Commented on Rye crust/ }).waitFor();
  await page.getByLabel("Action").selectOption("commented");
  await table.getByRole("row", { name: /Approved/ }).waitFor({ state: "detached" });
  await table.getByRole("row", { name: /Olga Owner Commented on/ }).waitFor();
  expect(await page.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toMatch(
    /\/activity\.csv\?action=commented$/,
  );

  // The owner's Settings → Developer names each dated platform API version with the day it stops being served.
  await gotoHydrated(page, "/settings?tab=developer");
  const versions = page.getByRole("table", { name: "Platform API versions" });
  expect(await versions.getByRole("row").allInnerTexts()).toEqual([
    expect.stringMatching(/^API\s+Version\s+Served until\s+State$/),
    expect.stringMatching(/^Graph API version\s+v\d+\.0 \(default\)\s+(\d{4}-\d{2}-\d{2}|No end announced)\s+/),
    expect.stringMatching(/^LinkedIn-Version\s+\d{6} \(default\)\s+\d{4}-\d{2}-15\s+/),
    expect.stringMatching(/^Threads API\s+v1\.0\s+No end announced\s+OK$/),
    expect.stringMatching(/^X API\s+2\s+No end announced\s+OK$/),
    expect.stringMatching(/^YouTube Data API\s+v3\s+No end announced\s+OK$/),
    expect.stringMatching(/^My Business API \(local posts\)\s+v4\s+No end announced\s+OK$/),
    expect.stringMatching(/^Pinterest API\s+v5\s+No end announced\s+OK$/),
  ]);
}, 240_000);

import { jpegBytes } from "../workers/test/media-fixtures";
import { awaitingApproval, ownerWithX } from "./approvals";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, png, toast } from "./helpers";
import { connectViaConsent } from "./platforms";

test("Approvals: a passed time asks for a new one in the post's row; a rejection needs a comment; each channel shows what it publishes", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  const { me, api, images } = await awaitingApproval(page, baseUrl, newUser("Ada Approver"), [
    { content: "Soon gone", at: Date.now() + 4_000 },
    { content: "Needs work", at: Date.now() + 3 * 86_400_000 },
    { content: "Gone by the agency view", at: Date.now() + 4_000 },
  ]);
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  const item = (content: string) => page.getByRole("listitem").filter({ hasText: content });
  const newTime = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);

  // The agency view asks for a new time in the item too, rather than leave a refusal with nowhere to answer it.
  await gotoHydrated(page, "/agency");
  expectStatus(409, "/agency.data");
  const section = (name: string) =>
    page.getByRole("region", { name }).getByRole("listitem").filter({ hasText: "Gone by the agency view" });
  const agencyItem = section("Waiting for approval or changes");
  await agencyItem.getByRole("button", { name: "Approve", exact: true }).click();
  await toast(page, "The time this post was scheduled for has passed. Choose a new time to approve it.");
  await agencyItem.getByLabel(`New time (${me.user.timezone})`).fill(newTime);
  await agencyItem.getByRole("button", { name: "Approve at this time" }).click();
  await toast(page, `Post approved in ${me.workspace.name}`);
  await agencyItem.waitFor({ state: "detached" });
  await section("Upcoming").waitFor();

  await gotoHydrated(page, "/approvals");

  expectStatus(409, "/approvals.data");
  await item("Soon gone").getByRole("button", { name: "Approve" }).click();
  await item("Soon gone")
    .getByRole("alert")
    .filter({ hasText: "The time this post was scheduled for has passed. Choose a new time to approve it." })
    .waitFor();
  const approveAt = item("Soon gone").getByRole("button", { name: "Approve at this time" });
  expect(await approveAt.isDisabled()).toBe(true);
  await item("Soon gone").getByLabel(`New time (${me.user.timezone})`).fill(newTime);
  await approveAt.click();
  await toast(page, "Post approved");
  await item("Soon gone").waitFor({ state: "detached" });

  await item("Needs work").getByRole("button", { name: "Reject" }).click();
  expectStatus(400, "/approvals.data");
  await item("Needs work").getByRole("button", { name: "Send back" }).click();
  await item("Needs work").getByRole("alert").filter({ hasText: "Please say what needs to change." }).waitFor();
  await item("Needs work").getByLabel("What needs to change?").fill("A warmer opening, please.");
  await item("Needs work").getByRole("button", { name: "Send back" }).click();
  await toast(page, "Post sent back to its author");
  await page.getByText("Nothing is waiting for approval").waitFor();
  expect(page.url()).toMatch(/\/approvals$/);

  // A post whose X channel has its own text, thread and photo (ADR 021): the approver sees X's version on X's card
  // and the main text, with its hashtag, on LinkedIn's: what each network will publish.
  await connectViaConsent(page, "linkedin");
  const headers = { Origin: baseUrl };
  const accounts = (await (await api.get("/api/accounts")).json()).data.accounts as Array<{
    id: string;
    platform: string;
  }>;
  const account = (platform: string) => accounts.find((a) => a.platform === platform)!.id;
  const upload = await api.post("/api/media/upload", {
    multipart: { files: { name: "x-only.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers,
  });
  const submitted = await api.post("/api/posts", {
    data: {
      content: "Our autumn menu is here",
      hashtags: ["autumn"],
      platforms: ["twitter", "linkedin"],
      selectedAccounts: { twitter: [account("twitter")], linkedin: [account("linkedin")] },
      images,
      status: "scheduled",
      scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
      channels: [
        {
          platform: "twitter",
          accountId: account("twitter"),
          text: "Autumn on X 🍂",
          thread: ["Soup first, cake after"],
          media: [(await upload.json()).data[0].id],
        },
      ],
    },
    headers,
  });
  expect((await submitted.json()).message).toBe("Post submitted for approval");
  await gotoHydrated(page, "/approvals");
  const card = (network: string) =>
    item("Our autumn menu is here").getByRole("article", { name: `${network} preview` });
  await card("X").getByText("Autumn on X 🍂").waitFor();
  await card("X").getByRole("list", { name: "X thread preview" }).getByText("Soup first, cake after").waitFor();
  await card("X").getByRole("img", { name: "x-only.jpg" }).waitFor();
  expect(await card("X").innerText()).not.toContain("Our autumn menu is here");
  expect(await card("LinkedIn").innerText()).toContain("Our autumn menu is here\n\n#autumn");
  expect(await card("LinkedIn").innerText()).not.toContain("Autumn on X");
  await card("LinkedIn").getByRole("img", { name: "ask.jpg" }).waitFor();
});

test("Review loop: an agency makes a client workspace; the client's Request changes stops the post; the agency sees it across its workspaces and in the bell, edits, the client approves, it publishes; the client's scheduled report reaches them with its PDF", async ({
  journey: { page, baseUrl },
}) => {
  const { api, headers, me, images } = await ownerWithX(page, baseUrl, newUser("Ava Agency"), {
    approvalRequired: false,
    clientWorkspace: "Acme Bakery",
  });
  const created = await api.post("/api/posts", {
    data: {
      content: "Spring launch with the red logo",
      platforms: ["twitter"],
      selectedAccounts: { twitter: [me.connectedAccounts[0].id] },
      images,
      status: "scheduled",
      scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
    },
    headers,
  });
  const postId = (await created.json()).data._id as string;

  // Brand it: the agency gives the client's workspace its colour and logo (ADR 085).
  await gotoHydrated(page, "/settings?tab=workspace");
  const brand = page.getByRole("region", { name: "Brand" });
  await brand.getByLabel("Colour", { exact: true }).fill("#0f766e");
  await brand.getByText("White text on it: 5.5:1 (readable)").waitFor();
  await brand.getByRole("button", { name: "Save colour" }).click();
  await page.getByText("Brand saved").waitFor();
  await brand
    .getByLabel("Logo (PNG or JPEG, up to 512 KB)")
    .setInputFiles({ name: "acme.png", mimeType: "image/png", buffer: png(96, 96, [200, 120, 40]) });
  await brand.getByRole("button", { name: "Upload logo" }).click();
  await brand.getByRole("img", { name: "Logo" }).waitFor();

  // Share it: the post's dialog makes the client's link (shown once).
  await gotoHydrated(page, `/content?post=${postId}`);
  const review = page.getByRole("dialog", { name: "Post Details" }).getByRole("region", { name: "Review" });
  await review.getByRole("button", { name: "Share for approval" }).click();
  const link = new URL(await review.getByLabel("Approval link", { exact: true }).inputValue()).pathname;
  const status = async () => (await (await api.get(`/api/posts/${postId}`)).json()).data.status as string;

  let due = 0;
  // The client, in a browser of their own with no account, asks for changes.
  const client = await page.context().browser()!.newContext({ baseURL: baseUrl });
  try {
    const cp = await client.newPage();
    await cp.goto(link);
    // The client sees the agency's brand for them, not Postline's: the band in their colour with their logo.
    const logo = cp.locator('img[src^="/api/brand-logos/"]');
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    expect(await logo.evaluate((img) => getComputedStyle(img.parentElement!).backgroundColor)).toBe(
      "rgb(15, 118, 110)",
    );
    const section = cp.getByRole("region", { name: "Post for review" });
    await section.getByLabel("Comment").fill("Use the blue logo, please");
    await section.getByRole("button", { name: "Request changes" }).click();
    expect(await section.getByRole("status").innerText()).toBe("Thank you: changes requested");
    expect(await status()).toBe("changes_requested");

    // The agency's mail about it comes in the client workspace's brand: its name on the text part, its colour and
    // logo on the HTML part.
    await page.goto("/dev/mailbox");
    const mail = page.getByRole("article", { name: `A client asked for changes to ${me.user.email}` }).first();
    expect((await mail.locator("pre").innerText()).startsWith("Acme Bakery\n")).toBe(true);
    const html = (await mail.locator("iframe").getAttribute("srcdoc")) ?? "";
    expect(html).toContain("background:#0f766e;color:#ffffff");
    expect(html).toMatch(/<img src="http[^"]+\/api\/brand-logos\//);

    // The agency's view across its workspaces lists it, labelled with the client's workspace.
    await gotoHydrated(page, "/dashboard");
    await page.getByRole("link", { name: "All workspaces" }).click();
    await page.waitForURL("**/agency");
    const held = page
      .getByRole("region", { name: "Waiting for approval or changes" })
      .getByRole("listitem", { name: "Acme Bakery: Spring launch with the red logo" });
    await held.getByText("Changes requested").waitFor();
    await held.getByRole("button", { name: "Edit in Acme Bakery" }).waitFor();

    // The agency's bell says so; its notice opens the post, held with the client's words.
    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    const notice = page.getByRole("dialog", { name: "Notifications" }).getByRole("link", { name: /Client feedback/ });
    expect(await notice.innerText()).toContain('asked for changes to "Spring launch with the red logo"');
    await notice.click();
    const detail = page.getByRole("dialog", { name: "Post Details" });
    await detail
      .getByRole("listitem", { name: "From the client" })
      .getByText("Changes requested: Use the blue logo, please")
      .waitFor();

    // The agency edits it to go out in a few seconds; the client approves the new version.
    due = Date.now() + 6_000;
    const edited = await api.put(`/api/posts/${postId}`, {
      data: { content: "Spring launch with the blue logo", scheduledDate: new Date(due).toISOString() },
      headers,
    });
    expect((await edited.json()).data.status).toBe("scheduled");
    await cp.reload();
    await section.getByText("Spring launch with the blue logo").first().waitFor();
    await section.getByRole("button", { name: "Approve" }).click();
    expect(await section.getByRole("status").innerText()).toBe("Thank you: approved");
  } finally {
    await client.close();
  }
  await expect.poll(() => Date.now() >= due, { timeout: 20_000, interval: 500 }).toBe(true);
  expect((await api.post("/api/scheduler/trigger", { headers })).status()).toBe(200);
  await expect.poll(status, { timeout: 60_000, interval: 1_000 }).toBe("published");

  // The client's report: scheduled in their workspace, to the client's address too. "Send now" mails what the
  // schedule mails at its hour (that hour, in the workspace's zone, is report-mail.test.ts's).
  const clientEmail = `client-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await gotoHydrated(page, "/analytics?tab=reports");
  await page.getByRole("button", { name: "Schedule New Report" }).click();
  await page.getByLabel(/^Also send to/).fill(clientEmail);
  await page.getByRole("button", { name: "Save" }).click();
  await toast(page, "Report scheduled");
  await page.getByText(`Also to ${clientEmail}`).waitFor();
  await page.getByRole("button", { name: "Send now" }).click();
  await toast(page, "Report sent to 2 recipients");
  await page.goto("/dev/mailbox");
  const report = page.getByRole("article", { name: `Acme Bakery: Summary Report to ${clientEmail}` });
  const text = await report.locator("pre").innerText();
  expect(text.startsWith("Acme Bakery\n")).toBe(true);
  expect(text).toMatch(/Unsubscribe: http\S+\/unsubscribe\//);
  expect((await report.locator("iframe").getAttribute("srcdoc")) ?? "").toContain("background:#0f766e;color:#ffffff");
  const attachment = report.getByRole("list", { name: "Attachments" }).getByRole("link", { name: /-summary\.pdf$/ });
  const pdf = await api.get((await attachment.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 4).toString()).toBe("%PDF");
});

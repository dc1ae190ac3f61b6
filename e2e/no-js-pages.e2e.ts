import { request as playwrightRequest } from "playwright-core";
import { expect } from "vitest";
import { formatCompact } from "../app/lib/format";
import { jpegBytes } from "../workers/test/media-fixtures";
import { awaitingApproval } from "./approvals";
import { noJsTest as test } from "./browser";
import { invitePath, newUser, registerViaApi, slotHoursOn } from "./helpers";
import { connectViaConsent as connect, runCron } from "./platforms";

test("with JavaScript off, the Queue page adds and removes slots, reorders, pauses, resumes and copies slots to another account", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  await registerViaApi(page, newUser("Plain Queue"));
  await connect(page, "twitter");
  await page.goto("/queue");
  const card = page.getByRole("region", { name: /^Queue of / });
  const status = (text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
  const slots = card.getByRole("list", { name: /^Time slots of / });

  // Add slot posts at once: Mon–Fri (checked already) and Sun, 4 hours on.
  const time = slotHoursOn(4);
  await card.getByRole("checkbox", { name: "Sun" }).check();
  await card.getByLabel("Slot time").fill(time);
  await card.getByRole("button", { name: "Add slot" }).click();
  await status("Queue time slots saved");
  expect(await slots.getByRole("listitem").allInnerTexts()).toEqual(
    ["Mon", "Tue", "Wed", "Thu", "Fri", "Sun"].map((d) => `${d} ${time}`),
  );
  await card.getByRole("button", { name: `Remove Wed ${time}` }).click();
  await status("Queue time slots saved");
  expect(await slots.getByText(`Wed ${time}`).count()).toBe(0);
  expect(await slots.getByRole("listitem").count()).toBe(5);

  // No day chosen: refused with the action's message, nothing saved.
  for (const d of ["Mon", "Tue", "Wed", "Thu", "Fri"]) await card.getByRole("checkbox", { name: d }).uncheck();
  expectStatus(400, "/queue");
  await card.getByRole("button", { name: "Add slot" }).click();
  expect(await page.getByRole("alert").innerText()).toBe("Please choose at least one day for the new slot");
  expect(await slots.getByRole("listitem").count()).toBe(5);

  // Two posts through Add to queue; Move down swaps the times they hold.
  const api = page.context().request;
  const headers = { Origin: baseUrl };
  const accountId = (await (await api.get("/api/queue")).json()).data.queues[0].accountId;
  const upload = await api.post("/api/media/upload", {
    multipart: { files: { name: "plain.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers,
  });
  const images = [(await upload.json()).data[0].id as string];
  for (const content of ["Plain first", "Plain second"]) {
    const res = await api.post("/api/posts", {
      data: { content, platforms: ["twitter"], selectedAccounts: { twitter: [accountId] }, images, addToQueue: true },
      headers,
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto("/queue");
  const rows = card.getByRole("list", { name: /^Upcoming slots of / }).getByRole("listitem");
  await rows.first().getByText("Plain first").waitFor();
  await card.getByRole("button", { name: "Move down: Plain first" }).click();
  await status("Queue reordered");
  await rows.first().getByText("Plain second").waitFor();
  await rows.nth(1).getByText("Plain first").waitFor();

  await card.getByRole("button", { name: "Pause queue" }).click();
  await status("Queue paused: none of this account's posts will be published until you resume it");
  await card.getByRole("button", { name: "Resume queue" }).click();
  await status("Queue resumed: posts due while it was paused are published now");
  expect(await card.getByRole("button", { name: "Pause queue" }).count()).toBe(1);

  // A second account gets the same week: Copy slots to… is a disclosure and a plain form.
  await connect(page, "linkedin");
  await page.goto("/queue");
  const xCard = page.getByRole("region", { name: /^Queue of X / });
  await xCard.getByText("Copy slots to…").click();
  await xCard.getByRole("checkbox", { name: /^LinkedIn / }).check();
  await xCard.getByRole("button", { name: "Copy slots" }).click();
  await status("Time slots copied to 1 queue");
  const linkedinSlots = page
    .getByRole("region", { name: /^Queue of LinkedIn / })
    .getByRole("list", { name: /^Time slots of / });
  expect(await linkedinSlots.getByRole("listitem").allInnerTexts()).toEqual(
    ["Mon", "Tue", "Thu", "Fri", "Sun"].map((d) => `${d} ${time}`),
  );
});

test("with JavaScript off, Approvals approves, asks for a new time once the asked one has passed, and sends back with a comment", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  const soonAt = Date.now() + 4_000;
  const { me, api } = await awaitingApproval(page, baseUrl, newUser("Plain Approver"), [
    { content: "Plain soon", at: soonAt },
    { content: "Plain later", at: Date.now() + 3 * 86_400_000 },
    { content: "Plain rewrite", at: Date.now() + 4 * 86_400_000 },
    { content: "Plain across", at: Date.now() + 5 * 86_400_000 },
  ]);
  const item = (content: string) => page.getByRole("listitem").filter({ hasText: content });
  const status = (text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();

  await page.goto("/approvals");
  await item("Plain later").getByRole("button", { name: "Approve" }).click();
  await status("Post approved");
  expect(await item("Plain later").count()).toBe(0);

  // All workspaces lists it from the server too, labelled with its workspace, and approves it in that workspace.
  const client = await api.post("/api/workspaces", { data: { name: "Plain Client" }, headers: { Origin: baseUrl } });
  expect(client.status()).toBe(201);
  await page.goto("/agency");
  const across = page
    .getByRole("region", { name: "Waiting for approval or changes" })
    .getByRole("listitem", { name: "Plain Approver's workspace: Plain across" });
  await across.getByRole("button", { name: "Approve", exact: true }).click();
  await status("Post approved in Plain Approver's workspace");
  await page
    .getByRole("region", { name: "Upcoming" })
    .getByRole("listitem", { name: "Plain Approver's workspace: Plain across" })
    .waitFor();
  await page.goto("/approvals");

  // The asked time has passed (the steps above usually took longer): the refusal shows in that post's row with a
  // field for a new time.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, soonAt + 1_000 - Date.now())));
  expectStatus(409, "/approvals");
  await item("Plain soon").getByRole("button", { name: "Approve" }).click();
  const soon = item("Plain soon");
  expect(await soon.getByRole("alert").innerText()).toBe(
    "The time this post was scheduled for has passed. Choose a new time to approve it.",
  );
  const newTime = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);
  await soon.getByLabel(`New time (${me.user.timezone})`).fill(newTime);
  await soon.getByRole("button", { name: "Approve at this time" }).click();
  await status("Post approved");
  expect(await item("Plain soon").count()).toBe(0);

  // Reject opens the comment box by a GET; an empty comment is refused, a comment sends the post back.
  await item("Plain rewrite").getByRole("button", { name: "Reject" }).click();
  await page.waitForURL(/\/approvals\?reject=/);
  expectStatus(400, "/approvals");
  await item("Plain rewrite").getByRole("button", { name: "Send back" }).click();
  expect(await item("Plain rewrite").getByRole("alert").innerText()).toBe("Please say what needs to change.");
  await item("Plain rewrite").getByLabel("What needs to change?").fill("Warmer opening, please.");
  await item("Plain rewrite").getByRole("button", { name: "Send back" }).click();
  await status("Post sent back to its author");
  await page.getByText("Nothing is waiting for approval").waitFor();
  const scheduled = (await (await api.get("/api/posts?status=scheduled")).json()).data.posts;
  expect(scheduled.map((p: { content: string }) => p.content).sort()).toEqual([
    "Plain across",
    "Plain later",
    "Plain soon",
  ]);
});

test("with JavaScript off, an invitation is accepted from its page, and one for another address is refused there", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  const owner = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
  const guest = newUser("Plain Guest");
  const stranger = newUser("Someone Else");
  try {
    const ownerUser = newUser("Plain Owner");
    await owner.post("/api/auth/register", {
      data: { displayName: ownerUser.name, email: ownerUser.email, password: ownerUser.password },
    });
    const ws = (await (await owner.post("/api/workspaces", { data: { name: "Plain Agency", timezone: "UTC" } })).json())
      .data.id as string;
    for (const email of [guest.email, stranger.email]) {
      const invited = await owner.post(`/api/workspaces/${ws}/invites`, { data: { email, role: "contributor" } });
      expect(invited.status()).toBe(201);
    }
  } finally {
    await owner.dispose();
  }
  await registerViaApi(page, guest);

  const notMine = await invitePath(page, stranger.email);
  await page.goto(notMine);
  expectStatus(403, notMine);
  await page.getByRole("button", { name: "Accept invitation" }).click();
  expect(await page.getByRole("alert").innerText()).toBe(
    "This invitation was sent to a different email address. Sign in with that address to accept it.",
  );

  await page.goto(await invitePath(page, guest.email));
  await page.getByRole("heading", { name: "Join Plain Agency" }).waitFor();
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await page.waitForURL("**/dashboard");
  // The browser now acts in the workspace it joined.
  expect((await (await page.context().request.get("/api/auth/me")).json()).data.workspace.name).toBe("Plain Agency");

  // A contributor cannot make approval links (posts.approve): their posts have no share link.
  const draft = await page.context().request.post("/api/posts", {
    data: { content: "Plain contributor draft", platforms: ["twitter"], status: "draft" },
    headers: { Origin: baseUrl },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  await page.goto("/content");
  await page.getByRole("article", { name: "Plain contributor draft" }).waitFor();
  expect(await page.getByRole("link", { name: /^Share for review/ }).count()).toBe(0);
});

test("with JavaScript off, a client approves and asks for changes through an approval link", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  const owner = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
  let link: string;
  try {
    const user = newUser("Plain Sharer");
    await owner.post("/api/auth/register", {
      data: { displayName: user.name, email: user.email, password: user.password },
    });
    const postIds: string[] = [];
    for (const content of ["Plain review A", "Plain review B"]) {
      const res = await owner.post("/api/posts", { data: { content, platforms: ["twitter"], status: "draft" } });
      postIds.push((await res.json()).data.id);
    }
    const shared = await owner.post("/api/share-links", { data: { label: "Plain plan", postIds } });
    expect(shared.status()).toBe(201);
    link = new URL((await shared.json()).data.url).pathname;
  } finally {
    await owner.dispose();
  }

  await page.goto(link);
  await page.getByRole("heading", { name: "Plain plan" }).waitFor();
  // Drafts with no channel have no preview: the two sections are told apart by place.
  const sections = page.getByRole("region", { name: "Post for review" });
  const [first, second] = [sections.nth(0), sections.nth(1)];
  expectStatus(400, link);
  await first.getByRole("button", { name: "Request changes" }).click();
  expect(await first.getByRole("alert").innerText()).toBe("Please say what should change.");
  await first.getByLabel("Comment").fill("Shorter, please");
  await first.getByRole("button", { name: "Request changes" }).click();
  expect(await first.getByRole("status").innerText()).toBe("Thank you: changes requested");
  await first.getByRole("list", { name: "Decisions so far" }).getByText("Shorter, please").waitFor();

  await second.getByRole("button", { name: "Approve" }).click();
  expect(await second.getByRole("status").innerText()).toBe("Thank you: approved");
  expect(await first.getByRole("status").count()).toBe(0);
  await second.getByRole("list", { name: "Decisions so far" }).getByText("Approved").waitFor();
});

test("with JavaScript off, a post's share page makes an approval link and revokes it", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Plain Linker"));
  const created = await page.context().request.post("/api/posts", {
    data: { content: "Plain shared draft", platforms: ["twitter"], status: "draft" },
    headers: { Origin: baseUrl },
  });
  const postId = (await created.json()).data.id as string;
  await page.goto(`/posts/${postId}/share`);
  await page.getByText("Plain shared draft").waitFor();
  await page.getByRole("button", { name: "Share for approval" }).click();
  expect(await page.getByRole("status").innerText()).toBe("Approval link created");
  expect(await page.getByRole("textbox", { name: "Approval link" }).inputValue()).toMatch(
    /\/review\/[\w-]+\.[\w-]{40,}$/,
  );
  const links = page.getByRole("list", { name: "Approval links" });
  await links.getByText(/^Plain shared draft · until /).waitFor();
  await links.getByRole("button", { name: "Revoke" }).click();
  expect(await page.getByRole("status").innerText()).toBe("Approval link revoked");
  await links.getByText("Plain shared draft · revoked").waitFor();
});

test("with JavaScript off, the planner's month shows its scheduled posts from the server and Next month navigates", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Plain Planner"));
  await connect(page, "twitter");
  const api = page.context().request;
  const headers = { Origin: baseUrl };
  const upload = await api.post("/api/media/upload", {
    multipart: { files: { name: "plan.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers,
  });
  const me = (await (await api.get("/api/auth/me")).json()).data;
  // The 15th of next month at noon UTC: the same local day in any zone, never in this month's grid. "This month" is
  // read here and by each load of /planner without a date: a month that ended in between (the few seconds to the
  // last load, once a month) showed the post on Today's grid. Begin two minutes or more before a month's end.
  const monthLeft = (t: Date) => Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1) - t.getTime();
  const left = monthLeft(new Date());
  if (left < 120_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15, 12));
  const day = at.toISOString().slice(0, 10);
  const res = await api.post("/api/posts", {
    data: {
      content: "Plain planned",
      platforms: ["twitter"],
      selectedAccounts: { twitter: [me.connectedAccounts[0].id] },
      images: [(await upload.json()).data[0].id],
      status: "scheduled",
      scheduledDate: at.toISOString(),
    },
    headers,
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto("/planner");
  const chip = page.getByRole("button", { name: /^Scheduled post on X: Plain planned/ });
  await page.getByRole("grid", { name: "Month" }).waitFor();
  expect(await chip.count()).toBe(0);
  await page.getByRole("link", { name: "Next month" }).click();
  await page.waitForURL(/\/planner\?date=/);
  const label = at.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  await page.getByRole("heading", { name: label }).waitFor();
  await page
    .locator(`[data-day="${day}"]`)
    .getByRole("button", { name: /^Scheduled post on X: Plain planned/ })
    .waitFor();
  await page.getByRole("link", { name: "Today" }).click();
  await page.waitForURL((url) => url.pathname === "/planner" && !url.search.includes("date="));
  expect(await chip.count()).toBe(0);
});

test("with JavaScript off, the Content Hub lists posts from the server and filters them by a GET form", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Plain Hub"));
  for (const content of ["Plain alpha draft", "Plain beta draft"]) {
    const res = await page.context().request.post("/api/posts", {
      data: { content, platforms: ["twitter"], status: "draft" },
      headers: { Origin: baseUrl },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto("/content");
  const cards = page.getByRole("list", { name: "Posts" }).getByRole("article");
  await cards.filter({ hasText: "Plain alpha draft" }).waitFor();
  expect(await cards.count()).toBe(2);

  const filters = page.getByRole("search", { name: "Filter posts" });
  await filters.getByLabel("Search").fill("beta");
  await filters.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(/\/content\?search=beta&status=&/);
  expect(await cards.allInnerTexts()).toEqual([expect.stringContaining("Plain beta draft")]);
  expect(await filters.getByLabel("Search").inputValue()).toBe("beta");

  await filters.getByLabel("Status").selectOption("scheduled");
  await filters.getByRole("button", { name: "Apply" }).click();
  await page.getByText("Try adjusting your search or filters").waitFor();

  await filters.getByRole("link", { name: "Clear All" }).click();
  await page.waitForURL((url) => url.pathname === "/content" && url.search === "");
  await cards.filter({ hasText: "Plain beta draft" }).waitFor();
  expect(await cards.count()).toBe(2);

  // The post dialog's share panel needs JavaScript; each post links to its share page instead.
  await page.getByRole("link", { name: "Share for review: Plain beta draft" }).click();
  await page.waitForURL(/\/posts\/[^/]+\/share$/);
  await page.getByText("Plain beta draft").waitFor();
  await page.getByRole("button", { name: "Share for approval" }).waitFor();
});

test("with JavaScript off, Analytics' filters are a form (Apply keeps the tab, the figures follow) and Reports schedules a report", async ({
  journey: { page },
}) => {
  await registerViaApi(page, newUser("Plain Analyst"));
  await connect(page, "instagram");
  await page.goto("/analytics?tab=growth");
  await page.getByRole("button", { name: "Sync Data" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: /^Successfully synced analytics for 2 platforms/ })
    .waitFor();
  const cards = page.getByRole("tabpanel").getByRole("listitem");
  expect(await cards.evaluateAll((items) => items.map((i) => i.getAttribute("aria-label")))).toEqual([
    "Instagram growth",
    "Facebook growth",
  ]);

  await page.getByLabel("Time Period").selectOption({ label: "Last 7 Days" });
  await page.getByRole("checkbox", { name: "Instagram" }).check();
  await page.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(/\/analytics\?tab=growth&period=7d&platforms=instagram$/);
  expect(await page.getByLabel("Time Period").inputValue()).toBe("7d");
  expect(await page.getByRole("checkbox", { name: "Instagram" }).isChecked()).toBe(true);
  expect(await page.getByRole("tab", { name: "Growth" }).getAttribute("aria-selected")).toBe("true");
  // Only Instagram's card, with the followers the API reports for the same filters.
  const growth = (
    await (await page.context().request.get("/api/analytics/growth?period=7d&platforms=instagram")).json()
  ).data;
  expect(growth.platforms.map((p: { platform: string }) => p.platform)).toEqual(["instagram"]);
  expect(await cards.count()).toBe(1);
  const card = page.getByRole("listitem", { name: "Instagram growth" });
  expect(await card.getByRole("definition").first().innerText()).toBe(formatCompact(growth.platforms[0].end));

  // The tabs' links carry the applied filters.
  await page.getByRole("tab", { name: "Overview" }).click();
  await page.waitForURL(/\/analytics\?period=7d&platforms=instagram$/);

  // Reports: a schedule is made, then disabled, through the page's action (the form opens by a link).
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByRole("link", { name: "Schedule New Report" }).click();
  await page.waitForURL(/[?&]schedule=new/);
  await page.getByLabel("Report", { exact: true }).selectOption({ label: "Growth Report" });
  await page.getByLabel("Frequency").selectOption({ label: "Monthly" });
  await page.getByLabel("Day of month").selectOption("15");
  await page.getByRole("button", { name: "Save" }).click();
  expect(await page.getByRole("status").innerText()).toBe("Report scheduled");
  const schedule = page.getByRole("listitem").filter({ hasText: /^Growth Report on day 15 of each month at 9:00 AM/ });
  await schedule.getByText(/\(PDF\)$/).waitFor();
  await schedule.getByRole("button", { name: "Disable" }).click();
  await schedule.getByText("Disabled", { exact: true }).waitFor();
  expect(await schedule.getByRole("button", { name: "Enable" }).count()).toBe(1);
});

/**
 * Every page action that writes, posted by a viewer: each refuses with the API's 403
 * before it reads its fields or data (a missing check would answer 400 or 404 here instead). `leave`,
 * `billing-notify`, `workspace-create` and the API-key intents are the member's own and stay open to a viewer.
 */
const VIEWER_REFUSED: Array<[path: string, intents: string[]]> = [
  ["/planner", ["reschedule"]],
  ["/queue", ["slots", "copy-slots", "pause", "reorder", "share-next"]],
  ["/approvals", ["approve", "reject"]],
  ["/posts/no-such-post/share", ["share-create", "share-revoke"]],
  ["/posts/no-such-post/delete", ["delete"]],
  ["/analytics", ["sync", "schedule"]],
  ["/content", ["category-add", "category-remove", "category-post-add", "category-post-remove"]],
  [
    "/settings",
    [
      "workspace",
      "bio",
      "workspace-delete",
      "account-disconnect",
      "member-role",
      "member-remove",
      "invite-create",
      "invite-revoke",
      "webhook-create",
      "webhook-toggle",
      "webhook-delete",
      "webhook-test",
      "delivery-resend",
    ],
  ],
];

test("a viewer's form posts to every page action that writes are refused with 403", async ({
  journey: { page, baseUrl },
}) => {
  const owner = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
  const viewer = newUser("Plain Viewer");
  try {
    const ownerUser = newUser("Viewer Owner");
    await owner.post("/api/auth/register", {
      data: { displayName: ownerUser.name, email: ownerUser.email, password: ownerUser.password },
    });
    const ws = (
      await (await owner.post("/api/workspaces", { data: { name: "Viewer Agency", timezone: "UTC" } })).json()
    ).data.id as string;
    const invited = await owner.post(`/api/workspaces/${ws}/invites`, {
      data: { email: viewer.email, role: "viewer" },
    });
    expect(invited.status()).toBe(201);
  } finally {
    await owner.dispose();
  }
  await registerViaApi(page, viewer);
  await page.goto(await invitePath(page, viewer.email));
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await page.waitForURL("**/dashboard");

  const open: string[] = [];
  for (const [path, intents] of VIEWER_REFUSED)
    for (const intent of intents) {
      // `.data` answers the action alone, as a fetcher's post does: a plain post to /approvals would then render
      // its loader, which sends a viewer to the dashboard and hides the action's answer.
      const res = await page.context().request.post(`${path}.data`, {
        form: { intent },
        headers: { Origin: baseUrl },
        maxRedirects: 0,
      });
      if (res.status() !== 403) open.push(`${path} ${intent}: ${res.status()}`);
    }
  expect(open).toEqual([]);
  // And the viewer can still read what those pages show.
  for (const path of ["/planner", "/queue", "/analytics", "/content"])
    expect((await page.context().request.get(path)).status(), path).toBe(200);
});

test("with JavaScript off, Content → Feeds turns a feed's newest items into drafts or queued posts that publish, a tracked link's click shows in Analytics, a category re-queues a post, and the bio page renders", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Plain Feeds"));
  await connect(page, "linkedin");
  const status = (text: string | RegExp) => page.getByRole("status").filter({ hasText: text }).waitFor();

  // Follow the sandbox blog's feed; Check now reads it and makes its three newest articles drafts.
  await page.goto("/content?tab=feeds");
  const url = `https://feeds.example/plain-${Date.now().toString(36)}.xml`;
  await page.getByLabel("Feed URL (RSS, Atom or JSON Feed, https)").fill(url);
  await page.getByRole("checkbox", { name: /\(linkedin\)$/ }).check();
  await page.getByRole("button", { name: "Add feed" }).click();
  await status("Feed added: it is checked within a minute, then every 15 minutes");
  await page.getByRole("listitem", { name: url }).getByRole("button", { name: "Check now" }).click();
  await status("Feed checked: 3 new posts");
  await page
    .getByRole("listitem", { name: /blog$/ })
    .getByText(/3 posts so far/)
    .waitFor();

  // A queue feed's items go to the channel's next slots (text only: its workspace asks for no media), and
  // Share next publishes the first of them.
  const api = page.context().request;
  const headers = { Origin: baseUrl };
  const accountId = (await (await api.get("/api/accounts")).json()).data.accounts[0]._id as string;
  const { workspace } = (await (await api.get("/api/auth/me")).json()).data;
  const textOnly = await api.patch(`/api/workspaces/${workspace.id}`, { data: { mediaRequired: false }, headers });
  expect(textOnly.status()).toBe(200);
  const slots = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, time: "09:00" }));
  expect((await api.put(`/api/queue/${accountId}/slots`, { data: { slots }, headers })).status()).toBe(200);
  const queueFeed = `https://feeds.example/plain-queue-${Date.now().toString(36)}.xml`;
  await page.goto("/content?tab=feeds");
  await page.getByLabel("Feed URL (RSS, Atom or JSON Feed, https)").fill(queueFeed);
  await page.getByLabel("New items").selectOption("queue");
  await page.getByRole("checkbox", { name: /\(linkedin\)$/ }).check();
  await page.getByRole("button", { name: "Add feed" }).click();
  await status("Feed added: it is checked within a minute, then every 15 minutes");
  await page.getByRole("listitem", { name: queueFeed }).getByRole("button", { name: "Check now" }).click();
  await status("Feed checked: 3 new posts");
  await page.goto("/queue");
  await page.getByRole("button", { name: "Share next" }).click();
  await status("Sharing the next post now");
  await expect
    .poll(async () => (await (await api.get("/api/posts?status=published")).json()).data.posts.length, {
      timeout: 60_000,
    })
    .toBe(1);

  // Link tracking on; a published post's link is a short link, and a person's click is counted.
  await page.goto("/settings?tab=links");
  await page.getByRole("checkbox", { name: /Shorten links/ }).check();
  await page.getByRole("button", { name: "Save link tracking" }).click();
  await status(/^Link tracking is on/);
  const upload = await api.post("/api/media/upload", {
    multipart: { files: { name: "menu.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers,
  });
  const created = await api.post("/api/posts", {
    headers,
    data: {
      content: "Our menu: https://shop.example/menu",
      platforms: ["linkedin"],
      selectedAccounts: { linkedin: [accountId] },
      images: [(await upload.json()).data[0].id],
      publishNow: true,
    },
  });
  expect(created.status()).toBe(201);
  const postId = (await created.json()).data._id as string;
  await expect
    .poll(async () => (await (await api.get(`/api/posts/${postId}`)).json()).data.status, { timeout: 60_000 })
    .toBe("published");
  const link = (await (await api.get(`/api/links?postId=${postId}`)).json()).data.links[0];
  const click = await api.get(`/l/${link.code}`, {
    maxRedirects: 0,
    headers: {
      "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    },
  });
  expect([click.status(), click.headers().location]).toEqual([302, link.destination]);
  await expect
    .poll(
      async () => {
        await page.goto("/analytics?tab=links");
        return page.getByTestId("link-clicks-total").innerText();
      },
      { timeout: 20_000 },
    )
    .toBe("1");
  await page
    .getByRole("row", { name: /LinkedIn/ })
    .getByText("1")
    .waitFor();

  // An evergreen category made in Content → Categories re-queues a post of it into its next slot.
  const draft = await api.post("/api/posts", {
    headers,
    data: {
      content: "Tip: rest the dough overnight",
      platforms: ["linkedin"],
      selectedAccounts: { linkedin: [accountId] },
      images: [(await upload.json()).data[0].id],
    },
  });
  expect(draft.status()).toBe(201);
  await page.goto("/content?tab=categories");
  await page.getByLabel("Name", { exact: true }).fill("Tips");
  for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
    await page.getByLabel(day, { exact: true }).check();
  // A slot half a day from now: the cron run below would also publish a copy queued within its minute.
  await page.getByLabel(/^Times/).fill(new Date(Date.now() + 12 * 3_600_000).toISOString().slice(11, 16));
  await page.getByRole("button", { name: "Add category" }).click();
  await status("Category added: its posts are re-queued into its slots in turn");
  const card = page.getByRole("listitem", { name: "Tips" });
  await card.getByRole("combobox").selectOption({ label: "Tip: rest the dough overnight" });
  await card.getByRole("button", { name: "Add post" }).click();
  await status("Post added to the category");
  await runCron(baseUrl);
  await expect
    .poll(
      async () => {
        await page.goto("/content?tab=categories");
        return page
          .getByRole("listitem", { name: "Tips" })
          .getByText(/^Queued "/)
          .count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  const queued = (await (await api.get("/api/posts?status=scheduled")).json()).data.posts;
  expect(queued.map((p: { content: string }) => p.content)).toContain("Tip: rest the dough overnight");

  // The link-in-bio page renders in this browser without JavaScript: the brand and its links.
  const handle = `plain-${Date.now().toString(36)}`;
  const bio = await api.put("/api/bio", {
    data: { handle, title: "Plain Feeds", links: [{ label: "Our menu", url: "https://shop.example/menu" }] },
    headers,
  });
  expect(bio.status()).toBe(200);
  await page.goto(`/bio/${handle}`);
  await page.getByRole("heading", { name: "Plain Feeds" }).waitFor();
  await page.getByRole("link", { name: "Our menu" }).waitFor();
});

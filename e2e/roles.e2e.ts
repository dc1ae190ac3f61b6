import type { Page } from "playwright-core";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { gotoHydrated, invitePath, newUser, registerViaApi } from "./helpers";
import { connectViaConsent } from "./platforms";

/** What a control should be for a role: not there, there but disabled (with its reason), or there to use. */
type State = "absent" | "disabled" | "enabled";

type Role = "viewer" | "contributor" | "editor";

/** Opens the dialog a row's control is in, where the role can open it (rows with the same opener share it). */
type Opener = (page: Page) => Promise<void>;

/**
 * One row of the table: on `path` (after `open`), the control `find` finds is in `state` for `role`, and for the
 * roles `says` names, the line it points to with `aria-describedby` reads so.
 */
interface Row {
  path: string;
  open?: Opener;
  control: string;
  find: (page: Page) => ReturnType<Page["getByRole"]>;
  expected: Record<Role, State>;
  says?: Partial<Record<Role, string>>;
}

const OWNERS_POST = "The owner's draft for the launch";
const OWN_POST = "A draft of my own";
const SCHEDULED = "The owner's scheduled post";
/** Two days ahead, at noon UTC: the planner is opened on that day (`?date=`), whatever today is. */
const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const REASON = "Your role (viewer) cannot do this in Roles Bakery. Ask an owner or admin for the contributor role.";

const card = (page: Page, text: string) => page.getByRole("article", { name: text });
const composer = (page: Page) => page.getByRole("dialog", { name: "Create Post" });

/** Create Post on the Content Hub, when the role may (a viewer's is disabled: no composer). */
const openComposer: Opener = async (p) => {
  const create = p.getByRole("button", { name: "Create Post", exact: true });
  if (await create.isDisabled()) return;
  await create.click();
  await composer(p).waitFor();
};

/** The owner's photo's details in the media library. */
const openMedia: Opener = async (p) => {
  await p.getByRole("button", { name: "Open loaf.jpg" }).click();
  await mediaDetails(p).waitFor();
};
const mediaDetails = (page: Page) => page.getByRole("dialog", { name: "Media Details" });
/** A contributor's reason where the editor role is needed. */
const EDITOR_REASON =
  "Your role (contributor) cannot do this in Roles Bakery. Ask an owner or admin for the editor role.";

const TABLE: Row[] = [
  {
    path: "/content",
    control: "Create Post",
    find: (p) => p.getByRole("button", { name: "Create Post", exact: true }),
    expected: { viewer: "disabled", contributor: "enabled", editor: "enabled" },
  },
  {
    path: "/content",
    control: "Edit on the owner's post",
    find: (p) => card(p, OWNERS_POST).getByRole("button", { name: "Edit post" }),
    expected: { viewer: "absent", contributor: "absent", editor: "enabled" },
  },
  {
    path: "/content",
    control: "Delete on the owner's post",
    find: (p) => card(p, OWNERS_POST).getByRole("button", { name: "Delete post" }),
    expected: { viewer: "absent", contributor: "absent", editor: "enabled" },
  },
  {
    path: "/content",
    open: openComposer,
    control: "the composer's Publish Now",
    find: (p) => composer(p).getByRole("button", { name: "Publish Now" }),
    expected: { viewer: "absent", contributor: "absent", editor: "enabled" },
  },
  {
    // A contributor's Publish Now goes to approval (ADR 016): the button says so, and who approves it.
    path: "/content",
    open: openComposer,
    control: "the composer's Submit for approval",
    find: (p) => composer(p).getByRole("button", { name: "Submit for approval" }),
    expected: { viewer: "absent", contributor: "enabled", editor: "absent" },
    says: {
      contributor: "It waits in Approvals until an owner, admin or editor approves it; then it publishes at once.",
    },
  },
  {
    path: "/planner",
    control: "Create Post",
    find: (p) => p.getByRole("button", { name: "Create Post", exact: true }),
    expected: { viewer: "disabled", contributor: "enabled", editor: "enabled" },
  },
  {
    path: "/planner",
    control: "a day's Create post",
    find: (p) => p.getByRole("button", { name: /^Create post on / }).first(),
    expected: { viewer: "absent", contributor: "enabled", editor: "enabled" },
  },
  {
    path: `/planner?date=${day}`,
    control: "drag the owner's scheduled post",
    find: (p) => p.locator('[aria-roledescription="draggable post"]', { hasText: SCHEDULED }),
    expected: { viewer: "absent", contributor: "absent", editor: "enabled" },
  },
  {
    path: "/content?tab=media",
    control: "Upload New Media",
    find: (p) => p.getByRole("button", { name: "Upload New Media" }),
    expected: { viewer: "disabled", contributor: "enabled", editor: "enabled" },
  },
  {
    // Alt text, tags and captions are written with media.manage (PATCH /api/media/:id): read-only below it.
    path: "/content?tab=media",
    open: openMedia,
    control: "the media details' Alt text",
    find: (p) => mediaDetails(p).getByLabel("Alt text"),
    expected: { viewer: "disabled", contributor: "disabled", editor: "enabled" },
  },
  {
    path: "/content?tab=media",
    open: openMedia,
    control: "the media details' Save Changes",
    find: (p) => mediaDetails(p).getByRole("button", { name: "Save Changes" }),
    expected: { viewer: "disabled", contributor: "disabled", editor: "disabled" },
    says: { contributor: EDITOR_REASON },
  },
  {
    // Feeds and categories are changed with posts.publish, saved pieces written with posts.write (their routes).
    path: "/content?tab=feeds",
    control: "Add feed",
    find: (p) => p.getByRole("button", { name: "Add feed" }),
    expected: { viewer: "disabled", contributor: "disabled", editor: "enabled" },
    says: { contributor: EDITOR_REASON },
  },
  {
    path: "/content?tab=categories",
    control: "Add category",
    find: (p) => p.getByRole("button", { name: "Add category" }),
    expected: { viewer: "disabled", contributor: "disabled", editor: "enabled" },
    says: { contributor: EDITOR_REASON },
  },
  {
    path: "/content?tab=pieces",
    control: "Save piece",
    find: (p) => p.getByRole("button", { name: "Save piece" }),
    expected: { viewer: "disabled", contributor: "enabled", editor: "enabled" },
    says: { viewer: REASON },
  },
  {
    path: "/dashboard",
    control: "Create Post",
    find: (p) => p.getByRole("link", { name: "Create Post" }),
    expected: { viewer: "absent", contributor: "enabled", editor: "enabled" },
  },
  {
    path: "/queue",
    control: "Pause queue",
    find: (p) => p.getByRole("button", { name: "Pause queue" }),
    expected: { viewer: "disabled", contributor: "disabled", editor: "enabled" },
  },
  {
    path: "/analytics",
    control: "Sync Data",
    find: (p) => p.getByRole("button", { name: "Sync Data" }),
    expected: { viewer: "disabled", contributor: "disabled", editor: "enabled" },
  },
  {
    path: "/settings?tab=accounts",
    control: "Connect",
    find: (p) => p.getByRole("button", { name: /Connect/ }),
    expected: { viewer: "disabled", contributor: "disabled", editor: "disabled" },
  },
  {
    path: "/settings?tab=accounts",
    control: "Disconnect account",
    find: (p) => p.getByRole("link", { name: "Disconnect account" }),
    expected: { viewer: "absent", contributor: "absent", editor: "absent" },
  },
];

async function stateOf(row: Row, page: Page): Promise<State> {
  const control = row.find(page);
  if ((await control.count()) === 0) return "absent";
  return (await control.isDisabled()) ? "disabled" : "enabled";
}

test("each role sees the controls it may use: a viewer's disabled Create Post says why, a contributor edits only their own posts", async ({
  journey: { page, baseUrl, openBrowser },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Rita Owner"));
  const owner = page.context().request;
  const ws = (
    await (await owner.post("/api/workspaces", { data: { name: "Roles Bakery", timezone: "UTC" }, headers })).json()
  ).data.id as string;
  expect((await owner.post(`/api/workspaces/${ws}/switch`, { headers })).status()).toBe(200);
  await connectViaConsent(page, "twitter");
  const draft = (content: string) => ({ data: { content, platforms: ["twitter"], selectedAccounts: {} }, headers });
  expect((await owner.post("/api/posts", draft(OWNERS_POST))).status()).toBe(201);
  const upload = await owner.post("/api/media/upload", {
    multipart: { files: { name: "loaf.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers,
  });
  const account = (await (await owner.get("/api/accounts")).json()).data.accounts[0]._id as string;
  const scheduled = await owner.post("/api/posts", {
    data: {
      content: SCHEDULED,
      platforms: ["twitter"],
      selectedAccounts: { twitter: [account] },
      images: [(await upload.json()).data[0].id],
      scheduledDate: `${day}T12:00:00.000Z`,
    },
    headers,
  });
  expect(scheduled.status()).toBe(201);

  const seen: string[] = [];
  const expected: string[] = [];
  for (const role of ["viewer", "contributor", "editor"] as const) {
    const person = newUser(`${role} person`);
    const invited = await owner.post(`/api/workspaces/${ws}/invites`, { data: { email: person.email, role }, headers });
    expect(invited.status()).toBe(201);
    const other = await openBrowser();
    try {
      const p = other.page;
      await registerViaApi(p, person);
      const token = (await invitePath(p, person.email)).split("/").pop();
      expect((await p.context().request.post(`/api/invites/${token}/accept`, { headers })).status()).toBe(200);
      expect((await p.context().request.post(`/api/workspaces/${ws}/switch`, { headers })).status()).toBe(200);
      if (role === "contributor")
        expect((await p.context().request.post("/api/posts", draft(OWN_POST))).status()).toBe(201);

      let shown = "";
      let opened: Opener | undefined;
      for (const row of TABLE) {
        if (row.path !== shown || row.open !== opened) {
          // The viewer's Content Hub, with its disabled control and reason, is audited once.
          const audit = role === "viewer" && row.path === "/content" && !row.open;
          await gotoHydrated(p, row.path, { audit });
          await row.open?.(p);
          shown = row.path;
          opened = row.open;
        }
        const state = await stateOf(row, p);
        seen.push(`${role} ${row.path} ${row.control}: ${state}`);
        expected.push(`${role} ${row.path} ${row.control}: ${row.expected[role]}`);
        const says = row.says?.[role];
        if (says && state !== "absent") {
          const describedBy = await row.find(p).getAttribute("aria-describedby");
          const line = describedBy ? await p.locator(`#${describedBy}`).innerText() : "(nothing)";
          seen.push(`${role} ${row.path} ${row.control} says: ${line}`);
          expected.push(`${role} ${row.path} ${row.control} says: ${says}`);
        }
        // A viewer's disabled Create Post says why, in the line it points to.
        if (role === "viewer" && row.control === "Create Post" && row.expected.viewer === "disabled") {
          const describedBy = await row.find(p).getAttribute("aria-describedby");
          const reason = describedBy ? await p.locator(`#${describedBy}`).innerText() : "(nothing)";
          seen.push(`${role} ${row.path} Create Post says: ${reason}`);
          expected.push(`${role} ${row.path} Create Post says: ${REASON}`);
        }
      }
      if (role === "contributor") {
        // Their own post they may change (the server's rule: posts.write on one's own, posts.manage on others').
        await gotoHydrated(p, "/content", { audit: false });
        const edit = card(p, OWN_POST).getByRole("button", { name: "Edit post" });
        seen.push(`contributor /content Edit on their own post: ${(await edit.count()) ? "enabled" : "absent"}`);
        expected.push("contributor /content Edit on their own post: enabled");
      }
    } finally {
      await other.close();
    }
  }
  expect(seen).toEqual(expected);

  // An archived workspace is read-only for everyone, its owner too: Create Post is disabled and says so. (A workspace
  // with a post still to go out is not archived: the scheduled one goes first.)
  const scheduledId = (await scheduled.json()).data._id as string;
  expect((await owner.delete(`/api/posts/${scheduledId}`, { headers })).status()).toBe(200);
  expect((await owner.post(`/api/workspaces/${ws}/archive`, { headers })).status()).toBe(200);
  await gotoHydrated(page, "/content", { audit: false });
  const create = page.getByRole("button", { name: "Create Post", exact: true });
  await expect(create.isDisabled()).resolves.toBe(true);
  await expect(page.locator(`#${await create.getAttribute("aria-describedby")}`).innerText()).resolves.toBe(
    "Roles Bakery is archived, so it is read-only. An owner can unarchive it in Settings → Workspace.",
  );
});

import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, registerViaApi, toast, zonedIso } from "./helpers";
import { connectViaConsent as connect } from "./platforms";

const NEW_YORK = "America/New_York";

/** The Saturday before New York's spring-forward Sunday (the second Sunday of March) next year, and that Sunday. */
function clockChangeWeekend(year: number): { saturday: string; sunday: string } {
  const firstWeekday = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  const sunday = 1 + ((7 - firstWeekday) % 7) + 7;
  const day = (d: number) => `${year}-03-${String(d).padStart(2, "0")}`;
  return { saturday: day(sunday - 1), sunday: day(sunday) };
}

test("a New York member of a Berlin workspace finds a late Saturday post, the night the clocks change, on its day in the week, the day and the hub", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  const api = page.context().request;
  await registerViaApi(page, newUser("Nia Brooks"));
  expect((await api.put("/api/users/timezone", { data: { timezone: NEW_YORK }, headers })).status()).toBe(200);
  const me = (await (await api.get("/api/auth/me")).json()).data.user.id as string;
  const patched = await api.patch(`/api/workspaces/${me}`, {
    data: { timezone: "Europe/Berlin", mediaRequired: false },
    headers,
  });
  expect(patched.status()).toBe(200);
  await connect(page, "linkedin");
  const accountId = (await (await api.get("/api/accounts")).json()).data.accounts[0]._id as string;

  // 21:30 on Saturday in New York is 03:30 on Sunday in Berlin; New York's clocks go forward a few hours later.
  const { saturday, sunday } = clockChangeWeekend(new Date().getUTCFullYear() + 1);
  for (const [content, day, hour] of [
    ["Saturday night in New York", saturday, 21],
    ["Sunday after the clocks changed", sunday, 3],
  ] as const) {
    const res = await api.post("/api/posts", {
      data: {
        content,
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [accountId] },
        scheduledDate: { localDate: day, localTime: `${String(hour).padStart(2, "0")}:30` },
        timezone: NEW_YORK,
      },
      headers,
    });
    expect(res.status()).toBe(201);
    expect((await res.json()).data.scheduledDate).toBe(zonedIso(day, hour, 30, NEW_YORK));
  }
  // A chip is named by its status, channels, text and time ("…: Saturday night in New York , 9:30 PM LinkedIn").
  const saturdayChip = /^Scheduled post on LinkedIn: Saturday night in New York\W+9:30 PM/;
  const sundayChip = /^Scheduled post on LinkedIn: Sunday after the clocks changed\W+3:30 AM/;

  // The week that ends on that Saturday shows the post in its last evening (the server used to read the week in
  // Berlin's days, which end at 18:00 in New York, and the next week placed it on a day it does not show).
  await gotoHydrated(page, `/planner?view=week&date=${saturday}`);
  await page.locator(`[data-slot="${saturday}@21"]`).getByRole("button", { name: saturdayChip }).waitFor();
  await gotoHydrated(page, `/planner?view=week&date=${sunday}`, { audit: false });
  await page.locator(`[data-slot="${sunday}@3"]`).getByRole("button", { name: sundayChip }).waitFor();
  expect(await page.getByRole("button", { name: saturdayChip }).count()).toBe(0);

  await gotoHydrated(page, `/planner?view=day&date=${saturday}`);
  const dayView = page.getByRole("region", { name: "Day" });
  await dayView.getByRole("button", { name: saturdayChip }).waitFor();
  expect(await dayView.getByRole("button", { name: sundayChip }).count()).toBe(0);

  // The hub's From and To are the days its cards show.
  await gotoHydrated(page, `/content?from=${saturday}&to=${saturday}`);
  await page
    .getByRole("article", { name: "Saturday night in New York" })
    .getByText(/9:30 PM/)
    .waitFor();
  expect(await page.getByRole("article", { name: "Sunday after the clocks changed" }).count()).toBe(0);

  // An evergreen category's slots are Berlin's wall times and its next slot is shown in New York's: each says so
  // (09:00 in Berlin is 03:00 in New York, or 04:00 in the weeks one of them keeps summer time and the other not).
  const made = await api.post("/api/categories", {
    data: { name: "Tips", slots: [{ day: 1, time: "09:00" }] },
    headers,
  });
  expect(made.status()).toBe(201);
  await gotoHydrated(page, "/content?tab=categories");
  const card = page.getByRole("listitem", { name: "Tips" });
  await card.getByText("Mon 09:00 (Europe/Berlin) · a post repeats after 30 days").waitFor();
  await card.getByText(/^Next slot: \w{3} \d+, \d{4}, [34]:00 AM your time \(America\/New_York\)$/).waitFor();

  // Picking 2:30 AM on the night New York's clocks skip that hour says where the post goes (it went at 3:30 unsaid).
  await gotoHydrated(page, `/planner?view=week&date=${sunday}`, { audit: false });
  await page.getByRole("button", { name: "Create Post", exact: true }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await composer.getByLabel("Later").check();
  await composer.getByLabel("Date").fill(sunday);
  await composer.getByLabel("Hour").selectOption("2");
  await composer.getByLabel("Minute").selectOption("30");
  await composer.getByLabel("AM or PM").selectOption("AM");
  await composer
    .getByText(
      "The clocks go forward that night, so 2:30 AM does not exist on that day; the post is scheduled for 3:30 AM.",
    )
    .waitFor();
  await composer.getByLabel("Hour").selectOption("4");
  await composer.getByText("The clocks go forward that night", { exact: false }).waitFor({ state: "detached" });
});

test("import: a row the dry run passed but the import refused is listed with its reason, not dropped", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  const api = page.context().request;
  await registerViaApi(page, newUser("Ivo Marsh"));
  await connect(page, "twitter");
  const ids: Record<string, string> = {};
  for (const name of ["launch.jpg", "studio.jpg"]) {
    const upload = await api.post("/api/media/upload", {
      multipart: { files: { name, mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
      headers,
    });
    expect(upload.status()).toBe(201);
    ids[name] = (await upload.json()).data[0].id;
  }
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const csv = Buffer.from(
    `text,channels,date,time,timezone,media\nLaunch row,twitter,${day},12:00,UTC,launch.jpg\nStudio row,twitter,${day},13:00,UTC,studio.jpg\n`,
  );

  await gotoHydrated(page, "/import");
  await page
    .getByLabel("Spreadsheet (CSV or XLSX)")
    .setInputFiles({ name: "posts.csv", mimeType: "text/csv", buffer: csv });
  await page.getByText("All 2 rows are ready").waitFor();
  // Between the dry run and the import, a teammate deletes a file the second row names.
  expect((await api.delete(`/api/media/${ids["studio.jpg"]}`, { headers })).status()).toBe(200);
  await page.getByRole("button", { name: "Import 2 posts" }).click();

  const notImported =
    "1 row could not be imported. Fix them in the file and choose it again: the rows already imported are skipped.";
  await toast(page, `1 post created. ${notImported}`);
  await page.getByRole("status").filter({ hasText: "1 post created. See them in the planner" }).waitFor();
  const refused = page.getByRole("alert").filter({ hasText: notImported });
  await refused
    .getByRole("table", { name: "Rows not imported" })
    .getByRole("row", { name: /^3 No file named "studio\.jpg" in the media library/ })
    .waitFor();
  const listed = (await (await api.get("/api/posts?search=row")).json()).data.posts as Array<{ content: string }>;
  expect(listed.map((p) => p.content)).toEqual(["Launch row"]);
});

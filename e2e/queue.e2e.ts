import ExcelJS from "exceljs";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { chooseChannels, gotoHydrated, holdDragLayer, newUser, registerViaApi, slotHoursOn, toast } from "./helpers";
import { connectViaConsent as connect } from "./platforms";

/** The journey's start: every day it names counts from it, so a midnight passing mid-journey moves none of them. */
const start = Date.now();
const day = (ahead: number) => new Date(start + ahead * 86_400_000).toISOString().slice(0, 10);
/** A 50-row import: rows 5, 20 and 40 (sheet numbering, header = 1) break a rule unless `fixed`. */
function csv(fixed: boolean): Buffer {
  const lines = ["text,channels,date,time,timezone,media,first_comment"];
  for (let n = 2; n <= 51; n++) {
    const bad = !fixed && [5, 20, 40].includes(n);
    const date = bad && n === 20 ? "2020-01-01" : day(3 + (n % 20));
    const channel = bad && n === 5 ? "myspace" : "twitter";
    const media = bad && n === 40 ? "missing.jpg" : "launch.jpg";
    lines.push(
      `Imported post ${n},${channel},${date},${String(8 + (n % 12)).padStart(2, "0")}:${n % 2 ? "15" : "45"},,${media},`,
    );
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

/** Rows 2 and 3 of the fixed CSV as an Excel workbook, the dates as date-formatted cells. */
async function xlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Posts");
  ws.addRow(["text", "channels", "date", "time", "timezone", "media", "first_comment"]);
  for (const n of [2, 3]) {
    const row = ws.addRow([
      `Imported post ${n}`,
      "twitter",
      new Date(`${day(3 + n)}T00:00:00Z`),
      `${8 + n}:${n % 2 ? "15" : "45"}`,
    ]);
    row.getCell(3).numFmt = "yyyy-mm-dd";
    row.getCell(6).value = "launch.jpg";
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test("queue: three posts land in the next slots; import 50 rows, fix the 3 bad ones, import", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Queue Quinn"));
  await connect(page, "twitter");
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: { files: { name: "launch.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers,
  });
  expect(upload.status()).toBe(201);
  const image = (await upload.json()).data[0].id as string;

  // Slots every day, 4 and 12 hours on.
  await gotoHydrated(page, "/queue");
  const card = page.getByRole("region", { name: /^Queue of / });
  for (const d of ["Sat", "Sun"]) await card.getByRole("checkbox", { name: d }).check();
  await card.getByLabel("Slot time").fill(slotHoursOn(4));
  await card.getByRole("button", { name: "Add slot" }).click();
  await card.getByLabel("Slot time").fill(slotHoursOn(12));
  await card.getByRole("button", { name: "Add slot" }).click();
  await card.getByRole("button", { name: "Save slots" }).click();
  await toast(page, "Queue time slots saved");
  const accountId = (await (await page.context().request.get("/api/queue")).json()).data.queues[0].accountId;

  // One through the composer's Add to queue, two through the API's flag.
  await gotoHydrated(page, "/planner");
  await page.getByRole("button", { name: "Create Post", exact: true }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await chooseChannels(composer, "X");
  await composer.getByLabel("Content", { exact: true }).fill("Queued first");
  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: /launch\.jpg/ }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();
  await composer.getByRole("button", { name: "Add to queue" }).click();
  await toast(page, "Post added to the queue");
  for (const content of ["Queued second", "Queued third"]) {
    const res = await page.context().request.post("/api/posts", {
      data: {
        content,
        platforms: ["twitter"],
        selectedAccounts: { twitter: [accountId] },
        images: [image],
        addToQueue: true,
      },
      headers,
    });
    expect(res.status()).toBe(201);
  }
  await gotoHydrated(page, "/queue");
  const rows = page.getByRole("list", { name: /^Upcoming slots of / }).getByRole("listitem");
  await rows.first().getByText("Queued first").waitFor();
  await rows.nth(1).getByText("Queued second").waitFor();
  await rows.nth(2).getByText("Queued third").waitFor();
  await rows.nth(3).getByText("Empty slot").waitFor();
  // Moving a post posts to the page's action; the page reads the queue again. The pointer's arrival starts loading
  // the drag layer; here it arrives while the button is held down, and the list's remount into it waits for the
  // click (OnDemandDrag): a press and release on two mounts of the button would be no click at all.
  const layer = await holdDragLayer(page);
  const moveDown = (await page.getByRole("button", { name: "Move down: Queued first" }).boundingBox())!;
  await page.mouse.move(moveDown.x + moveDown.width / 2, moveDown.y + moveDown.height / 2);
  await page.mouse.down();
  await expect.poll(() => layer.url()).not.toBe("");
  layer.release();
  // The same module the page asked for, so the page's own import has settled too; then two frames for React. (A
  // string: vitest rewrites `import()` in a function.)
  await page.evaluate(
    `import(${JSON.stringify(layer.url())}).then(() => new Promise((f) => requestAnimationFrame(() => requestAnimationFrame(f))))`,
  );
  await page.mouse.up();
  await toast(page, "Queue reordered");
  await rows.first().getByText("Queued second").waitFor();
  await rows.nth(1).getByText("Queued first").waitFor();

  // Import: the dry run names the three bad rows; the fixed file imports all fifty.
  await gotoHydrated(page, "/import");
  const input = page.getByLabel("Spreadsheet (CSV or XLSX)");
  await input.setInputFiles({ name: "posts.csv", mimeType: "text/csv", buffer: csv(false) });
  const problems = page.getByRole("alert").filter({ hasText: "3 of 50 rows need fixing" });
  await problems.waitFor();
  const table = page.getByRole("table", { name: "Rows to fix" });
  await table.getByRole("row", { name: /^5 Unknown channel "myspace"/ }).waitFor();
  await table.getByRole("row", { name: /^20 Schedule date cannot be in the past/ }).waitFor();
  await table.getByRole("row", { name: /^40 No file named "missing\.jpg" in the media library/ }).waitFor();
  await input.setInputFiles({ name: "posts.csv", mimeType: "text/csv", buffer: csv(true) });
  await page.getByText("All 50 rows are ready").waitFor();
  // The input is cleared once read, so the same file chosen again after a fix is read again.
  expect(await input.inputValue()).toBe("");
  await page.getByRole("button", { name: "Import 50 posts" }).click();
  await toast(page, "50 posts created");
  // What was imported stays on the page, with the way to it, after the toast has gone.
  await page.getByRole("status").filter({ hasText: "50 posts created. See them in the planner" }).waitFor();
  const listed = await (await page.context().request.get("/api/posts?search=Imported%20post&limit=100")).json();
  expect(listed.data.pagination.total).toBe(50);
  // The same rows as an Excel workbook are known by their content: nothing to import twice.
  await input.setInputFiles({
    name: "posts.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await xlsx(),
  });
  await page.getByText("Nothing to import: all 2 rows were imported before.").waitFor();
  expect(await page.getByRole("button", { name: /^Import \d+ posts?$/ }).count()).toBe(0);

  // The planner's day view (state in the URL) shows that day's imports; a channel filter hides them.
  await gotoHydrated(page, `/planner?view=day&date=${day(3)}`);
  const dayView = page.getByRole("region", { name: "Day" });
  await dayView.getByRole("button", { name: /Imported post 20/ }).waitFor();
  await dayView.getByRole("button", { name: /Imported post 40/ }).waitFor();
  await gotoHydrated(page, `/planner?view=day&date=${day(3)}&channel=linkedin`);
  await page.getByRole("region", { name: "Day" }).getByText("No posts on this day.").waitFor();
  // The emptier day is explained: the Filters button says a filter is on.
  await page.getByRole("button", { name: "Filters, 1 active" }).waitFor();
});

import { SELF } from "cloudflare:test";
import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { toXlsxBytes } from "../analytics/export/xlsx";
import { insertAccount } from "../test/fixtures";
import { call, registerUser, uploadImage } from "../test/helpers";
import { withWallClockAt } from "../test/wall-clock";
import { parseCsv, templateCsv } from "./rows";
import { parseXlsx } from "./xlsx-rows";

const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

function csv(rows: string[]) {
  return `Text,Channels,Date,Time,Timezone,Media,First comment\n${rows.join("\n")}\n`;
}

describe("bulk import", () => {
  it("dry run lists bad rows with their number and reason; import creates the good ones once", async () => {
    const u = await registerUser();
    await insertAccount(u.user.id, "twitter", { username: "acme" });
    await uploadImage(u.token); // photo.jpg
    const rows = parseCsv(
      csv([
        `"Good one, with a comma",twitter,${future},09:00,Europe/Berlin,photo.jpg,`,
        `Unknown network,myspace,${future},09:00,,photo.jpg,`,
        `In the past,twitter,2020-01-01,09:00,,photo.jpg,`,
        `${"x".repeat(300)},twitter,${future},10:00,,photo.jpg,`,
        `Missing file,twitter:@acme,${future},11:00,,nope.jpg,`,
        `Good two,twitter:@acme,${future},12:00,,photo.jpg,`,
        `With a comment,twitter,${future},13:00,,photo.jpg,Say hi`,
      ]),
    );
    const dry = await call<"POST /api/imports/check">("/api/imports/check", { token: u.token, body: { rows } });
    expect(dry.status).toBe(200);
    expect(dry.body.message).toBe("4 of 7 rows need fixing");
    const errors = Object.fromEntries(
      dry.body.data.rows.map((r: { row: number; errors: string[] }) => [r.row, r.errors[0] ?? null]),
    );
    expect(errors).toEqual({
      2: null,
      3: 'Unknown channel "myspace" (use a network such as twitter, or twitter:@username)',
      4: "Schedule date cannot be in the past",
      5: "Content exceeds character limit (300/280); X counts most emoji and CJK characters as 2 and every link as 23",
      6: 'No file named "nope.jpg" in the media library',
      7: null,
      8: null,
    });
    const before = (await call<"GET /api/posts">("/api/posts", { token: u.token })).body.data.pagination.total;
    expect(before).toBe(0); // the dry run created nothing

    const first = await call<"POST /api/imports">("/api/imports", { token: u.token, body: { rows } });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe("3 posts created, 0 already imported");
    const listed = (await call<"GET /api/posts">("/api/posts", { token: u.token })).body.data;
    expect(listed.pagination.total).toBe(3);
    expect(listed.posts.map((p: { content: string }) => p.content).sort()).toEqual([
      "Good one, with a comma",
      "Good two",
      "With a comment",
    ]);
    // The first_comment column becomes the channel's first comment.
    const commented = listed.posts.find((p) => p.content === "With a comment")!;
    expect(commented.platformPosts.map((t) => t.version.firstComment)).toEqual(["Say hi"]);
    const good = listed.posts.find((p) => p.content === "Good two")!;
    expect(good.status).toBe("scheduled");
    expect(good.metadata.source).toBe("import");

    // The same file again: nothing new; the dry run says which rows were imported before.
    const again = await call<"POST /api/imports">("/api/imports", { token: u.token, body: { rows } });
    expect(again.body.message).toBe("0 posts created, 3 already imported");
    expect((await call<"GET /api/posts">("/api/posts", { token: u.token })).body.data.pagination.total).toBe(3);
    const recheck = await call<"POST /api/imports/check">("/api/imports/check", { token: u.token, body: { rows } });
    expect(
      recheck.body.data.rows.filter((r: { duplicate: boolean }) => r.duplicate).map((r: { row: number }) => r.row),
    ).toEqual([2, 7, 8]);

    // Another workspace's import of the same rows neither sees these accounts nor these files.
    const other = await registerUser();
    const theirs = await call<"POST /api/imports/check">("/api/imports/check", {
      token: other.token,
      body: { rows: rows.slice(0, 1) },
    });
    expect(theirs.body.data.rows[0].errors).toEqual([
      "No X account is connected",
      'No file named "photo.jpg" in the media library',
      "Please select at least one platform",
      "Images are required for all posts",
    ]);
    expect(theirs.body.data.rows[0].duplicate).toBe(false);
  });

  it("refuses a chunk without rows, with the envelope", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/imports/check">("/api/imports/check", { token: u.token, body: { rows: [] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: "The file has no rows to import" });
  });

  it("XLSX: Excel serial dates and text dates; bad rows by sheet number; re-import creates nothing", async () => {
    const u = await registerUser();
    await insertAccount(u.user.id, "twitter", { username: "acme" });
    await uploadImage(u.token); // photo.jpg
    const day = new Date(`${future}T00:00:00Z`).getTime() / 86_400_000 + 25_569; // the Excel serial of `future`
    const sheet = {
      name: "Posts",
      columns: ["Text", "Channels", "Date", "Time", "Timezone", "Media", "First comment"],
      rows: [
        ["Serial date and time", "twitter", day + 0.375, null, "Europe/Berlin", "photo.jpg", null],
        ["Unknown network", "myspace", day, 0.5, null, "photo.jpg", null],
        ["Text date, serial time", "twitter:@acme", future, 14.75 / 24, "America/New_York", "photo.jpg", null],
        ["In the past", "twitter", 43_831, "09:00", null, "photo.jpg", null], // 2020-01-01
      ],
    };
    const rows = await parseXlsx(toXlsxBytes([sheet, { ...sheet, name: "Ignored" }], XLSX_META));
    expect(rows.map((r) => [r.row, r.date, r.time])).toEqual([
      [2, future, "09:00"],
      [3, future, "12:00"],
      [4, future, "14:45"],
      [5, "2020-01-01", "09:00"],
    ]);

    const dry = await call<"POST /api/imports/check">("/api/imports/check", { token: u.token, body: { rows } });
    expect(dry.body.message).toBe("2 of 4 rows need fixing");
    expect(dry.body.data.rows.map((r: { row: number; errors: string[] }) => [r.row, r.errors[0] ?? null])).toEqual([
      [2, null],
      [3, 'Unknown channel "myspace" (use a network such as twitter, or twitter:@username)'],
      [4, null],
      [5, "Schedule date cannot be in the past"],
    ]);

    const first = await call<"POST /api/imports">("/api/imports", { token: u.token, body: { rows } });
    expect(first.body.message).toBe("2 posts created, 0 already imported");
    const posts = (await call<"GET /api/posts">("/api/posts", { token: u.token })).body.data.posts as Array<{
      content: string;
      scheduledDate: string;
    }>;
    // The wall time is read in the row's own timezone: 09:00 Berlin and 14:45 New York.
    const at = (content: string) => posts.find((p) => p.content === content)?.scheduledDate;
    expect(at("Serial date and time")).toBe(zoned(future, "09:00", "Europe/Berlin"));
    expect(at("Text date, serial time")).toBe(zoned(future, "14:45", "America/New_York"));

    const again = await call<"POST /api/imports">("/api/imports", { token: u.token, body: { rows } });
    expect(again.body.message).toBe("0 posts created, 2 already imported");
    expect((await call<"GET /api/posts">("/api/posts", { token: u.token })).body.data.pagination.total).toBe(2);
  });

  // At noon UTC: the template's dates are a week after the server's UTC day, and this test's reading of the day after
  // the answer was the next one when a midnight passed in between (the ~20 ms of reading the workbook).
  it("XLSX: the template downloads and reads back as the import's columns", () =>
    withWallClockAt(12 * 3600_000, async () => {
      const u = await registerUser();
      const res = await SELF.fetch("http://localhost/api/imports/template.xlsx", {
        headers: { Authorization: `Bearer ${u.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="postline-import-template.xlsx"');
      const rows = await parseXlsx(await res.arrayBuffer());
      const weekAhead = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      expect(rows[0]).toMatchObject({ row: 2, channels: "twitter", date: weekAhead, time: "09:00" });
      expect(rows).toEqual(parseCsv(templateCsv(new Date())));
      await expect(parseXlsx(new TextEncoder().encode("text,channels\n").buffer)).rejects.toThrow(
        "The file could not be read as an Excel workbook (.xlsx)",
      );
    }));
});

const XLSX_META = { title: "Import", creator: "test", created: new Date(Date.UTC(2026, 0, 1)) };
/** The UTC instant of a wall time in a zone, as the API shows it. */
const zoned = (date: string, time: string, zone: string) => {
  const [y, m, d] = date.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, h!, min!, zone).getTime()).toISOString();
};

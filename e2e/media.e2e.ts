import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { onTestFinished } from "vitest";
import { mp4Bytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, png, registerViaApi, toast } from "./helpers";

type PickedFile = { name: string; mimeType: string; buffer: Buffer };

/**
 * Chooses files from disk, as a person does (the browser types them by their extension). Bytes handed to
 * `setInputFiles` cross the DevTools protocol instead, at about a second a megabyte here: 22 s for a 25 MB video.
 */
async function chooseFiles(page: Page, files: PickedFile[]) {
  const dir = mkdtempSync(join(tmpdir(), "postline-upload-"));
  // The browser reads a chosen file as it uploads it, so it stays on disk until the journey ends.
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const paths = files.map(({ name, buffer }) => {
    writeFileSync(join(dir, name), buffer);
    return join(dir, name);
  });
  await page.getByLabel("Choose files to upload").setInputFiles(paths);
}

/** Drops files on `target` as a desktop drag would (a DataTransfer holding them, dragenter → dragover → drop). */
async function dropFiles(target: Locator, files: PickedFile[]) {
  const transfer = await target.page().evaluateHandle(
    (list) => {
      const data = new DataTransfer();
      for (const f of list)
        data.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      return data;
    },
    files.map((f) => ({ name: f.name, type: f.mimeType, base64: f.buffer.toString("base64") })),
  );
  for (const type of ["dragenter", "dragover", "drop"]) await target.dispatchEvent(type, { dataTransfer: transfer });
}

const uploadRow = (page: Page, name: string) =>
  page.getByRole("dialog", { name: "Upload Media" }).getByRole("listitem", { name });

test("upload an image and a video, see them in the library, edit alt text, delete with confirmation", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  const user = newUser();
  await registerViaApi(page, user);
  await gotoHydrated(page, "/content?tab=media");
  await page.getByText("No media found").waitFor();

  // One step: files dropped on the library go up at once, side by side; a file that is not media is skipped.
  // The video's first request meets a gateway's bare 503, so it fails alone and is retried alone.
  let refused = false;
  let sent = 0;
  expectStatus(503, "/api/media/upload");
  await page.route("**/api/media/upload", (route) => {
    sent += 1;
    // The video by its part's name; were the body not exposed, by order (the dialog sends in the dropped order).
    const body = route.request().postDataBuffer();
    const video = body ? body.includes('filename="intro.mp4"') : sent === 2;
    if (refused || !video) return route.continue();
    refused = true;
    return route.fulfill({ status: 503, body: "" });
  });
  await dropFiles(page.getByRole("region", { name: "Media Library" }), [
    { name: "sunset-over-the-harbour.png", mimeType: "image/png", buffer: png(64, 48, [220, 40, 40]) },
    {
      name: "intro.mp4",
      mimeType: "video/mp4",
      buffer: Buffer.from(await mp4Bytes({ width: 320, height: 240, seconds: 1 })),
    },
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
  ]);
  const dialog = page.getByRole("dialog", { name: "Upload Media" });
  await dialog.getByText("Accepted formats: PNG, JPG, GIF, WEBP; MP4, MOV, AVI").waitFor();
  await toast(page, "1 file was skipped");
  await page.getByText("notes.txt: Unsupported file type. Only images and videos are allowed.").waitFor();
  await toast(page, "Successfully uploaded 1 image!");
  await uploadRow(page, "intro.mp4").getByText("Upload failed: 503").waitFor();
  expect(await uploadRow(page, "intro.mp4").getByTestId("upload-status").innerText()).toBe("Failed");
  // Screen readers hear how the round ended, not only a toast.
  await dialog.getByRole("status").filter({ hasText: "1 file uploaded, 1 failed" }).waitFor();

  await dialog.getByRole("button", { name: "Retry intro.mp4" }).click();
  await toast(page, "Successfully uploaded 1 video!");
  for (const name of ["sunset-over-the-harbour.png", "intro.mp4"]) {
    expect(await uploadRow(page, name).getByTestId("upload-status").innerText()).toBe("Completed");
    expect(await uploadRow(page, name).getByRole("progressbar").getAttribute("value")).toBe("100");
  }
  await dialog.getByRole("button", { name: "Done" }).click();

  // Cards: name cut at 20 characters, size, usage; the type filter counts both kinds.
  const cards = page.getByRole("list", { name: "Media files" });
  await cards.getByText("sunset-over-the-harb...").waitFor();
  await cards.getByText("intro.mp4").waitFor();
  expect(await cards.getByRole("listitem").count()).toBe(2);
  expect(await cards.getByText(/Used 0x/).count()).toBe(2);
  expect(await page.getByLabel("Media type").locator("option").allInnerTexts()).toEqual([
    "All (2)",
    "Images (1)",
    "Videos (1)",
  ]);
  await page.getByLabel("Media type").selectOption("video");
  await page.waitForFunction(() => document.querySelectorAll('[aria-label="Media files"] > li').length === 1);
  await cards.getByText("intro.mp4").waitFor();
  await page.getByRole("button", { name: "Clear All" }).click();
  await cards.getByText("sunset-over-the-harb...").waitFor();

  // Detail: facts of the real bytes, alt text saved on the server.
  await page.getByRole("button", { name: "Open sunset-over-the-harbour.png" }).click();
  const detail = page.getByRole("dialog", { name: "Media Details" });
  await detail.getByText("64 × 48").waitFor();
  await detail.getByText("sunset-over-the-harbour.png").waitFor();
  await detail.getByLabel("Alt text").fill("A red square at sunset");
  await detail.getByLabel("Tags").fill("summer, launch, red");
  await detail.getByRole("button", { name: "Save Changes" }).click();
  await toast(page, "Media updated");
  await detail.getByRole("button", { name: "Close" }).click();
  await cards.getByText("+1").waitFor();
  await page.getByRole("button", { name: "Open sunset-over-the-harbour.png" }).click();
  expect(await detail.getByLabel("Alt text").inputValue()).toBe("A red square at sunset");
  expect(await detail.getByRole("link", { name: "Download" }).getAttribute("download")).toBe(
    "sunset-over-the-harbour.png",
  );

  // Delete with confirmation.
  await detail.getByRole("button", { name: "Delete Media" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Media" });
  await confirm.getByText("Are you sure you want to delete this media? This action cannot be undone.").waitFor();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await toast(page, "Media removed");
  await page.waitForFunction(() => document.querySelectorAll('[aria-label="Media files"] > li').length === 1);
  expect(await page.getByLabel("Media type").locator("option").allInnerTexts()).toEqual([
    "All (1)",
    "Images (0)",
    "Videos (1)",
  ]);

  // A draft uses the video: deleting it names that post and asks again.
  const listed = await page.context().request.get("/api/media");
  const [video] = (await listed.json()).data.media as Array<{ id: string }>;
  const draft = await page.context().request.post("/api/posts", {
    headers: { Origin: baseUrl },
    data: {
      content: "Launch day teaser for the new collection",
      platforms: ["facebook"],
      images: [video!.id],
      status: "draft",
    },
  });
  expect(draft.status()).toBe(201);
  await page.reload();
  await page.getByText("Used 1x").waitFor();
  expectStatus(409, `/api/media/${video!.id}`);
  await page.getByRole("button", { name: "Open intro.mp4" }).click();
  await detail.getByRole("button", { name: "Delete Media" }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  const inUse = page.getByRole("alertdialog", { name: "Media in use" });
  await inUse
    .getByText(
      "This media is used by 1 unpublished post. If you delete it, their channels are held (not published) until you choose new media or remove it. Delete it anyway?",
    )
    .waitFor();
  await inUse
    .getByRole("list", { name: "Posts using this media" })
    .getByText("Launch day teaser for the new collection")
    .waitFor();
  await inUse.getByRole("button", { name: "Delete Anyway" }).click();
  await toast(page, "Media removed");
  await page.getByText("No media found").waitFor();
});

test("a 25 MB video goes up in parts with progress in between", async ({ journey: { page } }) => {
  const user = newUser();
  await registerViaApi(page, user);
  await gotoHydrated(page, "/content?tab=media");
  await page.getByRole("button", { name: "Upload New Media" }).click();
  const big = Buffer.from(await mp4Bytes({ width: 640, height: 360, seconds: 1, size: 25 * 1024 * 1024 }));
  // Choosing is uploading: no second button to press. Its parts get room for a loaded machine.
  const parts = page.waitForRequest(
    (r) => r.method() === "PUT" && /\/api\/media\/uploads\/[^/]+\/parts\/3$/.test(r.url()),
    { timeout: 90_000 },
  );
  await chooseFiles(page, [{ name: "keynote.mp4", mimeType: "video/mp4", buffer: big }]);
  // Between the first part and the last one the bar shows a share of the file, not 0 and not 100.
  const between = await page.waitForFunction(
    () => {
      const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="keynote.mp4 upload progress"]');
      return bar && bar.value > 0 && bar.value < 100 ? bar.value : null;
    },
    undefined,
    { polling: 20 },
  );
  expect(await between.jsonValue()).toBeGreaterThan(0);
  await parts;
  await toast(page, "Successfully uploaded 1 video!");
  expect(await uploadRow(page, "keynote.mp4").getByTestId("upload-status").innerText()).toBe("Completed");
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("list", { name: "Media files" }).getByText("25 MB").waitFor();
});

test("a 12.5 MB photo shows in the grid from a thumbnail made at upload, never the original", async ({
  journey: { page },
}) => {
  await registerViaApi(page, newUser());
  await gotoHydrated(page, "/content?tab=media");
  await page.getByRole("button", { name: "Upload New Media" }).click();
  const photo = png(2100, 2100, "noise");
  expect(photo.length).toBeGreaterThan(12.5 * 1024 * 1024);
  const thumbnail = page.waitForResponse((r) => r.request().method() === "PUT" && /\/thumbnail$/.test(r.url()));
  await chooseFiles(page, [{ name: "harbour-at-dawn.png", mimeType: "image/png", buffer: photo }]);
  expect((await thumbnail).status()).toBe(200);
  await toast(page, "Successfully uploaded 1 image!");
  await page.getByRole("button", { name: "Done" }).click();

  const shown = page.getByRole("list", { name: "Media files" }).getByRole("img", { name: "harbour-at-dawn" });
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
  expect(await shown.getAttribute("src")).toMatch(/^\/media\/[\w-]+\/thumb$/);
  const originals = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => /^\/media\/[\w-]+$/.test(new URL(e.name).pathname))
      .map((e) => e.name),
  );
  expect(originals).toEqual([]);
});

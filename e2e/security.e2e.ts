import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, registerViaApi } from "./helpers";

const NAME = `<img src=x onerror="window.__xss='name'">Eve`;
const CONTENT = `<script>window.__xss='post'</script>Hello <b>world</b>`;
const ALT = `"><img src=x onerror="window.__xss='alt'">`;
const TAG = `<svg onload="window.__xss='tag'">`;

test("script payloads in names, posts, alt text and tags render as text, on the server and in the browser", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, { ...newUser(), name: NAME });
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: { name: "x.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(800, 800)) },
      folder: "general",
      altText: ALT,
      tags: TAG,
    },
    headers,
  });
  expect(upload.status()).toBe(201);
  const draft = await page
    .context()
    .request.post("/api/posts", { data: { content: CONTENT, platforms: ["instagram"], status: "draft" }, headers });
  expect(draft.status()).toBe(201);

  // Server-rendered HTML carries the payloads escaped, never as markup.
  const html = await (await page.context().request.get("/dashboard")).text();
  expect(html).not.toContain(`<img src=x onerror`);
  expect(html).toContain("Eve");
  const response = await page.context().request.get("/content");
  expect(response.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");

  await gotoHydrated(page, "/dashboard");
  await page.getByText(NAME, { exact: false }).filter({ visible: true }).first().waitFor();
  await gotoHydrated(page, "/content?tab=posts");
  await page.getByText("Hello <b>world</b>", { exact: false }).filter({ visible: true }).first().waitFor();
  await gotoHydrated(page, "/content?tab=media");
  await page.getByText("x.jpg", { exact: false }).filter({ visible: true }).first().waitFor();
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
});

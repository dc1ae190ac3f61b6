import type { Page } from "playwright-core";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, registerViaApi, toast } from "./helpers";

/** Publishes one image post to the Facebook Page now, through the API the composer uses, and returns the channel once settled. */
async function publishToPage(page: Page, baseUrl: string, accountId: string) {
  const headers = { Origin: baseUrl };
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: { name: "loaf.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) },
      folder: "general",
    },
    headers,
  });
  const image = (await upload.json()).data[0].id;
  const created = await page.context().request.post("/api/posts", {
    data: {
      content: `Fresh loaves ${Date.now()}`,
      platforms: ["facebook"],
      selectedAccounts: { facebook: [accountId] },
      images: [image],
      publishNow: true,
    },
    headers,
  });
  expect(created.status()).toBe(201);
  const postId = (await created.json()).data._id;
  let channel: { status: string; error?: { message?: string } } = { status: "queued" };
  await expect
    .poll(
      async () => {
        channel = (await (await page.context().request.get(`/api/posts/${postId}`)).json()).data.platformPosts[0];
        return ["scheduled", "queued", "publishing"].includes(channel.status);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(false);
  return channel;
}

test("a permission unticked on the consent page: publishing fails with what to allow, Reconnect asks again, then it publishes", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Alex Rivera"));
  await gotoHydrated(page, "/settings?tab=accounts");

  await page.getByRole("link", { name: "Connect Social Account" }).click();
  await page
    .getByRole("dialog", { name: "Connect Your Social Account" })
    .getByRole("link", { name: /Instagram \+ Facebook Pages/ })
    .click();
  await page.getByRole("link", { name: "Accept & Continue" }).click();
  await page.waitForURL(/\/sandbox\//);
  await page.getByLabel("pages_manage_posts").uncheck();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/settings\?tab=accounts/);
  await toast(page, "account connected successfully");

  const accounts = (await (await page.context().request.get("/api/accounts")).json()).data.accounts as Array<{
    _id: string;
    platform: string;
  }>;
  const pageAccount = accounts.find((a) => a.platform === "facebook")!;
  const reason = "Reconnect Sunrise Bakery and allow pages_manage_posts.";
  expect(await publishToPage(page, baseUrl, pageAccount._id)).toMatchObject({
    status: "failed",
    error: { message: reason },
  });

  await gotoHydrated(page, "/settings?tab=accounts");
  const card = page.getByTestId("account-card").filter({ hasText: reason });
  await card.getByRole("link", { name: "Reconnect" }).click();
  await page.waitForURL(/\/sandbox\//);
  await expect(page.getByLabel("pages_manage_posts").isChecked()).resolves.toBe(true);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/settings\?tab=accounts/);
  await toast(page, "account connected successfully");
  const after = (await (await page.context().request.get("/api/accounts")).json()).data.accounts as Array<{
    _id: string;
    status: string;
  }>;
  expect(after.find((a) => a._id === pageAccount._id)?.status).toBe("connected");

  expect((await publishToPage(page, baseUrl, pageAccount._id)).status).toBe("published");
});

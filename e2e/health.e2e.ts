import type { Page } from "playwright-core";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, registerViaApi } from "./helpers";

/** Approves the emulator's consent page the browser is on and waits for the way back to Settings. */
async function approve(page: Page) {
  await page.waitForURL(/\/sandbox\//);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/settings\?tab=accounts/);
}

test("access revoked on the platform: the daily check shows 'Needs reconnect' with the held post; reconnecting releases it", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Sam Ortiz"));
  await page.goto("/api/auth/twitter");
  await approve(page);
  const request = page.context().request;
  const headers = { Origin: baseUrl };
  const x = (await (await request.get("/api/accounts")).json()).data.accounts[0] as { _id: string };
  const upload = await request.post("/api/media/upload", {
    multipart: {
      files: { name: "hours.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) },
      folder: "general",
    },
    headers,
  });
  const content = `Weekend opening hours ${Date.now()}`;
  const created = await request.post("/api/posts", {
    data: {
      content,
      platforms: ["twitter"],
      selectedAccounts: { twitter: [x._id] },
      images: [(await upload.json()).data[0].id],
      status: "scheduled",
      scheduledDate: new Date(Date.now() + 2 * 3600_000).toISOString(),
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const postId = (await created.json()).data._id;

  // The person removes Postline in X's settings; the daily check (a cron tick) finds out.
  expect((await request.post("/sandbox/revoke", { data: { platform: "twitter" } })).status()).toBe(200);
  await expect
    .poll(
      async () => {
        await fetch(`${baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("* * * * *")}`);
        return (await (await request.get(`/api/accounts/${x._id}`)).json()).data.status;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe("needs_reconnect");

  // The dashboard does not count the held post as scheduled: it will not go out on its own.
  await gotoHydrated(page, "/dashboard");
  const scheduled = page.getByRole("link", { name: /Scheduled Posts/ });
  await scheduled.getByText("+ 1 held, not sent until fixed").waitFor();
  expect(await scheduled.locator("[data-stat=scheduledPosts]").innerText()).toBe("0");

  await gotoHydrated(page, "/settings?tab=accounts");
  const card = page.getByTestId("account-card").filter({ hasText: "Needs reconnect" });
  await card.getByText(/X refused to refresh access/).waitFor();
  await card.getByTestId("affected-posts").getByText(content).waitFor();
  const held = (await (await request.get(`/api/posts/${postId}`)).json()).data.platformPosts[0];
  expect(held).toMatchObject({ status: "held", error: { kind: "account_needs_reconnect" } });

  await card.getByRole("link", { name: "Reconnect" }).first().click();
  await approve(page);
  await page.getByTestId("account-card").first().waitFor();
  await expect.poll(() => page.getByTestId("account-card").filter({ hasText: "Needs reconnect" }).count()).toBe(0);
  const released = (await (await request.get(`/api/posts/${postId}`)).json()).data.platformPosts[0];
  expect(released).toMatchObject({ status: "scheduled", error: null });
});

import type { Page } from "playwright-core";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, launchBrowser, test } from "./browser";
import { gotoHydrated, invitePath, newUser, registerViaApi } from "./helpers";
import { connectViaConsent } from "./platforms";

async function apiData(page: Page, path: string) {
  return (await (await page.context().request.get(path)).json()).data;
}

/** Publishes a post with a photo to the workspace's X account now; returns X's id of it and its permalink. */
async function publishedTweet(page: Page, baseUrl: string, content: string) {
  const request = page.context().request;
  const headers = { Origin: baseUrl };
  const upload = await request.post("/api/media/upload", {
    headers,
    multipart: { files: { name: "loaf.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
  });
  const image = (await upload.json()).data[0].id as string;
  const account = ((await apiData(page, "/api/accounts")).accounts as Array<{ _id: string }>)[0]!;
  const created = await request.post("/api/posts", {
    headers,
    data: {
      content,
      platforms: ["twitter"],
      selectedAccounts: { twitter: [account._id] },
      images: [image],
      publishNow: true,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data._id as string;
  await expect
    .poll(async () => (await apiData(page, `/api/posts/${id}`)).platformPosts[0].status, { timeout: 60_000 })
    .toBe("published");
  const target = (await apiData(page, `/api/posts/${id}`)).platformPosts[0];
  return { tweetId: target.remoteId as string, permalink: target.permalink as string };
}

/**
 * The engagement inbox (ADR 069): someone replies on X to a published post, it arrives in the workspace's inbox,
 * a teammate (an editor, in their own browser) answers it there, and it shows answered, with one reply on X.
 */
test("a reply on X arrives in the inbox, a teammate answers it and it shows answered", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Olga Owner"));
  const request = page.context().request;
  const ws = (await (await request.post("/api/workspaces", { data: { name: "Crumb Agency" }, headers })).json()).data
    .id as string;
  expect((await request.post(`/api/workspaces/${ws}/switch`, { headers })).status()).toBe(200);
  await connectViaConsent(page, "twitter");
  const { tweetId, permalink } = await publishedTweet(page, baseUrl, `Sourdough Saturday ${Date.now()}`);

  const comment = await fetch(`${baseUrl}/sandbox/comments`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      platform: "twitter",
      postId: tweetId,
      author: "hungry_hana",
      text: "Is there a gluten-free one?",
    }),
  });
  expect(comment.status).toBe(201);

  const eddie = newUser("Eddie Editor");
  const second = await launchBrowser();
  try {
    const ep = second.context.pages()[0] ?? (await second.context.newPage());
    await registerViaApi(ep, eddie);
    const invited = await request.post(`/api/workspaces/${ws}/invites`, {
      data: { email: eddie.email, role: "editor" },
      headers,
    });
    expect(invited.status()).toBe(201);
    await gotoHydrated(ep, await invitePath(ep, eddie.email));
    await ep.getByRole("button", { name: "Accept invitation" }).click();
    await ep.waitForURL("**/dashboard");

    // The owner checks the inbox: the reply is there, and the sidebar counts it.
    await gotoHydrated(page, "/inbox");
    await page.getByRole("button", { name: "Check now" }).click();
    const item = page.getByRole("listitem", { name: "hungry_hana on X" });
    await item.getByText("Is there a gluten-free one?").waitFor();
    // At least this one: the emulator's X account is every journey's on this server, and other journeys' posts
    // draw mentions of it too.
    await page.getByRole("link", { name: /^Inbox \(\d+ open\)$/ }).waitFor();

    // Eddie answers it from his inbox.
    await gotoHydrated(ep, "/inbox");
    const his = ep.getByRole("listitem", { name: /^hungry_hana on / });
    await his.getByLabel("Reply").fill("Yes, every Saturday!");
    await his.getByRole("button", { name: "Send reply" }).click();
    await ep.getByRole("status").getByText("Reply sent").waitFor();

    // Answered for both, once on X.
    await gotoHydrated(page, "/inbox?status=all");
    await page
      .getByRole("listitem", { name: /^hungry_hana on / })
      .getByText("Answered by Eddie Editor: Yes, every Saturday!")
      .waitFor();
    // The post on the emulator's viewer carries the answer once.
    await page.goto(`/sandbox/view?url=${encodeURIComponent(permalink)}`);
    const thread = page.getByRole("region", { name: "Comments and replies" });
    await thread.waitFor();
    expect(await thread.getByText("Yes, every Saturday!").count()).toBe(1);
  } finally {
    await second.close();
  }
});

import type { Page } from "playwright-core";
import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
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
 * The engagement inbox as a team (ADR 069, ADR 084): two members have the inbox open in their own browsers; a
 * reply on X arrives live in both, the owner assigns it to an editor, who answers with a saved reply; the answer
 * is on X once and the item shows done for both, without either reloading. A direct message then opens in its
 * conversation and is answered there (ADR 092).
 */
test("a reply on X arrives live for two members, is assigned, answered once with a saved reply, and done for both", async ({
  journey: { page, baseUrl, openBrowser, expectStatus },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Olga Owner"));
  const request = page.context().request;
  const ws = (await (await request.post("/api/workspaces", { data: { name: "Crumb Agency" }, headers })).json()).data
    .id as string;
  expect((await request.post(`/api/workspaces/${ws}/switch`, { headers })).status()).toBe(200);
  await connectViaConsent(page, "twitter");
  const { tweetId, permalink } = await publishedTweet(page, baseUrl, `Sourdough Saturday ${Date.now()}`);
  const saved = await request.post("/api/inbox/saved-replies", {
    data: { title: "Gluten-free", body: "Yes {first_name}, every Saturday!" },
    headers,
  });
  expect(saved.status()).toBe(201);

  const eddie = newUser("Eddie Editor");
  const second = await openBrowser();
  try {
    const ep = second.page;
    await registerViaApi(ep, eddie);
    const invited = await request.post(`/api/workspaces/${ws}/invites`, {
      data: { email: eddie.email, role: "editor" },
      headers,
    });
    expect(invited.status()).toBe(201);
    await gotoHydrated(ep, await invitePath(ep, eddie.email));
    await ep.getByRole("button", { name: "Accept invitation" }).click();
    await ep.waitForURL("**/dashboard");

    // Both have the inbox open, on its live channel.
    await gotoHydrated(page, "/inbox?status=all");
    await gotoHydrated(ep, "/inbox?status=all");
    await page.getByText("Live", { exact: true }).waitFor();
    await ep.getByText("Live", { exact: true }).waitFor();

    // Someone answers the post on X, and the inbox takes it in: it appears in both browsers without a reload.
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
    expect((await request.post("/api/inbox/sync", { headers })).status()).toBe(200);
    const item = page.getByRole("listitem", { name: "hungry_hana on X" });
    const his = ep.getByRole("listitem", { name: "hungry_hana on X" });
    await item.getByText("Is there a gluten-free one?").waitFor();
    await his.getByText("Is there a gluten-free one?").waitFor();

    // The owner assigns it to Eddie; his inbox shows it as his.
    await item.getByLabel("Assigned to").selectOption({ label: "Eddie Editor" });
    await item.getByRole("button", { name: "Assign" }).click();
    await his.getByText("Assigned to Eddie Editor", { exact: true }).waitFor();

    // Eddie answers with the saved reply, its variable filled for the author.
    await his.getByLabel("Saved reply").selectOption({ label: "Gluten-free" });
    await expect.poll(() => his.getByLabel("Reply", { exact: true }).inputValue()).toBe("Yes Hungry, every Saturday!");
    await his.getByRole("button", { name: "Send reply" }).click();
    await ep.getByRole("status").getByText("Reply sent").waitFor();

    // Done and answered for both: the owner's page follows live.
    await item.getByText("Answered by Eddie Editor: Yes Hungry, every Saturday!").waitFor();
    await item.getByText("Done", { exact: true }).waitFor();
    await his.getByText("Done", { exact: true }).waitFor();
    // Someone writes to the account directly: the message opens in its conversation, which takes the focus, and
    // is answered there; the answer shows in the conversation as the team's.
    const dm = await fetch(`${baseUrl}/sandbox/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ platform: "twitter", from: "dana_dms", text: "Do you deliver on Sundays?" }),
    });
    expect(dm.status).toBe(201);
    expect((await request.post("/api/inbox/sync", { headers })).status()).toBe(200);
    const message = page
      .getByRole("list", { name: "Inbox items" })
      .getByRole("listitem")
      .filter({ hasText: "Do you deliver on Sundays?" });
    await message.getByRole("link", { name: "Open conversation" }).click();
    const conversation = page.getByRole("region", { name: /^Conversation with / });
    await conversation.getByRole("list", { name: "Messages" }).getByText("Do you deliver on Sundays?").waitFor();
    await expect
      .poll(() => conversation.getByRole("heading").evaluate((el) => el === document.activeElement))
      .toBe(true);
    await conversation.getByLabel("Reply", { exact: true }).fill("Yes, until noon!");
    await conversation.getByRole("button", { name: "Send reply" }).click();
    await conversation.getByRole("listitem").filter({ hasText: "Your team" }).getByText("Yes, until noon!").waitFor();

    // The filters with "All networks" left as it is (the form sends `platform=` empty): done items labelled
    // urgent, on any network, are the answered comment alone.
    const { items } = await apiData(page, "/api/inbox?status=all");
    const answered = (items as Array<{ id: string; author: string }>).find((i) => i.author === "hungry_hana")!;
    const labelled = await request.post("/api/inbox/bulk", {
      data: { action: "label", ids: [answered.id], label: "urgent" },
      headers,
    });
    expect(labelled.status()).toBe(200);
    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByLabel("Status").selectOption("done");
    await filters.getByLabel("Label").fill("urgent");
    await filters.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL("**/inbox?status=done&platform=&label=urgent");
    await item.getByText("urgent", { exact: true }).waitFor();
    await expect.poll(() => page.getByText("Do you deliver on Sundays?").count()).toBe(0);
    // A network the inbox does not know is refused with the API's message, not a server error.
    expectStatus(400, "/inbox");
    expect((await page.goto("/inbox?platform=bogus"))?.status()).toBe(400);
    await page.getByRole("alert").getByText("Choose one of the connected networks.").waitFor();

    // The post on the emulator's viewer carries the answer once.
    await page.goto(`/sandbox/view?url=${encodeURIComponent(permalink)}`);
    const thread = page.getByRole("region", { name: "Comments and replies" });
    await thread.waitFor();
    expect(await thread.getByText("Yes Hungry, every Saturday!").count()).toBe(1);
  } finally {
    await second.close();
  }
});

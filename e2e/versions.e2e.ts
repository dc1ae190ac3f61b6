import { jpegBytes } from "../workers/test/media-fixtures";
import { expect, test } from "./browser";
import { chooseChannels, gotoHydrated, newUser, registerViaApi } from "./helpers";
import { connectViaConsent as connect } from "./platforms";

type Channel = {
  platform: string;
  status: string;
  permalink: string | null;
  firstComment: { status: string } | null;
};

test("versions: own texts for X and LinkedIn with their previews and limits, a first comment and a 3-part X thread on the emulator", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Vera Lind"));
  await connect(page, "linkedin");
  await connect(page, "twitter");
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: { files: { name: "launch.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers: { Origin: baseUrl },
  });
  expect(upload.status()).toBe(201);
  const tag = Date.now().toString(36);

  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await chooseChannels(composer, "LinkedIn", "X");
  await composer.getByLabel("Content", { exact: true }).fill(`Our spring menu is here ${tag}`);
  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: /launch\.jpg/ }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();

  // X: its own text, over the limit first (the counter and the check say so), then a 3-part thread.
  const channels = composer.getByRole("region", { name: "Channel versions" });
  await channels.getByRole("tab", { name: /^X/ }).click();
  await channels.getByRole("button", { name: "Customize for X" }).click();
  const xText = channels.getByLabel("X text");
  expect(await xText.inputValue()).toBe(`Our spring menu is here ${tag}`);
  await xText.fill("Spring! ".repeat(40).trim());
  await channels.getByText("319/280", { exact: true }).waitFor();
  await channels.getByText(/^Content exceeds X limit \(319\/280\)/).waitFor();
  await xText.fill(`Spring on X, 1/3 ${tag}`);
  await channels.getByRole("article", { name: "X preview" }).getByText(`Spring on X, 1/3 ${tag}`).waitFor();
  for (const n of [2, 3]) {
    await channels.getByRole("button", { name: "Add to thread" }).click();
    await channels.getByRole("textbox", { name: `Part ${n}`, exact: true }).fill(`Part ${n} of 3 ${tag}`);
  }
  await channels.getByRole("list", { name: "X thread preview" }).getByText(`Part 3 of 3 ${tag}`).waitFor();

  // LinkedIn: a longer text of its own (its counter says 3,000) and a first comment.
  await channels.getByRole("tab", { name: /^LinkedIn/ }).click();
  await channels.getByRole("button", { name: "Customize for LinkedIn" }).click();
  const linkedIn = `A longer LinkedIn story about the spring menu ${tag}`;
  await channels.getByLabel("LinkedIn text").fill(linkedIn);
  await channels.getByText(`${linkedIn.length}/3000`, { exact: true }).waitFor();
  await channels.getByRole("article", { name: "LinkedIn preview" }).getByText(linkedIn).waitFor();
  await channels.getByLabel("First comment on LinkedIn").fill(`Menu link in the comments ${tag}`);

  // The Preview tab shows what each channel publishes: X's three parts, LinkedIn's text and first comment.
  await composer.getByRole("tab", { name: "Preview" }).click();
  const xPreview = composer.getByRole("article", { name: "X preview" });
  await xPreview.getByText(`Spring on X, 1/3 ${tag}`).waitFor();
  await xPreview.getByRole("list", { name: "X thread preview" }).getByText(`Part 3 of 3 ${tag}`).waitFor();
  const linkedInPreview = composer.getByRole("article", { name: "LinkedIn preview" });
  await linkedInPreview.getByText(linkedIn).waitFor();
  await linkedInPreview
    .getByRole("region", { name: "LinkedIn first comment" })
    .getByText(`Menu link in the comments ${tag}`)
    .waitFor();
  await composer.getByRole("tab", { name: "Compose" }).click();

  await composer.getByRole("button", { name: "Publish Now" }).click();
  await page
    .locator("[data-sonner-toast]")
    .filter({ hasText: /^Post (queued for publishing|published successfully!)$/ })
    .first()
    .waitFor();

  // Both channels out, the comment too.
  let post: { _id: string; platformPosts: Channel[] } | undefined;
  await expect
    .poll(
      async () => {
        const list = await (await page.context().request.get("/api/posts")).json();
        post = list.data.posts.find((p: { content: string }) => p.content.endsWith(tag));
        return post?.platformPosts.map((t) => `${t.platform}:${t.status}:${t.firstComment?.status ?? "-"}`).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual(["linkedin:published:published", "twitter:published:-"]);
  const on = (platform: string) => post!.platformPosts.find((t) => t.platform === platform)!.permalink!;

  // The emulator's viewer: the X thread in order, the LinkedIn post with its comment.
  await page.goto(`/sandbox/view?url=${encodeURIComponent(on("twitter"))}`);
  await page.getByText(`Spring on X, 1/3 ${tag}`).waitFor();
  const replies = page.getByRole("region", { name: "Comments and replies" }).getByRole("listitem");
  expect(await replies.allInnerTexts()).toEqual([
    expect.stringContaining(`Part 2 of 3 ${tag}`),
    expect.stringContaining(`Part 3 of 3 ${tag}`),
  ]);
  await page.goto(`/sandbox/view?url=${encodeURIComponent(on("linkedin"))}`);
  await page.getByText(linkedIn).waitFor();
  await page
    .getByRole("region", { name: "Comments and replies" })
    .getByText(`Menu link in the comments ${tag}`)
    .waitFor();

  // Shared with a client, each card shows what its channel publishes: X's own text, LinkedIn's own text.
  const shared = await page.context().request.post("/api/share-links", {
    data: { label: "Client ACME", postIds: [post!._id] },
    headers: { Origin: baseUrl },
  });
  expect(shared.status()).toBe(201);
  await page.goto(new URL((await shared.json()).data.url).pathname);
  await page.getByRole("article", { name: "X preview" }).getByText(`Spring on X, 1/3 ${tag}`).waitFor();
  await page.getByRole("article", { name: "LinkedIn preview" }).getByText(linkedIn).waitFor();
});

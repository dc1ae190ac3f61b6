import { expect, test } from "./browser";
import { composeWithImage, gotoHydrated, newUser, registerViaApi, toast } from "./helpers";
import { nextMinuteAtLeast, pickLaterUtc, runCron } from "./platforms";

/**
 * The open social web (issue 38): a Bluesky handle connected through AT Protocol OAuth on its server's consent page
 * (ADR 073) and a Mastodon account on a chosen instance (ADR 059), each from Settings; one post with a version per
 * channel whose counters are each network's own limit (300 graphemes; the instance's 1,000 characters), a 3-part
 * thread on both and an image, scheduled, published with permalinks, then analytics synced from both.
 */
type Channel = { platform: string; status: string; permalink: string | null };

test("the open web: Bluesky over OAuth and Mastodon on mastodon.example, one scheduled post with a thread on each", async ({
  journey: { page, baseUrl },
}) => {
  const headers = { Origin: baseUrl };
  await registerViaApi(page, newUser("Sam Okafor"));
  expect(
    (await page.context().request.put("/api/users/timezone", { data: { timezone: "UTC" }, headers })).status(),
  ).toBe(200);

  // Bluesky: the handle starts OAuth; the consent is the account's server's own page.
  await gotoHydrated(page, "/settings?tab=accounts");
  await page.getByRole("link", { name: "Connect Social Account" }).click();
  await page
    .getByRole("dialog", { name: "Connect Your Social Account" })
    .getByRole("link", { name: /Bluesky/ })
    .click();
  await page.getByText("Use an app password instead").waitFor();
  await page.getByLabel("Your Bluesky handle").fill("@postline-demo.bsky.social");
  await page.getByRole("button", { name: "Continue with Bluesky" }).click();
  await page.waitForURL(/\/sandbox\/bsky\.social\/oauth\/authorize\?client_id=.*&request_uri=/);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/settings\?tab=accounts/);
  await toast(page, "Bluesky account connected successfully");
  await page.getByRole("listitem").filter({ hasText: "Bluesky Profile" }).getByText("Postline Demo").waitFor();

  // Mastodon: the server's domain, then that instance's consent.
  await page.getByRole("link", { name: "Connect Social Account" }).click();
  await page
    .getByRole("dialog", { name: "Connect Your Social Account" })
    .getByRole("link", { name: /Mastodon/ })
    .click();
  await page.getByLabel("Your Mastodon server").fill("mastodon.example");
  await page.getByRole("button", { name: "Accept & Continue" }).click();
  await page.waitForURL(/\/sandbox\/mastodon\.example\/oauth\/authorize/);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/settings\?tab=accounts/);
  await toast(page, "Mastodon account connected successfully");
  await page.getByText("@bakery@mastodon.example").first().waitFor();

  // One post, a version per channel: each counter is that network's (or that instance's) limit, shown as typed.
  const tag = Date.now().toString(36);
  const composer = await composeWithImage(page, baseUrl, {
    networks: ["Bluesky", "Mastodon"],
    text: `Fresh loaves on the open web ${tag}`,
    image: { name: "loaf.jpg", width: 1080, height: 1080 },
  });
  await composer
    .getByRole("region", { name: "Media", exact: true })
    .getByRole("region", { name: "Attached media" })
    .waitFor();
  const channels = composer.getByRole("region", { name: "Channel versions" });

  await channels.getByRole("tab", { name: /^Bluesky/ }).click();
  await channels.getByRole("button", { name: "Customize for Bluesky" }).click();
  const bskyText = channels.getByLabel("Bluesky text");
  // 301 graphemes of two code points each: Bluesky counts what a reader sees.
  await bskyText.fill("e\u0301".repeat(301));
  await channels.getByText("301/300", { exact: true }).waitFor();
  // 170 family emoji are 3,060 bytes: Bluesky's byte limit binds first, every 10 bytes counting one.
  await bskyText.fill("👨‍👩‍👧".repeat(170));
  await channels.getByText("306/300", { exact: true }).waitFor();
  await bskyText.fill(`Bluesky 1/3: fresh loaves ${tag}`);
  await channels.getByText(`${`Bluesky 1/3: fresh loaves ${tag}`.length}/300`, { exact: true }).waitFor();
  for (const n of [2, 3]) {
    await channels.getByRole("button", { name: "Add to thread" }).click();
    await channels.getByRole("textbox", { name: `Part ${n}`, exact: true }).fill(`Bluesky part ${n} of 3 ${tag}`);
  }
  await channels
    .getByRole("list", { name: "Bluesky thread preview" })
    .getByText(`Bluesky part 3 of 3 ${tag}`)
    .waitFor();

  await channels.getByRole("tab", { name: /^Mastodon/ }).click();
  await channels.getByRole("button", { name: "Customize for Mastodon" }).click();
  const mastoText = `Mastodon 1/3: a longer note for the fediverse about today's bake ${tag}`;
  await channels.getByLabel("Mastodon text").fill(mastoText);
  // mastodon.example allows 1,000 characters (its /api/v2/instance), not Mastodon's default 500.
  await channels.getByText(`${mastoText.length}/1000`, { exact: true }).waitFor();
  for (const n of [2, 3]) {
    await channels.getByRole("button", { name: "Add to thread" }).click();
    await channels.getByRole("textbox", { name: `Part ${n}`, exact: true }).fill(`Mastodon part ${n} of 3 ${tag}`);
  }

  const due = nextMinuteAtLeast(25_000);
  await pickLaterUtc(composer, due);
  await composer.getByRole("button", { name: "Schedule For Later" }).click();
  await toast(page, "Post scheduled successfully!");
  const card = page.getByRole("article", { name: new RegExp(`Fresh loaves on the open web ${tag}`) });
  await card.getByText("Bluesky: Scheduled").waitFor();

  await expect.poll(() => Date.now() >= due - 50_000, { timeout: 120_000, interval: 1_000 }).toBe(true);
  await runCron(baseUrl);
  // Both channels settle; a failure names the platform's words.
  let post: { platformPosts: (Channel & { error?: unknown })[] } | undefined;
  await expect
    .poll(
      async () => {
        const list = await (await page.context().request.get("/api/posts")).json();
        post = list.data.posts.find((p: { content: string }) => p.content.endsWith(tag));
        return post?.platformPosts
          .map((t) => `${t.platform}:${t.status}:${t.error ? JSON.stringify(t.error) : ""}`)
          .sort();
      },
      { timeout: 150_000, interval: 1_000 },
    )
    .toEqual(["bluesky:published:", "mastodon:published:"]);
  await card.getByText("Bluesky: Published").waitFor();
  await card.getByText("Mastodon: Published").waitFor();

  // Permalinks on each network: bsky.app by DID and record key, the instance's own status URL.
  const links = Object.fromEntries(post!.platformPosts.map((c) => [c.platform, `${c.status} ${c.permalink}`]));
  expect(links.bluesky).toMatch(/^published https:\/\/bsky\.app\/profile\/did:plc:[a-z0-9]+\/post\/[2-7a-z]{13}$/);
  expect(links.mastodon).toMatch(/^published https:\/\/mastodon\.example\/@bakery\/\d+$/);

  // The Bluesky post and its thread's next part, in the emulator's viewer of the real permalink.
  await page.goto(`/sandbox/view?url=${encodeURIComponent(links.bluesky!.split(" ")[1]!)}`);
  await page.getByText(`Bluesky 1/3: fresh loaves ${tag}`).waitFor();
  const replies = page.getByRole("region", { name: "Comments and replies" }).getByRole("listitem");
  await replies.filter({ hasText: `Bluesky part 2 of 3 ${tag}` }).waitFor();

  // A day on the platforms, then the user syncs both.
  expect((await page.context().request.post("/sandbox/clock", { data: { advanceMs: 86_400_000 } })).status()).toBe(200);
  await gotoHydrated(page, "/analytics");
  await page.getByRole("button", { name: "Sync Data" }).click();
  await toast(page, "Successfully synced analytics for 2 platforms");
  await page.getByText(/^Last synced /).waitFor();
}, 360_000);

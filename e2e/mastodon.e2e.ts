import { expect, test } from "./browser";
import { composeWithImage, gotoHydrated, newUser, registerViaApi, toast } from "./helpers";

/**
 * Mastodon on a chosen instance (ADR 059): Settings asks for the server's domain, the emulated instance's consent
 * page comes next, and a post published from the composer lands there with the instance's permalink.
 */
test("connect a Mastodon account on mastodon.example from Settings and publish a post to it", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Sam Okafor"));
  await gotoHydrated(page, "/settings?tab=accounts");
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

  const composer = await composeWithImage(page, baseUrl, {
    networks: ["Mastodon"],
    text: `Fresh loaves on the fediverse ${new Date().toISOString()}`,
    image: { name: "loaf.jpg", width: 1080, height: 1080 },
  });
  await composer
    .getByRole("region", { name: "Media", exact: true })
    .getByRole("region", { name: "Attached media" })
    .waitFor();
  await composer.getByRole("button", { name: "Publish Now" }).click();
  await composer.waitFor({ state: "detached" });
  const card = page.getByRole("article", { name: /Fresh loaves on the fediverse/ });
  await card.getByText("Mastodon: Published").waitFor({ timeout: 60_000 });
  // The channel's permalink is the instance's own: https://mastodon.example/@bakery/<status id>.
  const posts = await page.context().request.get("/api/posts");
  expect(JSON.stringify(await posts.json())).toMatch(/https:\/\/mastodon\.example\/@bakery\/\d+/);
});

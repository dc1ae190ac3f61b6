import type { Page } from "playwright-core";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, registerViaApi, toast } from "./helpers";

/** The Settings → Social Accounts flow: connect dialog → terms → the platform's consent page → back. */
/** Connects through picker, terms and consent; returns what the terms said would be asked and the scopes the consent URL asks. */
async function connectFromSettings(page: Page, option: RegExp, termsButton: string, choices: string[] = []) {
  const add = page.getByRole("link", { name: /^(Connect Social Account|Add Another Social Account)$/ });
  await add.click();
  const dialog = page.getByRole("dialog", { name: "Connect Your Social Account" });
  await dialog.getByRole("link", { name: option }).click();
  // The terms panel has rendered once its button is there; only then does "will ask for" mean what it says.
  const accept = page.getByRole("link", { name: termsButton });
  await accept.waitFor();
  const asks = page.getByText(/ will ask for: /);
  const told = (await asks.count()) ? await asks.innerText() : "";
  await accept.click();
  await page.waitForURL(/\/sandbox\//);
  const scopes = (new URL(page.url()).searchParams.get("scope") ?? "").split(/[ ,]/);
  for (const choice of choices) await page.getByLabel(choice).check();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/settings\?tab=accounts/);
  await toast(page, "account connected successfully");
  await page.getByRole("heading", { name: "Connected Accounts" }).waitFor();
  return { told, scopes };
}

test("connect Instagram + Facebook Pages, LinkedIn (person and company), YouTube, X, Threads and TikTok; see grouped cards; disconnect one", async ({
  journey: { page },
}) => {
  await registerViaApi(page, newUser("Alex Rivera"));
  await gotoHydrated(page, "/settings?tab=accounts");
  await page.getByText("No accounts connected").waitFor();

  await connectFromSettings(page, /Instagram \+ Facebook Pages/, "Accept & Continue");
  await connectFromSettings(page, /^LinkedIn/, "Connect with LinkedIn", ["Acme Coffee Co."]);
  // YouTube's terms name exactly the scopes the consent asks for.
  const youtube = await connectFromSettings(page, /^YouTube/, "Connect with YouTube");
  const asked = youtube.scopes.map((scope) => scope.replace("https://www.googleapis.com/auth/", ""));
  expect(asked).toContain("youtube.upload");
  expect(youtube.told).toContain(`will ask for: ${asked.join(", ")}.`);
  await connectFromSettings(page, /^X \(Twitter\)/, "Accept & Continue");
  await connectFromSettings(page, /^Threads/, "Accept & Continue");
  // TikTok's Login Kit consent, then the creator's account.
  const tiktok = await connectFromSettings(page, /^TikTok/, "Accept & Continue");
  expect(tiktok.scopes).toContain("video.publish");

  const cards = page.locator("section[aria-labelledby='social-accounts-title']");
  for (const text of ["Business Page", "Personal Profile", "Company Page", "Channel"])
    await cards.getByText(text).first().waitFor();
  const api = await (await page.context().request.get("/api/users/connected-accounts")).json();
  const platforms = new Set(api.data.accounts.map((a: { platform: string }) => a.platform));
  expect([...platforms].sort()).toEqual([
    "facebook",
    "instagram",
    "linkedin",
    "threads",
    "tiktok",
    "twitter",
    "youtube",
  ]);
  expect(JSON.stringify(api)).not.toMatch(/access_?token|refresh_?token/i);

  // Disconnect the Threads account, with the spec's confirmation.
  const before = api.data.accounts.length;
  const threadsCard = cards
    .locator("article, li, div")
    .filter({ hasText: /Threads/ })
    .filter({ has: page.getByRole("link", { name: "Disconnect account" }) })
    .last();
  await threadsCard.getByRole("link", { name: "Disconnect account" }).click();
  const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog", { name: "Disconnect Account" }));
  await confirm.getByText("This action cannot be undone.", { exact: false }).waitFor();
  await confirm.getByRole("button", { name: "Yes, Disconnect Account" }).click();
  await toast(page, "Account disconnected successfully");
  const after = await (await page.context().request.get("/api/users/connected-accounts")).json();
  expect(after.data.accounts.length).toBe(before - 1);
  expect(after.data.accounts.some((a: { platform: string }) => a.platform === "threads")).toBe(false);
});

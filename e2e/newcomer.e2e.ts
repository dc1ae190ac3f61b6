import type { Page } from "playwright-core";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, registerViaApi, toast } from "./helpers";
import { connectViaConsent as connect } from "./platforms";

const drafts = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("postline:composer-draft:")));

test("the composer never loses a post: X's only account is preselected, closing asks first, and an unsaved post is offered back", async ({ journey: { page } }) => {
  await registerViaApi(page, newUser("Noa Ruiz"));
  await connect(page, "twitter");
  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await composer.getByRole("button", { name: /^X( |$)/ }).click();
  const xAccount = composer.getByRole("group", { name: "X accounts" }).getByRole("checkbox", { name: "@postline_demo" });
  expect(await xAccount.isChecked()).toBe(true);
  const content = composer.getByLabel("Content", { exact: true });
  await content.fill("Half-written launch note");

  // A click outside asks before throwing the text away; keeping on editing keeps it.
  await page.mouse.click(5, 5);
  const confirm = page.getByRole("alertdialog", { name: "Discard this post?" });
  await confirm.getByRole("button", { name: "Keep editing" }).click();
  await confirm.waitFor({ state: "detached" });
  expect(await content.inputValue()).toBe("Half-written launch note");

  // The tab goes away without a word: the next composer offers the post back.
  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const offer = composer.getByRole("region", { name: "Unsaved post" });
  await offer.getByText("Restore your unsaved post?").waitFor();
  await offer.getByRole("button", { name: "Restore" }).click();
  await offer.waitFor({ state: "detached" });
  expect(await content.inputValue()).toBe("Half-written launch note");
  expect(await composer.getByRole("button", { name: /^X( |$)/ }).getAttribute("aria-pressed")).toBe("true");

  // Cancel, then Discard: gone for good, and an untouched composer closes without asking.
  await composer.getByRole("button", { name: "Cancel" }).click();
  await confirm.getByRole("button", { name: "Discard" }).click();
  await composer.waitFor({ state: "detached" });
  expect(await drafts(page)).toEqual([]);
  await page.getByRole("button", { name: "Create Post" }).click();
  await content.waitFor();
  await page.keyboard.press("Escape");
  await composer.waitFor({ state: "detached" });

  // A saved post leaves no draft behind.
  await page.getByRole("button", { name: "Create Post" }).click();
  await content.fill("Saved for later");
  await composer.getByRole("button", { name: /^X( |$)/ }).click();
  await composer.getByRole("button", { name: "Save as Draft" }).click();
  await toast(page, "Draft saved successfully!");
  await composer.waitFor({ state: "detached" });
  expect(await drafts(page)).toEqual([]);
  await page.getByRole("button", { name: "Create Post" }).click();
  expect(await content.inputValue()).toBe("");
  expect(await offer.count()).toBe(0);
});

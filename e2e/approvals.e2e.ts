import { awaitingApproval } from "./approvals";
import { expect, test } from "./browser";
import { gotoHydrated, newUser, toast } from "./helpers";

test("Approvals: a passed time asks for a new one in the post's row; a rejection needs a comment", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  const { me } = await awaitingApproval(page, baseUrl, newUser("Ada Approver"), [
    { content: "Soon gone", at: Date.now() + 4_000 },
    { content: "Needs work", at: Date.now() + 3 * 86_400_000 },
  ]);
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  await gotoHydrated(page, "/approvals");
  const item = (content: string) => page.getByRole("listitem").filter({ hasText: content });

  expectStatus(409, "/approvals.data");
  await item("Soon gone").getByRole("button", { name: "Approve" }).click();
  await item("Soon gone")
    .getByRole("alert")
    .filter({ hasText: "The time this post was scheduled for has passed. Choose a new time to approve it." })
    .waitFor();
  const approveAt = item("Soon gone").getByRole("button", { name: "Approve at this time" });
  expect(await approveAt.isDisabled()).toBe(true);
  const newTime = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);
  await item("Soon gone").getByLabel(`New time (${me.user.timezone})`).fill(newTime);
  await approveAt.click();
  await toast(page, "Post approved");
  await item("Soon gone").waitFor({ state: "detached" });

  await item("Needs work").getByRole("button", { name: "Reject" }).click();
  expectStatus(400, "/approvals.data");
  await item("Needs work").getByRole("button", { name: "Send back" }).click();
  await item("Needs work").getByRole("alert").filter({ hasText: "Please say what needs to change." }).waitFor();
  await item("Needs work").getByLabel("What needs to change?").fill("A warmer opening, please.");
  await item("Needs work").getByRole("button", { name: "Send back" }).click();
  await toast(page, "Post sent back to its author");
  await page.getByText("Nothing is waiting for approval").waitFor();
  expect(page.url()).toMatch(/\/approvals$/);
});

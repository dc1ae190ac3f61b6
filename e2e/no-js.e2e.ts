import { request } from "node:http";
import { type Page, request as playwrightRequest } from "playwright-core";
import { expect } from "vitest";
import { formatDateTime } from "../app/lib/format";
import { jpegBytes } from "../workers/test/media-fixtures";
import { noJsTest as test } from "./browser";
import { codeFromMailbox, invitePath, newUser, registerViaApi } from "./helpers";

/** Signs in through the plain HTML form (the page answers with a redirect, not a toast). */
async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("with JavaScript off, a newcomer signs up, signs out, signs in, resets a password, uses Settings, deletes a post", async ({
  journey: { page, baseUrl, expectStatus },
}) => {
  const user = newUser("Noor Haddad");
  await page.goto("/auth");

  // The tabs are links: Sign Up is its own page.
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.waitForURL("**/auth?tab=signup");
  await page.getByLabel("Full Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm Password").fill(user.password);
  // The form's own checks run on the server when the browser cannot: the terms are still required.
  expectStatus(400, "/auth");
  await page.getByRole("button", { name: "Create Account" }).click();
  expect(await page.getByRole("alert").innerText()).toBe("Please accept the terms and conditions");
  await page.getByLabel("Full Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm Password").fill(user.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/dashboard");
  await page.getByText(`Welcome, ${user.name}`).waitFor();

  // The sidebar's Logout is a plain form.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL("**/auth");

  // A wrong password is refused with the API's message, then the right one signs in.
  expectStatus(401, "/auth");
  await signIn(page, user.email, "wrong-password");
  expect(await page.getByRole("alert").innerText()).toBe("Invalid email or password");
  await signIn(page, user.email, user.password);
  await page.waitForURL("**/dashboard");

  // Forgot password → code from the dev mailbox → verify → reset → sign in with the new password.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL("**/auth");
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await page.waitForURL("**/auth?mode=forgot");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send OTP" }).click();
  await page.getByRole("status").filter({ hasText: "OTP sent to your email!" }).waitFor();
  await page.getByLabel("Verification Code").fill(await codeFromMailbox(page, user.email));
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await page.getByRole("status").filter({ hasText: "OTP verified successfully!" }).waitFor();
  const newPassword = "second-pass2";
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm New Password").fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await page.getByRole("status").filter({ hasText: "Password reset successfully!" }).waitFor();
  await signIn(page, user.email, newPassword);
  await page.waitForURL("**/dashboard");
  await page.getByText(`Welcome, ${user.name}`).waitFor();

  // Settings → Workspace renders from the page's loader and saves through its action.
  await page.goto("/settings?tab=workspace");
  const settings = page.getByRole("form", { name: "Workspace settings" });
  await settings.getByLabel("Workspace name").fill("Noor's Studio");
  await settings.getByRole("button", { name: "Save workspace" }).click();
  await page.getByRole("status").filter({ hasText: "Workspace settings saved" }).waitFor();
  expect(await page.getByLabel("Workspace name").inputValue()).toBe("Noor's Studio");

  // Members and invitations are forms too: an invitation is sent and withdrawn; one is accepted, and that
  // member's role is changed (the select posts with its button) and they are removed.
  const invite = page.getByRole("region", { name: "Invite a member" });
  const sendInvite = async (email: string) => {
    await invite.getByLabel("Email").fill(email);
    await invite.getByLabel("Role").selectOption("editor");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Invitation sent to ${email}` })
      .waitFor();
  };
  const withdrawn = newUser("Wanda Withdrawn");
  await sendInvite(withdrawn.email);
  await invite.getByRole("button", { name: `Withdraw the invitation to ${withdrawn.email}` }).click();
  await page.getByRole("status").filter({ hasText: "Invitation withdrawn" }).waitFor();
  expect(await invite.getByText(withdrawn.email).count()).toBe(0);
  const guest = newUser("Gus Guest");
  await sendInvite(guest.email);
  const mailbox = await page.context().newPage();
  const path = await invitePath(mailbox, guest.email);
  await mailbox.close();
  const guestApi = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
  await guestApi.post("/api/auth/register", {
    data: { displayName: guest.name, email: guest.email, password: guest.password },
  });
  expect((await guestApi.post(`/api/invites/${path.split("/").pop()}/accept`)).status()).toBe(200);
  await guestApi.dispose();
  await page.goto("/settings?tab=workspace");
  const members = page.getByRole("region", { name: "Members" });
  await members.getByLabel(`Role of ${guest.name}`).selectOption("admin");
  await members.getByRole("button", { name: "Change role" }).click();
  await page.getByRole("status").filter({ hasText: "Role changed" }).waitFor();
  expect(await members.getByLabel(`Role of ${guest.name}`).inputValue()).toBe("admin");
  await members.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("status").filter({ hasText: "Member removed" }).waitFor();
  expect(await members.getByText(guest.email).count()).toBe(0);

  // Billing's "Get Updates" posts to the page's action.
  await page.getByRole("tab", { name: "Billing" }).click();
  await page.waitForURL("**/settings?tab=billing");
  await page.getByRole("button", { name: "Get Updates" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: "You'll be notified when billing features are available!" })
    .waitFor();

  // The Settings tabs are links; Profile's password form opens by a GET and posts to the page's action.
  await page.getByRole("tab", { name: "Profile" }).click();
  await page.waitForURL("**/settings?tab=profile");
  await page.getByRole("button", { name: "Update Password" }).click();
  await page.waitForURL("**/settings?tab=profile&password=change");
  const finalPassword = "third-pass3";
  const changePassword = async (current: string) => {
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current Password", { exact: true }).fill(current);
    await form.getByLabel("New Password", { exact: true }).fill(finalPassword);
    await form.getByLabel("Confirm New Password", { exact: true }).fill(finalPassword);
    await form.getByRole("button", { name: "Update Password" }).click();
  };
  expectStatus(400, "/settings");
  await changePassword("not-my-password");
  expect(await page.getByRole("alert").innerText()).toBe("Current password is incorrect");
  await changePassword(newPassword);
  await page.getByRole("status").filter({ hasText: "Password updated successfully" }).waitFor();

  // The timezone is a plain select with a Save button.
  await page.getByRole("combobox", { name: "Timezone" }).selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Save timezone" }).click();
  await page.getByRole("status").filter({ hasText: "Timezone updated to Asia/Tokyo" }).waitFor();
  expect(await page.getByRole("combobox", { name: "Timezone" }).inputValue()).toBe("Asia/Tokyo");

  // Settings → API: a key's secret renders once in the action's reply; Done (a GET) reloads the tab without it.
  await page.getByRole("tab", { name: "API" }).click();
  await page.waitForURL("**/settings?tab=api");
  const keyForm = page.getByRole("form", { name: "Create an API key" });
  expectStatus(400, "/settings");
  await keyForm.getByRole("button", { name: "Create key" }).click();
  expect(await keyForm.getByRole("alert").innerText()).toBe("Please name the key");
  await keyForm.getByLabel("Key name").fill("Plain bot");
  await keyForm.getByRole("button", { name: "Create key" }).click();
  expect(await page.getByRole("textbox", { name: "Your new API key." }).inputValue()).toMatch(/^pl_/);
  await page.getByRole("button", { name: "Done" }).click();
  await page.waitForURL("**/settings?tab=api");
  expect(await page.getByRole("textbox", { name: "Your new API key." }).count()).toBe(0);
  const keys = page.getByRole("list", { name: "Your API keys" });
  await keys.getByText("Plain bot").waitFor();
  await keys.getByRole("button", { name: "Revoke Plain bot" }).click();
  await page.getByRole("status").filter({ hasText: "API key revoked" }).waitFor();
  await keys.getByText(/· Revoked/).waitFor();

  const hookForm = page.getByRole("form", { name: "Add a webhook endpoint" });
  await hookForm.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/no-js-hook");
  await hookForm.getByRole("button", { name: "Add endpoint" }).click();
  expect(await page.getByRole("textbox", { name: "The endpoint's signing secret." }).inputValue()).toMatch(/^whsec_/);
  await page
    .getByRole("list", { name: "Webhook endpoints" })
    .getByRole("listitem")
    .filter({ hasText: "http://127.0.0.1:9/no-js-hook" })
    .getByText("Enabled")
    .waitFor();

  // Settings → Activity pages by link: 51 drafts fill the first page (50) and start the second.
  for (let batch = 0; batch < 51; batch += 17) {
    const posts = Array.from({ length: 17 }, (_, i) =>
      page.context().request.post("/api/posts", {
        data: { content: `Activity filler ${batch + i + 1}`, platforms: ["twitter"], status: "draft" },
        headers: { Origin: baseUrl },
      }),
    );
    for (const res of await Promise.all(posts)) expect(res.status()).toBe(201);
  }
  await page.getByRole("tab", { name: "Activity" }).click();
  await page.waitForURL("**/settings?tab=activity");
  const log = page.getByRole("table", { name: "Activity log, newest first" });
  expect(await log.getByRole("row").count()).toBe(51); // the header and 50 entries
  await page.getByRole("navigation", { name: "Activity pages" }).getByRole("link", { name: "Next" }).click();
  await page.waitForURL("**/settings?tab=activity&page=2");
  await page.getByText("Page 2 of 2").waitFor();
  // Page 2 holds the oldest filler and what came before it (the settings changed above are logged too).
  await log.getByRole("row", { name: /Created Activity filler/ }).waitFor();
  expect(await log.getByRole("row", { name: /Created Activity filler/ }).count()).toBe(1);

  // Signed in again with the new password.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL("**/auth");
  await signIn(page, user.email, finalPassword);
  await page.waitForURL("**/dashboard");

  // A post is deleted from its confirmation page (the dialog's form, as a page).
  const api = page.context().request;
  const created = await api.post("/api/posts", {
    data: { content: "A draft to delete", platforms: ["twitter"], status: "draft" },
    headers: { Origin: baseUrl },
  });
  expect(created.status()).toBe(201);
  const postId = (await created.json()).data.id as string;
  await page.goto(`/posts/${postId}/delete`);
  await page.getByText("A draft to delete").waitFor();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.waitForURL("**/content");
  expectStatus(404, `/api/posts/${postId}`);
  expect((await api.get(`/api/posts/${postId}`)).status()).toBe(404);

  // A form post from another site riding on the live session cookie is refused, as the API refuses it
  // (node:http, since fetch will not send Sec-Fetch-Site as given).
  const session = (await page.context().cookies()).find((c) => c.name === "postline_session");
  const crossSite = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const body = new URLSearchParams({ intent: "signin", email: user.email, password: finalPassword }).toString();
    const req = request(`${baseUrl}/auth`, {
      method: "POST",
      headers: {
        Cookie: `postline_session=${session?.value}`,
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
  expect(crossSite.status).toBe(403);
  expect(crossSite.body).toContain("Cross-site request refused.");
});

test("with JavaScript off, Social Accounts connects through its picker and terms, and disconnects with its confirmation", async ({
  journey: { page, baseUrl },
}) => {
  await registerViaApi(page, newUser("Ines Okafor"));
  await page.goto("/settings?tab=accounts");

  // The picker and the terms are steps of the page (?connect=), the consent start a link.
  await page.getByRole("link", { name: "Connect Social Account" }).click();
  await page.waitForURL("**/settings?tab=accounts&connect=pick");
  const picker = page.getByRole("region", { name: "Connect Your Social Account" });
  await picker.getByRole("link", { name: /^TikTok/ }).waitFor();
  await picker.getByRole("link", { name: /^X \(Twitter\)/ }).click();
  await page.waitForURL("**/settings?tab=accounts&connect=twitter");
  await page.getByRole("region", { name: "Terms & Privacy Policy" }).getByText("Data we collect:").waitFor();
  await page.getByRole("link", { name: "Accept & Continue" }).click();
  await page.waitForURL(/\/sandbox\//);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/settings\?tab=accounts/);
  const card = page.getByTestId("account-card");
  await card.getByText("Connected").waitFor();

  // Analytics renders on the server: Sync Data posts to the page's action, and its tabs are links.
  await page.goto("/analytics");
  await page.getByText("Not synced yet").waitFor();
  await page.getByRole("button", { name: "Sync Data" }).click();
  await page.getByRole("status").filter({ hasText: "Successfully synced analytics" }).waitFor();
  await page.getByText(/^Last synced /).waitFor();
  await page.getByRole("tab", { name: "Growth" }).click();
  await page.waitForURL("**/analytics?period=30d&tab=growth");
  await page.getByRole("tabpanel").getByText("Net growth").first().waitFor();

  // A scheduled post uses the account, so the first Disconnect asks first and names it.
  const request = page.context().request;
  const headers = { Origin: baseUrl };
  const x = (await (await request.get("/api/accounts")).json()).data.accounts[0] as { _id: string };
  const zone = "Asia/Tokyo";
  expect((await request.put("/api/users/timezone", { data: { timezone: zone }, headers })).status()).toBe(200);
  const scheduledDate = new Date(Date.now() + 2 * 3600_000).toISOString();
  const upload = await request.post("/api/media/upload", {
    multipart: { files: { name: "a.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(1080, 1080)) } },
    headers,
  });
  const created = await request.post("/api/posts", {
    data: {
      content: "Friday's opening hours",
      platforms: ["twitter"],
      selectedAccounts: { twitter: [x._id] },
      images: [(await upload.json()).data[0].id],
      status: "scheduled",
      scheduledDate,
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/settings?tab=accounts");
  await card.getByRole("link", { name: "Disconnect account" }).click();
  await page.waitForURL(`**/settings?tab=accounts&disconnect=${x._id}`);
  const confirm = page.getByRole("region", { name: "Disconnect Account" });
  await confirm.getByText("This action cannot be undone.", { exact: false }).waitFor();
  await confirm.getByRole("button", { name: "Yes, Disconnect Account" }).click();
  const held = confirm.getByRole("list", { name: "Scheduled posts on this account" });
  await held.getByText("Friday's opening hours").waitFor();
  // Its time in the user's timezone (the server renders it), not the server's.
  await held.getByText(formatDateTime(scheduledDate, zone)).waitFor();
  await confirm.getByRole("button", { name: "Disconnect Anyway" }).click();
  await page.getByRole("status").filter({ hasText: "Account disconnected successfully" }).waitFor();
  await page.getByText("No accounts connected").waitFor();
  expect((await (await request.get("/api/accounts")).json()).data.accounts).toEqual([]);
});

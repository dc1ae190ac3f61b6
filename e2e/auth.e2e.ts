import { expect, test } from "./browser";
import { codeFromMailbox, gotoHydrated, logoutViaMenu, newUser, registerViaApi, signInViaUi, toast } from "./helpers";

test("a newcomer signs up, signs out, signs in, resets a forgotten password and changes it in Settings", async ({
  journey: { page },
}) => {
  const user = newUser();
  const registerCalls: string[] = [];
  page.on(
    "request",
    (r) => r.method() === "POST" && new URL(r.url()).pathname === "/auth.data" && registerCalls.push(r.url()),
  );

  await gotoHydrated(page, "/auth");

  // A bad email is caught in the browser with the spec's message, before any request.
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full Name").fill(user.name);
  await page.getByLabel("Email").fill("ann.example.com");
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm Password").fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  expect(await page.getByRole("alert").innerText()).toBe("Please enter a valid email address");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Create Account" }).click();
  expect(await page.getByRole("alert").innerText()).toBe("Please accept the terms and conditions");
  expect(registerCalls).toHaveLength(0);

  // Pasting into a password field is refused with a tooltip.
  const confirm = page.getByLabel("Confirm Password");
  await confirm.dispatchEvent("paste");
  await page.getByRole("tooltip").filter({ hasText: "Copy Paste is not permitted" }).waitFor();

  // The terms are read and accepted from the modal.
  await page.getByRole("button", { name: "Terms and Conditions" }).click();
  const terms = page.getByRole("dialog", { name: "Terms and Conditions" });
  await terms.getByText("Effective July 14, 2025").waitFor();
  await terms.getByRole("button", { name: "Accept and Continue" }).click();
  await terms.waitFor({ state: "detached" });
  expect(await page.getByRole("checkbox").isChecked()).toBe(true);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/dashboard");
  await toast(page, `Welcome to Postline, ${user.name}!`);
  await page.getByText(`Welcome, ${user.name}`).waitFor();
  expect(registerCalls).toHaveLength(1);

  // Sign out, then back in.
  await logoutViaMenu(page);
  await signInViaUi(page, user.email, user.password);
  await page.waitForURL("**/dashboard");
  await toast(page, `Welcome back, ${user.name}!`);

  // Forgot password → code from the dev mailbox → verify → reset → sign in with the new password.
  await logoutViaMenu(page);
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send OTP" }).click();
  await toast(page, "OTP sent to your email!");
  const code = await codeFromMailbox(page, user.email);
  const otp = page.getByLabel("Verification Code");
  await otp.fill(`${code}99`);
  expect(await otp.inputValue()).toBe(code); // six digits at most
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await toast(page, "OTP verified successfully!");
  const resetPassword = "second-pass2";
  await page.getByLabel("New Password", { exact: true }).fill(resetPassword);
  await page.getByLabel("Confirm New Password").fill("mismatch-99");
  await page.getByRole("button", { name: "Reset Password" }).click();
  expect(await page.getByRole("alert").innerText()).toBe("Passwords do not match");
  await page.getByLabel("Confirm New Password").fill(resetPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await toast(page, "Password reset successfully!");
  await page.getByRole("tab", { name: "Sign In" }).waitFor();
  await signInViaUi(page, user.email, resetPassword);
  await page.waitForURL("**/dashboard");

  // Change the password in Settings: verify the current one, then update.
  await page.getByRole("link", { name: "Settings" }).click();
  await page.waitForURL("**/settings");
  const profile = page.getByRole("tabpanel", { name: "Profile" });
  await profile.getByText(user.email).waitFor();
  await profile.getByText(user.name).waitFor();
  await page.getByRole("button", { name: "Update Password" }).click();
  expect(await page.getByLabel("New Password", { exact: true }).isDisabled()).toBe(true);
  await page.getByLabel("Current Password", { exact: true }).fill(resetPassword);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await page.getByRole("status").filter({ hasText: "Password verified! You can now set a new password." }).waitFor();
  const finalPassword = "third-pass3";
  await page.getByLabel("New Password", { exact: true }).fill(finalPassword);
  await page.getByLabel("Confirm New Password", { exact: true }).fill(finalPassword);
  await page.getByRole("button", { name: "Show new password" }).click();
  expect(await page.getByLabel("New Password", { exact: true }).getAttribute("type")).toBe("text");
  await page.getByRole("button", { name: "Update Password" }).click();
  await page.getByRole("status").filter({ hasText: "Password updated successfully" }).waitFor();
  await page.getByRole("button", { name: "Update Password" }).waitFor(); // the form closed

  await logoutViaMenu(page);
  await signInViaUi(page, user.email, finalPassword);
  await page.waitForURL("**/dashboard");
});

test("a protected page sends a signed-out visitor to sign in and back to where they were going", async ({
  journey: { page, expectStatus },
}) => {
  const user = newUser("Bo Chen");
  await registerViaApi(page, user);
  await page.context().clearCookies();

  await gotoHydrated(page, "/settings?tab=billing");
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
    "/auth?redirectTo=%2Fsettings%3Ftab%3Dbilling",
  );

  expectStatus(401, "/auth.data");
  await signInViaUi(page, user.email, "wrong-password");
  await toast(page, "Invalid email or password");

  const pageView = page.waitForRequest(
    (r) => r.url().endsWith("/api/events") && r.postDataJSON()?.path === "/settings?tab=billing",
  );
  await signInViaUi(page, user.email, user.password);
  await page.waitForURL("**/settings?tab=billing");
  await pageView;
  await page.getByRole("heading", { name: "Billing & Subscription" }).waitFor();
  expect(await page.getByRole("tab", { name: "Billing" }).getAttribute("aria-selected")).toBe("true");
  await page.getByRole("button", { name: "Get Updates" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: "You'll be notified when billing features are available!" })
    .waitFor();
  expect(await page.getByRole("link", { name: "Contact Sales" }).getAttribute("href")).toBe(
    "mailto:sales@postline.app",
  );

  // Switching tabs writes the tab back to the address.
  await page.getByRole("tab", { name: "Social Accounts" }).click();
  await page.waitForURL("**/settings?tab=accounts");
  await page.getByText("No accounts connected").waitFor();

  // A signed-in visitor is sent away from /auth.
  await page.goto("/auth");
  await page.waitForURL("**/dashboard");
});

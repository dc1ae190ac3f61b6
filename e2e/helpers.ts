import type { Page } from "playwright-core";

let counter = 0;
export function newUser(name = "Ann Lee") {
  counter += 1;
  return { name, email: `e2e-${Date.now()}-${counter}@example.com`, password: "first-pass1" };
}

/** Waits for a toast with exactly this text (sonner renders each as a list item). */
export async function toast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();
}

export async function signUpViaUi(page: Page, user: { name: string; email: string; password: string }) {
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm Password").fill(user.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
}

export async function signInViaUi(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function logoutViaMenu(page: Page) {
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL("**/auth");
  await toast(page, "Logged out successfully");
}

/** Reads the newest reset code mailed to `email` from the dev mailbox, in a second tab. */
export async function codeFromMailbox(page: Page, email: string): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto("/dev/mailbox");
    const text = await mailbox.getByRole("article", { name: new RegExp(`to ${email.replace(/[.+]/g, "\\$&")}`) }).first().innerText();
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code in mail to ${email}: ${text}`);
    return code;
  } finally {
    await mailbox.close();
  }
}

/** Registers through the API from the browser's context, so the session cookie lands in the browser. */
export async function registerViaApi(page: Page, user: { name: string; email: string; password: string }) {
  const res = await page.context().request.post("/api/auth/register", {
    data: { displayName: user.name, email: user.email, password: user.password },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
}

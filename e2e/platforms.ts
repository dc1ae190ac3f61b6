import type { Locator, Page } from "playwright-core";
import { expect } from "./browser";

/**
 * Connects a platform the way a user does: the app's connect route, the emulator's consent page, Approve.
 * The accounts tab it returns to shows the platforms' profile pictures from their own hosts, which the CSP
 * blocks (a console error outside this journey's subject), so the journey follows the redirects itself
 * and the browser stays on a blank page.
 */
export async function connectViaConsent(page: Page, platform: string) {
  await page.route(/\/sandbox\//, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const consent = await route.fetch({ maxRedirects: 0 });
    const callback = await page.context().request.get(consent.headers().location!, { maxRedirects: 0 });
    expect(callback.headers().location).toContain(`connected=${platform}`);
    await route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><link rel=icon href=data:,><p>Journey: account connected</p>",
    });
  });
  await page.goto(`/api/auth/${platform}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByText("Journey: account connected").waitFor();
  await page.unrouteAll();
}

/** The first whole minute at least `leadMs` from now: the composer's Later picker has minute granularity. */
export function nextMinuteAtLeast(leadMs: number, now = Date.now()): number {
  return Math.ceil((now + leadMs) / 60_000) * 60_000;
}

/** Picks `at` in the composer's Later fields, for a user whose zone is UTC. */
export async function pickLaterUtc(composer: Locator, at: number) {
  const d = new Date(at);
  const hours = d.getUTCHours();
  await composer.getByLabel("Later").check();
  await composer.getByLabel("Date").fill(d.toISOString().slice(0, 10));
  await composer.getByLabel("Hour").selectOption(String(hours % 12 === 0 ? 12 : hours % 12));
  await composer.getByLabel("Minute").selectOption(String(d.getUTCMinutes()).padStart(2, "0"));
  await composer.getByLabel("AM or PM").selectOption(hours < 12 ? "AM" : "PM");
}

/** Runs the Worker's cron once, as Cloudflare would each minute (the e2e server does not run it by itself). */
export async function runCron(baseUrl: string) {
  const res = await fetch(`${baseUrl}/cdn-cgi/local/scheduled`);
  expect(res.status).toBe(200);
}

/**
 * Completes the sandbox's consent page for `authUrl` as a person would: every offered permission kept, `choice`
 * picked, Approve. Returns the authorization code from the redirect, for an SDK to exchange.
 */
export async function approveConsent(authUrl: string, choice: string): Promise<string> {
  const html = await (await fetch(authUrl, { headers: { Accept: "text/html" } })).text();
  const body = new URLSearchParams(new URL(authUrl).searchParams);
  for (const [k, v] of Object.entries({ choice, decision: "approve", scope_choice: "1" })) body.set(k, v);
  for (const [, scope] of html.matchAll(/name="grant_scope" value="([^"]+)" checked/g))
    body.append("grant_scope", scope!);
  const res = await fetch(authUrl.split("?")[0]!, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body,
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("Location")!).searchParams.get("code")!;
}

import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "../e2e/chromium.ts";

/** The first-load budget of every page measured (gzip). */
export const FIRST_LOAD_BUDGET = 130 * 1024;

/**
 * The JavaScript a first visit downloads, measured in Chromium: every script the page fetches until it has
 * hydrated (its page-view event goes out from an effect) and the network has gone quiet. That counts what the
 * HTML names (scripts, module preloads) and what hydration fetches on its own (Settings' open tab, ADR 045),
 * and leaves out what loads only when used (menus, dialogs, the toasts, the timezone combobox).
 * Returns gzip bytes per path, with `cookie` (a signed-in session) sent on every request when given.
 */
export async function firstLoadJs(baseUrl: string, paths: string[], cookie?: string): Promise<Map<string, number>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const sizes = new Map<string, number>();
  const gzipped = new Map<string, number>();
  try {
    for (const path of paths) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        extraHTTPHeaders: cookie ? { Cookie: cookie } : {},
      });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.add(r.url());
      });
      const hydrated = page.waitForRequest((r) => r.url().endsWith("/api/events") && r.method() === "POST");
      await page.goto(path, { waitUntil: "networkidle" });
      await hydrated;
      await page.waitForLoadState("networkidle");
      let total = 0;
      for (const url of scripts) {
        if (!gzipped.has(url)) gzipped.set(url, gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length);
        total += gzipped.get(url)!;
      }
      sizes.set(path, total);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return sizes;
}

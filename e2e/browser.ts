import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { test as base, inject } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";
import { droppedByDevServer, serverLog } from "./dev-server";

/**
 * The server of the vitest worker running this file: global-setup.ts starts one per worker, so the journeys
 * that run side by side never share a database, an emulator clock or a cron.
 */
export function serverUrl(): string {
  const urls = inject("baseUrls");
  const url = urls[Number(process.env.VITEST_POOL_ID ?? 1) - 1];
  if (!url) throw new Error(`no e2e server for VITEST_POOL_ID=${process.env.VITEST_POOL_ID} (${urls.length} started)`);
  return url;
}

let journeys = 0;
/**
 * Every request of one browser comes from its own client address. The sign-in rate limits count per IP
 * (`CF-Connecting-IP`, which Cloudflare sets in production and local workerd passes through), so one
 * journey's sign-ins never push another over the limit, while the limits still apply within a journey.
 */
function clientIp(): string {
  journeys += 1;
  return `10.${process.pid & 255}.${(journeys >> 8) & 255}.${journeys & 255}`;
}

/**
 * A fresh Chromium with its own profile directory (so no cookies or storage leak between journeys);
 * `javaScriptEnabled: false` for the journeys that prove the pages work as plain HTML.
 */
export async function launchBrowser(
  viewport = { width: 1280, height: 800 },
  { javaScriptEnabled = true } = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), "postline-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    javaScriptEnabled,
    baseURL: serverUrl(),
    extraHTTPHeaders: { "CF-Connecting-IP": clientIp() },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface Journey {
  page: Page;
  baseUrl: string;
  /** Declares a 4xx/5xx answer the journey provokes on purpose (matched on the URL path). */
  expectStatus(status: number, path: string | RegExp): void;
}

const slug = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 100);

/**
 * `journey` gives each test a page in a fresh browser. Any console error, page error, failed request
 * or unexpected 4xx/5xx response fails the test; on failure a screenshot lands in test-results/.
 */
const journeyTest = (options: { javaScriptEnabled?: boolean } = {}) =>
  base.extend<{ journey: Journey }>({
    journey: async ({ task }, use) => {
      const { context, close } = await launchBrowser(undefined, options);
      const page = context.pages()[0] ?? (await context.newPage());
      const problems: string[] = [];
      const expected: Array<{ status: number; path: string | RegExp }> = [];
      const isExpected = (status: number, url: string) => {
        const { pathname } = new URL(url);
        return expected.some(
          (e) => e.status === status && (typeof e.path === "string" ? e.path === pathname : e.path.test(pathname)),
        );
      };

      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const status = /status of (\d{3})/.exec(msg.text())?.[1];
        if (status && isExpected(Number(status), msg.location().url)) return;
        problems.push(`console error: ${msg.text()} (${msg.location().url})`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("requestfailed", (request) => {
        const reason = request.failure()?.errorText ?? "";
        // ERR_ABORTED is the browser cancelling a request because the journey navigated away (page.goto).
        // With JavaScript off, Chromium refuses the page's module preloads (reported as "csp"): expected.
        const noScript = options.javaScriptEnabled === false && reason === "csp" && request.resourceType() === "script";
        if (reason !== "net::ERR_ABORTED" && !noScript)
          problems.push(`request failed: ${request.method()} ${request.url()} ${reason}`);
      });
      page.on("response", (response) => {
        if (response.status() >= 400 && !isExpected(response.status(), response.url())) {
          problems.push(`unexpected ${response.status()}: ${response.request().method()} ${response.url()}`);
        }
      });

      await use({ page, baseUrl: serverUrl(), expectStatus: (status, path) => expected.push({ status, path }) });

      if (task.result?.state === "fail" || problems.length > 0) {
        const dir = join(process.cwd(), "test-results");
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: join(dir, `${slug(task.name)}.png`), fullPage: true }).catch(() => {});
      }
      if (task.result?.state === "fail") {
        // CI keeps only the log, not test-results/: what the page said and what went wrong must be in it.
        const snapshot = await page
          .locator("body")
          .ariaSnapshot({ timeout: 5_000 })
          .catch((e: Error) => `(no snapshot: ${e.message})`);
        console.error(
          `Journey "${task.name}" ended at ${page.url()}\n` +
            `Problems seen: ${problems.length ? problems.join("\n") : "none"}\n` +
            `The page's accessibility tree:\n${snapshot.slice(0, 6_000)}`,
        );
      }
      await close();
      const unexplained = await withoutDevServerDrops(problems);
      if (unexplained.length > 0) throw new Error(`The journey hit problems:\n${unexplained.join("\n")}`);
    },
  });

/** The problems left once the 500s the dev server's own proxy made (see `droppedByDevServer`) are set aside. */
async function withoutDevServerDrops(problems: string[]): Promise<string[]> {
  const is500 = (p: string) => p.startsWith("unexpected 500:") || p.includes("status of 500");
  if (!problems.some(is500) || !existsSync(serverLog())) return problems;
  // The proxy reports the drop to wrangler a moment after the browser sees the 500.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const dropped = droppedByDevServer(readFileSync(serverLog(), "utf8"));
  const excused = (p: string) => is500(p) && [...dropped].some((url) => p.includes(url));
  for (const p of problems.filter(excused)) console.warn(`dropped by wrangler's dev proxy, not the app: ${p}`);
  return problems.filter((p) => !excused(p));
}

export const test = journeyTest();
/** The same journey in a browser with JavaScript off: every page is plain server-rendered HTML and forms. */
export const noJsTest = journeyTest({ javaScriptEnabled: false });

export { expect } from "vitest";

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { test as base, inject } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";

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
 * Every request of one browser context comes from its own client address. The sign-in rate limits count per IP
 * (`CF-Connecting-IP`, which Cloudflare sets in production and local workerd passes through), so one
 * journey's sign-ins never push another over the limit, while the limits still apply within a journey.
 */
function clientIp(): string {
  journeys += 1;
  return `10.${process.pid & 255}.${(journeys >> 8) & 255}.${journeys & 255}`;
}

/**
 * Installed in each document as it is parsed (before the app can have toasted): notes each toast's text as it is
 * shown (or changes), for `toast()` (helpers.ts). A success toast is on screen for 2 s; on a loaded machine a
 * locator polled from outside the page can look before it appears and again after it has gone, so what the page
 * showed is recorded inside it. (Not an init script: those run in every frame, and a sandboxed one logs an error.)
 */
function recordToasts() {
  if ("__toastsSeen" in window) return;
  const seen: string[] = [];
  const last = new WeakMap<Element, string>();
  Object.assign(window, { __toastsSeen: seen });
  const note = () => {
    for (const el of document.querySelectorAll("[data-sonner-toast]")) {
      const text = el.textContent ?? "";
      if (last.get(el) !== text) seen.push(text);
      last.set(el, text);
    }
  };
  new MutationObserver((records) => {
    const toaster = "section[aria-label^='Notifications']";
    if (records.some((r) => (r.target instanceof Element ? r.target : r.target.parentElement)?.closest(toaster)))
      note();
  }).observe(document, { childList: true, subtree: true, characterData: true });
  note();
}

/** The options of a journey's browser context: its viewport, and whether JavaScript runs. */
type ContextOptions = { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean };

/**
 * A fresh browser context (its own cookies, storage and cache, so nothing leaks between journeys) in the vitest
 * worker's one Chromium: a context opens in a fraction of a second where launching a browser took ~2 s per journey
 * (ADR 031). `javaScriptEnabled: false` for the journeys that prove the pages work as plain HTML.
 */
async function openContext(
  chromiumOfWorker: () => Promise<Browser>,
  { viewport = { width: 1280, height: 800 }, javaScriptEnabled = true }: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await (await chromiumOfWorker()).newContext({
    viewport,
    javaScriptEnabled,
    // Charts, toasts and transitions settle at once instead of animating frame by frame: the frames cost
    // Chromium's renderer and compositor most of a journey's CPU, and the pages must work this way for the
    // people who ask for reduced motion anyway.
    reducedMotion: "reduce",
    baseURL: serverUrl(),
    extraHTTPHeaders: { "CF-Connecting-IP": clientIp() },
  });
  // The server closes a kept-alive connection after a few idle seconds; a request written to it at that instant
  // fails with ECONNRESET before the server reads it. A browser sends it again on a new connection; Playwright's own
  // request client (the journeys' API calls) does only when asked, and then on ECONNRESET alone.
  const { request } = context;
  const fetch = request.fetch.bind(request);
  request.fetch = (url, options) => fetch(url, { maxRetries: 2, ...options });
  // A page that navigates on meanwhile gets its recorder at its own next document.
  if (javaScriptEnabled)
    context.on("page", (page) => page.on("domcontentloaded", () => void page.evaluate(recordToasts).catch(() => {})));
  return context;
}

export interface Journey {
  page: Page;
  baseUrl: string;
  /** Declares a 4xx/5xx answer the journey provokes on purpose (matched on the URL path). */
  expectStatus(status: number, path: string | RegExp): void;
  /** A second person's browser (own cookies and storage) on the same server; `close` it when done. */
  openBrowser(viewport?: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void> }>;
}

const slug = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 100);

/**
 * One Chromium per vitest worker, started when a journey first needs it (once, even for journeys that start side
 * by side) and again should it ever exit, so a crash costs one journey, not the rest of the worker's files; closed
 * when the worker ends.
 */
const withChromium = base.extend<{ $worker: { chromiumOfWorker: () => Promise<Browser> } }>({
  chromiumOfWorker: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      let browser: Promise<Browser> | undefined;
      const launch = () => {
        browser = chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
        return browser;
      };
      await use(async () => {
        const running = await (browser ?? launch());
        return running.isConnected() ? running : launch();
      });
      await (await browser)?.close();
    },
    { scope: "worker" },
  ],
});

/**
 * `journey` gives each test a page in a fresh browser context. Any console error, page error, failed request
 * or unexpected 4xx/5xx response fails the test; on failure a screenshot lands in test-results/.
 */
const journeyTest = (options: { javaScriptEnabled?: boolean } = {}) =>
  withChromium.extend<{ journey: Journey }>({
    journey: async ({ task, chromiumOfWorker }, use) => {
      const context = await openContext(chromiumOfWorker, options);
      const page = await context.newPage();
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

      const openBrowser = async (viewport?: { width: number; height: number }) => {
        const other = await openContext(chromiumOfWorker, { viewport });
        return { page: await other.newPage(), close: () => other.close() };
      };
      await use({
        page,
        baseUrl: serverUrl(),
        expectStatus: (status, path) => expected.push({ status, path }),
        openBrowser,
      });

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
      // Closing a context tears its pages down mid-request (a revalidation's body stream, say), and the page reports
      // that as it goes: what it says then is the teardown's, not the journey's (a launched browser, closed whole,
      // said nothing).
      const seen = [...problems];
      await context.close();
      if (seen.length > 0) throw new Error(`The journey hit problems:\n${seen.join("\n")}`);
    },
  });

export const test = journeyTest();
/** The same journey in a browser with JavaScript off: every page is plain server-rendered HTML and forms. */
export const noJsTest = journeyTest({ javaScriptEnabled: false });

export { expect } from "vitest";

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { crc32, deflateSync } from "node:zlib";
import { TZDate } from "@date-fns/tz";
import type { AxeResults } from "axe-core";
import type { Locator, Page, Request } from "playwright-core";
import { jpegBytes, mp4Bytes } from "../workers/test/media-fixtures";

/** The instant of a wall time on `day` (YYYY-MM-DD) in `zone`, as the API writes it (ISO 8601 in UTC). */
export function zonedIso(day: string, hour: number, minute: number, zone: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, minute, zone).getTime()).toISOString();
}

let counter = 0;
/**
 * The whole hour `ahead` hours on in UTC (a new user's zone) as a queue slot's HH:MM: 4 puts the next slot 3 to 4
 * hours away, so none comes round during a journey. A fixed 09:00 did, twice a day within the seconds between
 * queueing the first post and moving it, and the move was refused (its post no longer waiting in the queue).
 */
export function slotHoursOn(ahead: number, now = Date.now()): string {
  return `${String((new Date(now).getUTCHours() + ahead) % 24).padStart(2, "0")}:00`;
}

export function newUser(name = "Ann Lee") {
  counter += 1;
  return { name, email: `e2e-${Date.now()}-${counter}@example.com`, password: "first-pass1" };
}

/**
 * Waits until the page has shown a toast with this text (as recorded in the page, e2e/browser.ts), and counts it
 * as read: the next wait for the same text needs a toast shown again.
 */
export async function toast(page: Page, text: string) {
  await page.waitForFunction((wanted) => {
    // Not there yet right after a navigation: its recorder goes in as the document is parsed.
    const seen = (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? [];
    const at = seen.findIndex((shown) => shown.includes(wanted));
    if (at >= 0) seen.splice(at, 1);
    return at >= 0;
  }, text);
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
    const text = await mailbox
      .getByRole("article", { name: new RegExp(`to ${email.replace(/[.+]/g, "\\$&")}`) })
      .first()
      .innerText();
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code in mail to ${email}: ${text}`);
    return code;
  } finally {
    await mailbox.close();
  }
}

/** Picks networks in the composer by their button and ticks each one's first account. */
export async function chooseChannels(composer: Locator, ...networks: string[]) {
  for (const network of networks) {
    await composer.getByRole("button", { name: new RegExp(`^${network}( |$)`) }).click();
    await composer
      .getByRole("group", { name: `${network} accounts` })
      .getByRole("checkbox")
      .first()
      .check();
  }
}

/** Registers through the API from the browser's context, so the session cookie lands in the browser. */
export async function registerViaApi(page: Page, user: { name: string; email: string; password: string }) {
  const res = await page.context().request.post("/api/auth/register", {
    data: { displayName: user.name, email: user.email, password: user.password },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
}

/**
 * Opens a page and waits until React has hydrated it: the page-view event is sent from an effect,
 * so once it goes out, clicks and key presses reach the app's handlers. Only the event of the page we land on
 * (after any redirect) counts: the page being left may still send one (Settings tidies `?connected=` off its URL
 * after the OAuth toast), and taking that for this page's made a journey click before hydration.
 * Then axe audits it, unless `audit: false` says an earlier step of the same file audited this page as it is.
 */
export async function gotoHydrated(page: Page, path: string, { audit = true } = {}) {
  const viewed = new Set<string>();
  let landed: string | null = null;
  let done: () => void = () => {};
  const hydrated = new Promise<void>((resolve) => {
    done = resolve;
  });
  const onRequest = (r: Request) => {
    if (!r.url().endsWith("/api/events") || r.method() !== "POST") return;
    const event = r.postDataJSON() as { name?: string; path?: string } | null;
    if (event?.name !== "page_view" || !event.path) return;
    viewed.add(new URL(event.path, "http://x").pathname);
    if (landed && viewed.has(landed)) done();
  };
  page.on("request", onRequest);
  try {
    const response = await page.goto(path);
    landed = new URL(page.url()).pathname;
    if (viewed.has(landed)) done();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${landed} never sent its page view (not hydrated)`)), 30_000);
    });
    await Promise.race([hydrated, timeout]).finally(() => clearTimeout(timer));
    if (audit) await expectAccessible(page);
    return response;
  } finally {
    page.off("request", onRequest);
  }
}

let axeSource: string | undefined;

/**
 * Runs axe-core on what the page shows now and fails on any serious or critical violation, listing each
 * rule, the elements it found and axe's help text. The source goes in through DevTools (an evaluation), outside
 * the page's CSP, so the app's nonce-only script policy stays as it is in production. It goes in when an audit
 * needs it, not as an init script: that parsed its 550 kB on every document a context opened (OAuth consent
 * pages, a second person's pages, pages never audited), 13 % more of the journeys' CPU (bench/RESULTS.md).
 */
export async function expectAccessible(page: Page, what = new URL(page.url()).pathname): Promise<void> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // Judge what the page settles on: a toast fading in is part-transparent, and on a loaded machine axe can catch
  // it there and measure a contrast nobody reads (spinners, which never finish, are left running).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe;
    const { violations } = await axe.run({ resultTypes: ["violations"] });
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
  });
  if (violations.length > 0) throw new Error(`Accessibility violations on ${what}:\n  ${violations.join("\n  ")}`);
}

/** A real, decodable PNG: width × height of one RGB colour. */
export function png(width: number, height: number, rgb: [number, number, number] | "noise"): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  // Noise does not compress: a PNG of it is as large as its pixels (a photo-sized file from a few lines).
  const row = () =>
    Buffer.concat([
      Buffer.from([0]),
      rgb === "noise" ? randomBytes(width * 3) : Buffer.from(Array.from({ length: width }, () => rgb).flat()),
    ]);
  const pixels = Buffer.concat(Array.from({ length: height }, row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(pixels, rgb === "noise" ? { level: 0 } : {})),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Follows the invitation mailed to `email` (read in the dev mailbox) and returns its path. */
export async function invitePath(page: Page, email: string): Promise<string> {
  await page.goto("/dev/mailbox");
  const mail = await page.getByRole("article", { name: new RegExp(`to ${email.replace(/[.+]/g, "\\$&")}`) }).first();
  const path = /\/invite\/[\w-]+/.exec(await mail.innerText())?.[0];
  if (!path) throw new Error(`no invitation in mail to ${email}`);
  return path;
}

/** What a journey attaches: a JPEG, a photo-like PNG (`photo`) or an MP4 of `seconds` (`seconds`). */
type JourneyMedia = { name: string; width: number; height: number; photo?: boolean; seconds?: number };

async function mediaFile({ name, width, height, photo, seconds }: JourneyMedia) {
  if (seconds) return { name, mimeType: "video/mp4", buffer: Buffer.from(await mp4Bytes({ width, height, seconds })) };
  // A photo is a real PNG of noise the browser can decode (and that compresses like a photograph).
  if (photo) return { name, mimeType: "image/png", buffer: png(width, height, "noise") };
  return { name, mimeType: "image/jpeg", buffer: Buffer.from(jpegBytes(width, height)) };
}

/**
 * The start of most publishing journeys: a JPEG (or PNG, or MP4) uploaded to the library through the API, the
 * Content Hub's composer opened, `networks` picked, `text` written and the file attached from the library.
 */
export async function composeWithImage(
  page: Page,
  baseUrl: string,
  post: { networks: string[]; text: string; image: JourneyMedia },
): Promise<Locator> {
  const { name } = post.image;
  const file = await mediaFile(post.image);
  const upload = await page.context().request.post("/api/media/upload", {
    multipart: {
      files: file,
      folder: "general",
    },
    headers: { Origin: baseUrl },
  });
  if (upload.status() !== 201) throw new Error(`upload failed: ${upload.status()} ${await upload.text()}`);
  await gotoHydrated(page, "/content");
  await page.getByRole("button", { name: "Create Post" }).click();
  const composer = page.getByRole("dialog", { name: "Create Post" });
  await chooseChannels(composer, ...post.networks);
  await composer.getByLabel("Content", { exact: true }).fill(post.text);
  await composer.getByRole("button", { name: "Choose from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Media Library" });
  await picker.getByRole("option", { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).click();
  await picker.getByRole("button", { name: "Add 1 Item(s) to Post" }).click();
  return composer;
}

const DRAG_LAYER = /\/assets\/DragLayer-[\w-]+\.js$/;

/**
 * Holds the drag layer's chunk (ADR 045) until `release()`, so a step runs on the area before @dnd-kit has come:
 * `url()` is the chunk's once the page has asked for it; `stop()` lets later requests through untouched.
 */
export async function holdDragLayer(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let url = "";
  await page.route(DRAG_LAYER, async (route) => {
    url = route.request().url();
    await held;
    await route.continue();
  });
  return { release, url: () => url, stop: () => page.unroute(DRAG_LAYER) };
}

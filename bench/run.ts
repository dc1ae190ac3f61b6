import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { gzipSync } from "node:zlib";
import {
  applyMigrations,
  BENCH_SHARDS,
  type LocalWorker,
  logFile,
  root,
  startLocalWorker,
  threeShardConfig,
  workerEnv,
} from "../scripts/local-worker.ts";
import { PLATFORMS } from "../workers/platform-profile/types.ts";
import { LIVE_ENDPOINTS } from "../workers/platforms/endpoints.ts";
import { jpegBytes } from "../workers/test/media-fixtures.ts";
import { accountDayRow, capacityRow } from "./capacity.ts";
import { FIRST_LOAD_BUDGET, firstLoadJs } from "./first-load.ts";
import { BenchClient } from "./http.ts";
import { inboxRows, seedInbox } from "./inbox.ts";
import { ingestRow, seedIngestPages } from "./inbox-ingest.ts";
import { ANALYTICS_BUDGET, readRows } from "./latency.ts";
import { shortLinkRows } from "./links.ts";
import { d1File, type SeedFiles, seedAnalytics } from "./seed.ts";
import { seedFiles } from "./shards.ts";
import { inParallel, settledInFile, stagedVideoRow, textBurstRows } from "./staging.ts";
import { type BenchRow, formatTable, kb, msFmt, percentile } from "./stats.ts";

/**
 * `npm run bench`: one table of ratios and budgets measured on the local workerd (see bench/README.md).
 * `--smoke` runs every row at a tiny size so the bench never rots; it fails only on errors, not budgets.
 */
const smoke = process.argv.includes("--smoke");
/**
 * `--analytics` runs only the analytics rows (seed + queries), for work on them alone, and the inbox rows after
 * them; `--analytics --only=analytics` leaves the inbox rows (and their seed) out.
 */
const analyticsOnly = process.argv.includes("--analytics");
/**
 * `--inbox` runs only the inbox rows (issue 40): the analytics seed at smoke size gives the user its accounts
 * and posts, then the inbox seed writes its full 1,000,000 items for the list rows, and 100 Facebook Pages take
 * the ingest row's 10,000 webhook comments.
 */
const inboxOnly = process.argv.includes("--inbox");
/** `--staging` runs only the publishing rows: staged videos, the burst, lag and duplicates (ADR 029, 034, 041). */
const stagingOnly = process.argv.includes("--staging");
/**
 * `--only=video,burst,lag` (with `--staging`) runs some of them; `video=youtube` one platform's video row.
 * Duplicates are always counted. With `--inbox`, `--only=ingest` runs the ingest row without the list rows and
 * their 1,000,000-item seed (`--only=list` the list rows alone). `--burst-accounts=N` sizes the burst (10 targets per account) for a step up.
 */
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = arg("only")?.split(",");
const runs = (row: string) => !only || only.some((o) => o === row || o.startsWith(`${row}=`));
const videoPlatforms = (["twitter", "linkedin", "youtube"] as const).filter(
  (p) => !only?.some((o) => o.startsWith("video=")) || only.includes(`video=${p}`),
);
const burstAccounts = arg("burst-accounts");
/** `--http` runs only the SSR and API latency rows (no seed), for work on them alone. */
const httpOnly = process.argv.includes("--http");
/** `--js` runs only the first-load JavaScript rows (no seed), for work on bundle sizes. */
const jsOnly = process.argv.includes("--js");
/** `--links` runs only the short-link rows (redirect vs bare, clicks on one link counted), for work on them alone. */
const linksOnly = process.argv.includes("--links");
/** `--link-clicks=N` sizes the clicks on one short link, for a step up to full size. */
const linkClicks = arg("link-clicks");
/** `--disk` keeps the run's local state on the disk (the OS temp folder) instead of a tmpfs, to compare (ADR 047). */
const onDisk = process.argv.includes("--disk");
/** `--keep` leaves the run's local state (the seeded D1 and the emulator's) and prints where, to probe it after. */
const keep = process.argv.includes("--keep");
const SIZE = smoke
  ? {
      requests: 15,
      tailRequests: 15,
      dashboardPosts: 20,
      pubAccounts: 2,
      pubPerAccount: 5,
      analyticsPosts: 300,
      snapshotsPerPost: 10,
      otherUsers: 3,
      staged: { accounts: 1, postsPerAccount: 2, videoBytes: 1024 * 1024, leadMs: 35_000 },
      burst: { accounts: 3, perAccount: 3, leadMs: 8_000 },
      links: { requests: 15, clicks: 200, width: 8 },
      inboxItems: 2_000,
      ingest: { items: 200, accounts: 10, deliveries: 10, spanMs: 2_000 },
    }
  : {
      requests: 200,
      // The rows judged by their p99 (analytics, the inbox list): of 1,000 samples the p99 is the tenth slowest, so
      // one pause of the host (a few hundred ms, the Worker idle) does not decide it, as it decides the second
      // slowest of 200 (bench/RESULTS.md, session 32's full runs).
      tailRequests: 1_000,
      dashboardPosts: 1_000,
      pubAccounts: 50,
      pubPerAccount: 20,
      analyticsPosts: 100_000,
      snapshotsPerPost: 10,
      otherUsers: 20,
      // Lead times leave room to connect, upload and schedule before the cron run that claims them.
      staged: { accounts: 5, postsPerAccount: 4, videoBytes: 50 * 1024 * 1024, leadMs: 150_000 },
      burst: { accounts: 1_000, perAccount: 10, leadMs: 20 * 60_000 },
      links: { requests: 500, clicks: 10_000, width: 32 },
      inboxItems: 1_000_000,
      ingest: { items: 10_000, accounts: 100, deliveries: 120, spanMs: 60_000 },
    };
if (linkClicks) SIZE.links.clicks = Number(linkClicks);
if (inboxOnly) Object.assign(SIZE, { analyticsPosts: 300, snapshotsPerPost: 2, otherUsers: 3 });
if (burstAccounts) {
  SIZE.burst.accounts = Number(burstAccounts);
  // Time to schedule and stage them (~12 targets a second on the shared machine), as 20 min is for 1,000 accounts.
  SIZE.burst.leadMs = Math.max(4 * 60_000, SIZE.burst.accounts * 1_200);
}

const rows: BenchRow[] = [];
const step = (what: string) => console.error(`bench: ${what}`);

/**
 * Where the run keeps its local state (D1, R2, queues, Durable Objects): /dev/shm, a tmpfs, when it has room.
 * Local D1 commits a write with an fsync on every call, reads included (workerd's stand-in for D1's bookmarks), on
 * the one thread all of the runtime's isolates share; on this machine's ext4 such an fsync now and then waits
 * 40-300 ms, and every request in flight waits with it. Deployed D1 does neither, so that wait is the local disk's,
 * not the Worker's (ADR 047). Full size needs ~10 GB: the seeded database and two copies of the staged videos.
 */
const TMPFS = "/dev/shm";
function stateRoot(): { dir: string; label: string } {
  const free = (() => {
    try {
      const fs = statfsSync(TMPFS);
      return fs.bavail * fs.bsize;
    } catch {
      return 0;
    }
  })();
  const needed = (smoke ? 1 : 12) * 1024 ** 3;
  if (!onDisk && free >= needed) return { dir: TMPFS, label: `tmpfs (${TMPFS})` };
  const why = onDisk ? "--disk" : `${TMPFS} has ${(free / 1024 ** 3).toFixed(1)} GiB free, under ${needed / 1024 ** 3}`;
  return { dir: tmpdir(), label: `disk (${tmpdir()}; ${why})` };
}
const state = stateRoot();
/** A route's p50 and p99 over its bare counterpart's, judged by `budget` on the p50 (null: reported, not judged). */
const ratioRow = (name: string, subject: number[], bare: number[], budget: number | null, note: string) => {
  const p50 = percentile(subject, 50) / percentile(bare, 50);
  const p99 = percentile(subject, 99) / percentile(bare, 99);
  rows.push({
    name,
    value: `p50 ${p50.toFixed(2)}× · p99 ${p99.toFixed(2)}×`,
    budget: budget === null ? "reported" : `≤ ${budget}×`,
    pass: budget === null || p50 <= budget,
    note,
  });
};

/**
 * `npm run bench` builds first: an earlier build would measure earlier code (a session-11 full run did). Run
 * directly (`node bench/run.ts`, and the smoke run after `npm test`'s own build), a missing build is made here.
 */
function ensureBuild() {
  if (!existsSync(join(root, "build/server/wrangler.json")))
    execFileSync("npm", ["run", "build"], { cwd: root, env: workerEnv, stdio: "inherit" });
}

/**
 * The Worker's size: what every isolate parses at start (the entry module and what it imports statically) and
 * the whole upload, lazy chunks included (the PDF renderer and its fonts' engine load only for a PDF, ADR 026).
 */
function bundleRows() {
  const out = mkdtempSync(join(tmpdir(), "postline-dry-"));
  try {
    const log = execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out], {
      cwd: root,
      env: workerEnv,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const m = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(log);
    if (!m) throw new Error("wrangler deploy --dry-run printed no upload size");
    const eagerKiB = eagerGzipBytes(join(out, "index.js")) / 1024;
    rows.push({
      name: "Worker start-up modules (gzip, deploy dry-run)",
      value: `${eagerKiB.toFixed(0)} KiB`,
      budget: "≤ 1024 KiB",
      pass: eagerKiB <= 1024,
      note: "entry module and its static imports",
    });
    const gzipKiB = Number(m[2]);
    rows.push({
      name: "Worker upload (gzip, deploy dry-run)",
      value: `${gzipKiB.toFixed(0)} KiB`,
      budget: "≤ 3072 KiB",
      pass: gzipKiB <= 3072,
      note: `${Number(m[1]).toFixed(0)} KiB raw; Cloudflare's Free plan limit is 3 MB`,
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Gzipped bytes of a module and every module it imports statically (`import(…)` chunks are left out). */
function eagerGzipBytes(entry: string): number {
  const seen = new Set<string>();
  const visit = (file: string): number => {
    if (seen.has(file)) return 0;
    seen.add(file);
    const code = readFileSync(file);
    const text = code.toString("utf8");
    let bytes = gzipSync(code).length;
    for (const [, spec] of text.matchAll(
      /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g,
    ))
      bytes += visit(join(dirname(file), spec as string));
    return bytes;
  };
  return visit(entry);
}

/**
 * The page and API rows on one layout: judged on one database (a first deploy's and `npm start`'s, where issue 43
 * set these budgets), reported on the three shards the analytics and publishing rows run on (ADR 132).
 */
async function pageAndApiRows(client: BenchClient, layout: "one database" | "three shards") {
  const judged = layout === "one database";
  const budget = (b: number) => (judged ? b : null);
  const email = `bench-ui-${Date.now()}@bench.local`;
  const { token, cookie } = await client.session(email, "bench-pass-1");
  // A few creates in flight at once: 1,000 one after another would take minutes on a loaded machine.
  await inParallel(Array.from({ length: SIZE.dashboardPosts }), 4, async (_, i) => {
    const res = await client.json("/api/posts", {
      token,
      body: { content: `Draft ${i} #bench`, platforms: ["instagram"], status: "draft" },
    });
    if (res.status !== 201) throw new Error(`creating a draft failed: ${res.body.message}`);
  });
  const auth = { Cookie: cookie };
  const bearer = { Authorization: `Bearer ${token}` };
  // Each route alternates with its bare counterpart, so load that comes and goes hits both alike.
  // The bare page is the 404 page for the same signed-in user: same session lookup, no loader work.
  const [bareSsr, dashboard] = await client.timeInterleaved(
    [
      ["/__bare", auth],
      ["/dashboard", auth],
    ],
    SIZE.requests,
  );
  ratioRow(
    `SSR /dashboard (${SIZE.dashboardPosts} posts) vs bare page, ${layout}`,
    dashboard!,
    bareSsr!,
    budget(1.3),
    `p50 ${msFmt(percentile(dashboard!, 50))}, p99 ${msFmt(percentile(dashboard!, 99))}; bare p50 ${msFmt(percentile(bareSsr!, 50))}`,
  );
  const [bareJson, postsList, dash] = await client.timeInterleaved(
    [
      ["/api/auth/me", bearer],
      ["/api/posts?limit=100", bearer],
      ["/api/dashboard", bearer],
    ],
    SIZE.requests,
  );
  ratioRow(
    `API GET /api/posts?limit=100 (${SIZE.dashboardPosts} posts) vs bare JSON, ${layout}`,
    postsList!,
    bareJson!,
    budget(1.2),
    `p50 ${msFmt(percentile(postsList!, 50))}; bare = /api/auth/me, p50 ${msFmt(percentile(bareJson!, 50))}`,
  );
  ratioRow(
    `API GET /api/dashboard vs bare JSON, ${layout}`,
    dash!,
    bareJson!,
    budget(1.3),
    `p50 ${msFmt(percentile(dash!, 50))}`,
  );
}

/**
 * Every signed-in page of app/routes.ts but the dashboard and Settings (measured apart), for a user with an account
 * connected: without one, Queue, Analytics and the inbox show only an empty state.
 */
const WITH_ACCOUNT_PAGES = [
  "/planner",
  "/content",
  "/content?tab=media",
  "/queue",
  "/analytics",
  "/import",
  "/approvals",
  "/agency",
  "/inbox",
  "/ai-assistant",
];

/** First-load JavaScript (bench/first-load.ts): /auth signed out, then signed-in pages; Settings by its heaviest tab. */
async function firstLoadRows(client: BenchClient) {
  const { cookie } = await client.session(`bench-js-${Date.now()}@bench.local`, "bench-pass-1");
  // Every tab Settings lists for this user (an owner sees them all), each its own first visit (ADR 045).
  const page = await (await fetch(`${client.baseUrl}/settings`, { headers: { Cookie: cookie } })).text();
  const tabs = [...new Set([...page.matchAll(/href="\?tab=([a-z]+)"/g)].map((m) => m[1]!))];
  // The smoke run proves the measurement still works on one page of each kind; the full run measures them all.
  const settings = (smoke ? tabs.slice(0, 1) : tabs).map((tab) => `/settings?tab=${tab}`);
  const withAccountPages = smoke ? WITH_ACCOUNT_PAGES.slice(0, 1) : WITH_ACCOUNT_PAGES;
  const signedOut = await firstLoadJs(client.baseUrl, ["/auth"]);
  const signedIn = await firstLoadJs(client.baseUrl, ["/dashboard", ...settings], cookie);
  const owner = await client.session(`bench-js-account-${Date.now()}@bench.local`, "bench-pass-1");
  await client.connect(owner.cookie, "linkedin");
  const withAccount = await firstLoadJs(client.baseUrl, withAccountPages, owner.cookie);
  const row = (name: string, bytes: number, note?: string) =>
    rows.push({
      name,
      value: kb(bytes),
      budget: `≤ ${kb(FIRST_LOAD_BUDGET)}`,
      pass: bytes <= FIRST_LOAD_BUDGET,
      note,
    });
  row("First-load JS /auth (gzip)", signedOut.get("/auth")!);
  row("First-load JS /dashboard (gzip)", signedIn.get("/dashboard")!);
  for (const path of withAccountPages)
    row(`First-load JS ${path} (gzip, an account connected)`, withAccount.get(path)!);
  const perTab = settings.map((path, i) => ({ tab: tabs[i]!, bytes: signedIn.get(path)! }));
  row(
    `First-load JS /settings, heaviest of ${tabs.length} tabs (gzip)`,
    Math.max(...perTab.map((t) => t.bytes)),
    perTab.map((t) => `${t.tab} ${(t.bytes / 1024).toFixed(1)}`).join(" · "),
  );
}

/** Many targets due in the same minute across many accounts: lag from due time to published, and duplicates. */
async function publishingRow(client: BenchClient, worker: LocalWorker, persistTo: string) {
  const prefix = `Bench post ${crypto.randomUUID().slice(0, 6)}`;
  const image = new File([jpegBytes(1200, 1200) as BlobPart], "bench.jpg", { type: "image/jpeg" });
  const users: Array<{ token: string; account: string; media: string }> = [];
  await inParallel(Array.from({ length: SIZE.pubAccounts }), 6, async (_, a) => {
    users.push(await client.owner(`bench-pub-${a}-${Date.now()}@bench.local`, "linkedin", image));
  });
  const total = SIZE.pubAccounts * SIZE.pubPerAccount;
  // The lead covers scheduling them all: at full size one after another took longer than the old 100 s lead,
  // so most were scheduled after their due time and the row measured the bench, not the publish.
  const dueAt = Math.ceil((Date.now() + (smoke ? 20_000 : 4 * 60_000)) / 1000) * 1000;
  await inParallel(Array.from({ length: total }), 6, async (_, n) => {
    const u = users[n % users.length]!;
    const res = await client.json<{ _id: string }>("/api/posts", {
      token: u.token,
      idempotencyKey: crypto.randomUUID(),
      body: {
        content: `${prefix} ${n} for ${u.account.slice(0, 8)}`,
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [u.account] },
        images: [u.media],
        status: "scheduled",
        scheduledDate: new Date(dueAt).toISOString(),
      },
    });
    if (res.status !== 201) throw new Error(`scheduling failed: ${res.body.message}`);
  });
  if (!smoke && Date.now() > dueAt - 50_000) throw new Error("the lag row took longer to schedule than its lead time");
  // The cron runs once a minute; the run before the due minute claims the targets and queues them to the second.
  await new Promise((r) => setTimeout(r, Math.max(0, dueAt - 50_000 - Date.now())));
  await worker.tick();
  // Read from the D1 file, so polling adds no work to the Worker while it publishes.
  const { lags, unfinished, notPublished } = await settledInFile(persistTo, prefix, total, dueAt + 5 * 60_000);
  return { total, lags, unfinished, notPublished };
}

/** Counts posts on the emulator that share a text: a duplicate publish shows up here after the run. */
function duplicateCount(persistTo: string): number {
  const db = new DatabaseSync(d1File(persistTo), { readOnly: true });
  const row = db
    .prepare(
      "SELECT count(*) AS n FROM (SELECT json_extract(data, '$.commentary') AS text, count(*) AS c FROM emu_objects WHERE platform = 'linkedin' AND kind = 'post' GROUP BY text HAVING c > 1)",
    )
    .get() as { n: number };
  // Staged videos (ADR 029): a second upload or a second publish of one post would share its title.
  const videos = db
    .prepare(
      "SELECT count(*) AS n FROM (SELECT json_extract(data, '$.snippet.title') AS title, count(*) AS c FROM emu_objects WHERE platform = 'youtube' AND kind = 'video' GROUP BY title HAVING c > 1)",
    )
    .get() as { n: number };
  // X refuses a duplicate text itself; a post published twice would still show here had it slipped through.
  const tweets = db
    .prepare(
      "SELECT count(*) AS n FROM (SELECT json_extract(data, '$.text') AS text, count(*) AS c FROM emu_objects WHERE platform = 'twitter' AND kind = 'tweet' GROUP BY text HAVING c > 1)",
    )
    .get() as { n: number };
  db.close();
  return row.n + videos.n + tweets.n;
}

/** The overview and every analytics tab for one user among many: time and the D1 rows each request read. */
const ANALYTICS_PATHS = [
  "/api/analytics/overview?period=1y",
  "/api/analytics/engagement-trends?period=90d",
  "/api/analytics/platform-performance?period=30d",
  "/api/analytics/content-performance?period=30d",
  "/api/analytics/hashtag-performance?period=30d",
  "/api/analytics/posting-patterns?period=30d",
  "/api/analytics/growth?period=30d",
  "/api/analytics/audience-insights",
  "/api/analytics/best-times",
];
async function analyticsRows(client: BenchClient, user: { email: string; password: string }) {
  const { token } = await client.session(user.email, user.password);
  const bearer = { Authorization: `Bearer ${token}` };
  const snapshots = (SIZE.analyticsPosts * SIZE.snapshotsPerPost).toLocaleString("en");
  const context = `${SIZE.analyticsPosts.toLocaleString("en")} posts; one user among ${SIZE.otherUsers + 1}`;
  const reads = ANALYTICS_PATHS.map((path) => ({
    path,
    name: `Analytics ${path.replace("/api/analytics/", "")} (${snapshots} snapshots)`,
    context,
  }));
  rows.push(...(await readRows(client, reads, bearer, SIZE.tailRequests, ANALYTICS_BUDGET)));
}

/** The publishing rows: lag from due to published, then duplicates counted with the Worker stopped. */
async function publishingRows(client: BenchClient, worker: LocalWorker, persistTo: string, emulator: EmulatorWorker) {
  // Each row is logged as it is measured: a long full-size run that is stopped still leaves its numbers.
  const record = (...measured: BenchRow[]) => {
    rows.push(...measured);
    for (const row of measured) step(`${row.name}: ${row.value} (${row.note ?? ""})`);
  };
  const staged = (platform: "twitter" | "linkedin" | "youtube") =>
    stagedVideoRow(client, worker, persistTo, emulator.worker.baseUrl, platform, SIZE.staged);
  const lagRow = async (): Promise<BenchRow> => {
    const pub = await publishingRow(client, worker, persistTo);
    return {
      name: `Publishing lag, ${pub.total} targets due in one minute across ${SIZE.pubAccounts} accounts`,
      value: pub.lags.length
        ? `p50 ${(percentile(pub.lags, 50) / 1000).toFixed(1)} s · p99 ${(percentile(pub.lags, 99) / 1000).toFixed(1)} s`
        : "none published",
      budget: "p99 ≤ 60 s, all published",
      pass: pub.lags.length === pub.total && percentile(pub.lags, 99) <= 60_000,
      note: `${pub.lags.length}/${pub.total} published, ${pub.unfinished} unfinished${pub.notPublished && `; ${pub.notPublished}`}`,
    };
  };
  if (smoke) {
    // Each publishing row mostly waits for its due time; at smoke size (nothing judged) they all wait together.
    // Side by side on a loaded machine the X and LinkedIn videos may not be ready ahead: they still publish.
    step("staged videos (twitter, linkedin, youtube), the burst and the lag row side by side");
    const [videos, burst, lag] = await Promise.all([
      Promise.all([staged("twitter"), staged("linkedin"), staged("youtube")]),
      textBurstRows(client, worker, emulator, persistTo, SIZE.burst),
      lagRow(),
    ]);
    record(...videos, ...burst, lag);
  } else {
    for (const platform of videoPlatforms.filter((p) => p !== "youtube" && runs("video"))) {
      step(`staged videos (${platform})`);
      record(await staged(platform));
    }
    if (runs("burst")) {
      step("publishing burst");
      record(...(await textBurstRows(client, worker, emulator, persistTo, SIZE.burst)));
    }
    if (videoPlatforms.includes("youtube") && runs("video")) {
      step("staged videos (youtube)");
      record(await staged("youtube"));
    }
    if (runs("lag")) {
      step("publishing");
      record(await lagRow());
    }
  }
  step("stopping the workers");
  await worker.stop();
  await emulator.worker.stop();
  step("counting duplicates");
  const dupes = duplicateCount(emulator.persistTo);
  record({ name: "Publishing duplicates", value: String(dupes), budget: "= 0", pass: dupes === 0 });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The analytics rows' data: the fast seed (bench/seed.ts: the rollups' triggers off for the insert, each workspace
 * on the shard the placement rule gives it), then every seeded workspace's rollups rebuilt by its owner through the
 * Worker's repair route (`rebuildRollups`), then the capacity rows, read from the files with that Worker stopped and
 * the triggers back. The smoke run also seeds the same data through every trigger into copies of the empty
 * databases and fails unless each table the triggers write is identical in both: the proof that the fast seed and
 * the rebuild leave what the triggers would. Returns the bench user's shard.
 */
async function analyticsData(persistTo: string, user: { email: string; password: string }, config: string) {
  const files = seedFiles(persistTo);
  const size = { posts: SIZE.analyticsPosts, snapshotsPerPost: SIZE.snapshotsPerPost, otherUsers: SIZE.otherUsers };
  const now = Date.now();
  const reference = smoke ? emptyCopies(files, persistTo) : null;
  step("seeding analytics data");
  let started = performance.now();
  const seeded = seedAnalytics(files, size, user, { now, fast: true });
  const seedMs = performance.now() - started;
  step(`seeded in ${seconds(seedMs)}; rebuilding the rollups of ${seeded.owners.length} workspaces`);
  const worker = await startLocalWorker({ persistTo, config, logPath: logFile("bench-rebuild.log") });
  const rebuildMs: number[] = [];
  try {
    const client = new BenchClient(worker.baseUrl);
    for (const owner of seeded.owners) {
      // The request after a long one could fail locally ("Network connection lost"; the server goes on).
      const signIn = () => client.session(owner.email, owner.password);
      const { token } = await signIn().catch(signIn);
      started = performance.now();
      const res = await client.slowPost("/api/analytics/rollups/rebuild", token);
      if (res.status !== 200) throw new Error(`rebuilding ${owner.email}'s rollups failed: ${res.body.message}`);
      rebuildMs.push(performance.now() - started);
    }
  } finally {
    await worker.stop();
  }
  const rebuilt = rebuildMs.reduce((a, b) => a + b, 0);
  step(`rebuilt in ${seconds(rebuilt)}`);
  let proof = "";
  if (reference) {
    step("seeding the same data through every trigger");
    started = performance.now();
    seedAnalytics(reference, size, user, { now, fast: false });
    const pairs = files.shards.map((s, i) => [s.file, reference.shards[i]!.file] as const);
    proof = `; through every trigger: ${seconds(performance.now() - started)}, and ${sameTables(pairs, seeded.derivedTables)}`;
  }
  const perShard = BENCH_SHARDS.map((s) => `${s} ${seeded.placed.filter((p) => p === s).length}`).join(" · ");
  rows.push({
    name: "Analytics seed (triggers off) and rollup rebuild",
    value: `seed ${seconds(seedMs)} · rebuild ${seconds(rebuilt)}`,
    budget: "reported",
    pass: true,
    note: `${seeded.owners.length} workspaces (by shard: ${perShard}; the bench user's on ${seeded.placed[0]}), the bench user's ${seconds(rebuildMs[0]!)}${proof}`,
  });
  const shard = seeded.placed[0]!;
  rows.push(capacityRow(persistTo, shard));
  rows.push(
    accountDayRow(persistTo, shard, {
      accounts: PLATFORM_ACCOUNTS,
      days: 365,
      posts: size.posts,
      snapshotsPerPost: size.snapshotsPerPost,
    }),
  );
  return shard;
}

/** The seed writes one account per platform it seeds (bench/seed.ts). */
const PLATFORM_ACCOUNTS = 5;

/** Copies of the empty (migrated) databases, for the smoke run's seed through every trigger. */
function emptyCopies(files: SeedFiles, persistTo: string): SeedFiles {
  const copy = (file: string, name: string) => {
    const to = join(persistTo, `trigger-seed-${name}.sqlite`);
    const db = new DatabaseSync(file);
    db.exec(`VACUUM INTO '${to}'`);
    db.close();
    return to;
  };
  const shards = files.shards.map((s) => ({ shard: s.shard, file: copy(s.file, s.shard) }));
  const directory = shards.find((s) => files.shards.find((f) => f.shard === s.shard)?.file === files.directory);
  return { directory: directory?.file ?? copy(files.directory, "directory"), shards };
}

/**
 * Tables the triggers write that count changes rather than derive state (ADR 116): the fast seed makes fewer changes
 * than the seed through every trigger, so only the columns named here (which rows exist) must match.
 */
const CHANGE_COUNTERS: Record<string, string> = {
  best_times_versions: "workspace_id",
  top_post_versions: "workspace_id",
};

/**
 * Throws unless each of `tables` holds the same rows in both SQLite files of every pair, and the references hold
 * some of each.
 */
function sameTables(pairs: ReadonlyArray<readonly [string, string]>, tables: string[]): string {
  const counts = new Map(tables.map((t) => [t, { n: 0, d: 0 }]));
  for (const [file, reference] of pairs) {
    const db = new DatabaseSync(file);
    db.exec(`ATTACH '${reference}' AS ref`);
    for (const t of tables) {
      const { n } = db.prepare(`SELECT count(*) AS n FROM ref."${t}"`).get() as { n: number };
      const columns = CHANGE_COUNTERS[t] ?? "*";
      const { d } = db
        .prepare(
          `SELECT (SELECT count(*) FROM (SELECT ${columns} FROM main."${t}" EXCEPT SELECT ${columns} FROM ref."${t}"))
            + (SELECT count(*) FROM (SELECT ${columns} FROM ref."${t}" EXCEPT SELECT ${columns} FROM main."${t}")) AS d`,
        )
        .get() as { d: number };
      const c = counts.get(t)!;
      c.n += n;
      c.d += d;
    }
    db.close();
  }
  const differing = [...counts].filter(([, c]) => !c.n || c.d).map(([t, c]) => `${t} (${c.d} of ${c.n} rows differ)`);
  if (differing.length)
    throw new Error(`the fast seed and rebuild differ from the trigger seed: ${differing.join(", ")}`);
  const total = [...counts.values()].reduce((sum, c) => sum + c.n, 0);
  return `all ${tables.length} tables the triggers write are identical on ${pairs.length} shards (${total.toLocaleString("en")} rows)`;
}

type EmulatorWorker = { worker: LocalWorker; persistTo: string };

/**
 * The platform emulator in a Worker of its own (the same build in sandbox mode, its own local state), so the app's
 * process group does only the app's work and its CPU per publish leaves the emulator's out.
 */
async function startEmulatorWorker(): Promise<EmulatorWorker> {
  const persistTo = mkdtempSync(join(state.dir, "postline-bench-emulator-"));
  applyMigrations(persistTo);
  const worker = await startLocalWorker({ persistTo, logPath: logFile("bench-emulator.log") });
  return { worker, persistTo };
}

/** `measure` against a second app Worker with one database (the build's own config), stopped and removed after. */
async function withOneDatabase(emulator: EmulatorWorker, measure: (client: BenchClient) => Promise<void>) {
  const persistTo = mkdtempSync(join(state.dir, "postline-bench-one-"));
  try {
    applyMigrations(persistTo);
    const worker = await startLocalWorker({
      persistTo,
      logPath: logFile("bench-one-database.log"),
      vars: appVarsFor(emulator.worker.baseUrl),
    });
    try {
      await measure(new BenchClient(worker.baseUrl));
    } finally {
      await worker.stop();
    }
  } finally {
    rmSync(persistTo, { recursive: true, force: true });
  }
}

/**
 * The app as it runs live, with every platform base URL pointed at the emulator Worker (PLATFORMS.md §8): real
 * HTTP between two processes. Live mode refuses the development secrets, so the bench makes its own.
 */
function appVarsFor(emulatorUrl: string): Record<string, string> {
  const vars: Record<string, string> = {
    PLATFORMS_MODE: "live",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  };
  for (const [key, value] of Object.entries(LIVE_ENDPOINTS)) {
    if (!value.startsWith("https://")) continue;
    const url = new URL(value);
    vars[key] = `${emulatorUrl}/sandbox/${url.host}${url.pathname.replace(/\/$/, "")}`;
  }
  for (const platform of PLATFORMS) {
    vars[`${platform.toUpperCase()}_CLIENT_ID`] = `bench-${platform}-app`;
    vars[`${platform.toUpperCase()}_CLIENT_SECRET`] = `bench-${platform}-secret`;
  }
  return vars;
}

async function main() {
  ensureBuild();
  const some = analyticsOnly || stagingOnly || httpOnly || jsOnly || linksOnly || inboxOnly;
  if (!some) {
    step("bundle size");
    bundleRows();
  }
  const persistTo = mkdtempSync(join(state.dir, "postline-bench-"));
  step(`local state on ${state.label}`);
  rows.push({
    name: "Local state (D1, R2, queues, Durable Objects)",
    value: state.label,
    budget: "reported",
    pass: true,
    note: "local D1 fsyncs on every call, reads too; deployed D1 does not (ADR 047); `--disk` to compare",
  });
  // Three databases, as the Worker suite runs (ADR 106): every workspace on the shard placement gives it.
  const shards = threeShardConfig();
  applyMigrations(persistTo, shards);
  const analyticsUser = { email: `bench-analytics-${Date.now()}@bench.local`, password: "bench-pass-1" };
  const seeded = !some || analyticsOnly || inboxOnly;
  const inboxNow = Date.now();
  let ingestWorkspace = "";
  let ingestFile = ""; // the analytics user's shard, where its inbox items land
  try {
    if (seeded) {
      const shard = await analyticsData(persistTo, analyticsUser, shards.config);
      if (runs("list")) {
        step(`seeding ${SIZE.inboxItems.toLocaleString("en")} inbox items`);
        const started = performance.now();
        seedInbox(d1File(persistTo), d1File(persistTo, shard), SIZE.inboxItems, analyticsUser.email, inboxNow);
        step(`seeded the inbox in ${seconds(performance.now() - started)}`);
      }
      ingestFile = d1File(persistTo, shard);
      ingestWorkspace = seedIngestPages(
        d1File(persistTo),
        ingestFile,
        analyticsUser.email,
        SIZE.ingest.accounts,
        inboxNow,
      );
    }
  } catch (error) {
    rmSync(persistTo, { recursive: true, force: true }); // ~2 GB at full size
    throw error;
  }
  const emulator = await startEmulatorWorker();
  const worker = await startLocalWorker({
    persistTo,
    config: shards.config,
    logPath: logFile("bench-wrangler.log"),
    vars: appVarsFor(emulator.worker.baseUrl),
  });
  try {
    const client = new BenchClient(worker.baseUrl);
    if (!some || httpOnly) {
      step("pages and API, one database");
      await withOneDatabase(emulator, (one) => pageAndApiRows(one, "one database"));
      step("pages and API, three shards");
      await pageAndApiRows(client, "three shards");
    }
    if (!some || linksOnly) {
      step("short links");
      rows.push(...(await shortLinkRows(client, SIZE.links)));
    }
    if (!some || httpOnly || jsOnly) {
      step("first-load JavaScript");
      await firstLoadRows(client);
    }
    if (!some || analyticsOnly) {
      step("analytics queries");
      await analyticsRows(client, analyticsUser);
    }
    if (seeded) {
      if (runs("list")) {
        step("inbox list");
        rows.push(...(await inboxRows(client, analyticsUser, SIZE.inboxItems, SIZE.tailRequests, inboxNow)));
      }
      if (runs("ingest")) {
        step("inbox ingest");
        const secret = appVarsFor(emulator.worker.baseUrl).FACEBOOK_CLIENT_SECRET!;
        rows.push(await ingestRow(client, analyticsUser, ingestWorkspace, ingestFile, SIZE.ingest, secret));
      }
    }
    if (!some || stagingOnly) await publishingRows(client, worker, persistTo, emulator);
  } catch (error) {
    // A long run that fails part-way still shows the rows it measured.
    if (rows.length) console.log(formatTable(rows));
    throw error;
  } finally {
    await worker.stop();
    await emulator.worker.stop();
    if (keep) step(`kept the app's local state in ${persistTo}, the emulator's in ${emulator.persistTo}`);
    else {
      rmSync(persistTo, { recursive: true, force: true });
      rmSync(emulator.persistTo, { recursive: true, force: true });
    }
  }
  console.log(formatTable(rows));
  const failed = rows.filter((r) => !r.pass);
  if (smoke)
    console.log(
      `bench smoke: ${rows.length} rows measured (${failed.length} over budget at smoke size; budgets are judged by \`npm run bench\`)`,
    );
  else if (failed.length) {
    console.error(`${failed.length} benchmark(s) over budget`);
    process.exitCode = 1;
  }
}

await main();

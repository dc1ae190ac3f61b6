import { availableParallelism } from "node:os";
import { DatabaseSync } from "node:sqlite";
import { type LocalWorker, logFile } from "../scripts/local-worker.ts";
import { jpegBytes, mp4Bytes } from "../workers/test/media-fixtures.ts";
import type { BenchClient } from "./http.ts";
import { d1File } from "./seed.ts";
import { onEveryShard, placement } from "./shards.ts";
import { type BenchRow, percentile } from "./stats.ts";
import { groupCpu, isolateCpu, minus, processCpuMs, startProfiler } from "./worker-cpu.ts";

/**
 * The publish-on-the-second rows (ADR 029): staged videos due in the same minute, and a burst of text
 * targets across many accounts with the Worker's CPU time per publish.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** From the measured 10,000-target burst (bench/README.md): the app's own CPU per publish at the due second. */
const CPU_PER_PUBLISH_BUDGET_MS = 50;
/** Issue 43: the burst's lag p99 within 1.3× of what the local CPU allows at best. */
const LAG_OVER_FLOOR = 1.3;
/**
 * What limits the burst locally, and what Cloudflare would do instead (developers.cloudflare.com/queues/platform/
 * limits: batches of up to 100, up to 250 concurrent consumer invocations, 5,000 messages a second per queue).
 */
const QUEUE_LIMITS =
  "locally the queue broker hands the consumer one batch of 10 at a time and every isolate shares the machine's cores; " +
  "Cloudflare Queues would run up to 250 consumer invocations at once (5,000 messages a second per queue), so the 10,000 would be limited by D1's one writer per shard and the platforms' rate limits, not by the consumer";

/** Runs `fn` over `items` with at most `width` in flight (the local Worker serves requests in parallel). */
export async function inParallel<T, R>(
  items: T[],
  width: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/** The emulator's D1 file, read while its Worker writes: a read waits out a write's lock instead of failing. */
const readLive = (persistTo: string) => new DatabaseSync(d1File(persistTo), { readOnly: true, timeout: 10_000 });

type StagedPlatform = "youtube" | "twitter" | "linkedin";
const BRAND: Record<StagedPlatform, string> = { youtube: "YouTube", twitter: "X", linkedin: "LinkedIn" };

/** The post body that schedules `video` on `platform` (YouTube also names its video and a title). */
function videoPost(platform: StagedPlatform, account: string, video: string, title: string, dueAt: number) {
  return {
    content: title,
    platforms: [platform],
    selectedAccounts: { [platform]: [account] },
    videos: [video],
    ...(platform === "youtube" ? { title, youtubeVideo: video } : {}),
    status: "scheduled",
    scheduledDate: new Date(dueAt).toISOString(),
  };
}

/**
 * Videos staged ahead and due in the same minute (ADR 029, 034): scheduling them stages them (YouTube: a private
 * upload; X and LinkedIn: the media upload), the emulator's clock runs through their processing (a minute per
 * 10 MB), and at the due second only the final call remains (videos.update, POST /2/tweets, POST /rest/posts).
 */
export async function stagedVideoRow(
  client: BenchClient,
  worker: LocalWorker,
  persistTo: string,
  emulatorUrl: string,
  platform: StagedPlatform,
  size: { accounts: number; postsPerAccount: number; videoBytes: number; leadMs: number },
): Promise<BenchRow> {
  const file = new File(
    [(await mp4Bytes({ width: 1280, height: 720, seconds: 2, size: size.videoBytes })) as BlobPart],
    "bench.mp4",
    { type: "video/mp4" },
  );
  // One 50 MB upload at a time: several at once outgrow the local Worker's memory and lose the connection.
  const owners = await inParallel(Array.from({ length: size.accounts }), 1, (_, a) =>
    client.owner(`bench-${platform}-${a}-${Date.now()}@bench.local`, platform, file),
  );
  const dueAt = Math.ceil((Date.now() + size.leadMs) / 1000) * 1000;
  const stagingStarted = Date.now();
  const prefix = `Bench ${platform} video ${crypto.randomUUID().slice(0, 6)}`;
  const total = owners.length * size.postsPerAccount;
  await inParallel(owners, 4, async (o) => {
    for (let i = 0; i < size.postsPerAccount; i++) {
      const title = `${prefix} ${i} ${crypto.randomUUID().slice(0, 6)}`;
      const res = await client.json<{ _id: string }>("/api/posts", {
        token: o.token,
        body: videoPost(platform, o.account, o.media, title, dueAt),
      });
      if (res.status !== 201) throw new Error(`scheduling a video failed: ${res.body.message}`);
    }
  });
  // Scheduling staged them; wait until each is ready. The staging states are read from the D1 file: the post
  // view shows "preparing" both while a video uploads and while it is processed, and the emulator's clock may
  // only run through the processing once every upload is finalized (its processing time counts from there).
  let states = stagingStates(persistTo, prefix);
  let advanced = false;
  let ticked = stagingStarted;
  while (Date.now() < dueAt - 5000) {
    states = stagingStates(persistTo, prefix);
    if (states.ready === total) break;
    if (!advanced && states.processing + states.ready === total) {
      await fetch(`${emulatorUrl}/sandbox/clock`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ advanceMs: 10 * 60_000 }),
      });
      advanced = true;
    }
    await sleep(2000);
    // Past the quick checks of the first minute, processing is polled by the cron's sweep, once a minute.
    if (Date.now() - ticked > 60_000) {
      await worker.tick();
      ticked = Date.now();
    }
  }
  const stagedIn = Date.now() - stagingStarted;
  const { ready } = states;
  // The cron run in the minute before the due time claims them and queues each to its second.
  await sleep(Math.max(0, dueAt - 50_000 - Date.now()));
  await worker.tick();
  // Read from the D1 file: polling the API would load the Worker at the very second it publishes.
  const { lags, unfinished, notPublished } = await settledInFile(persistTo, prefix, total, dueAt + 3 * 60_000);
  const p99 = percentile(lags, 99);
  return {
    name: `Staged video lag (${BRAND[platform]}), ${total} × ${(size.videoBytes / 1024 / 1024).toFixed(0)} MB videos due in one minute`,
    value: lags.length ? `p50 ${seconds(percentile(lags, 50))} · p99 ${seconds(p99)}` : "none published",
    budget: "p99 ≤ 2 s, all published",
    pass: lags.length === total && p99 <= 2000,
    note: `${ready}/${total} ready ahead (scheduled and staged in ${seconds(stagedIn)}); ${lags.length} published, ${unfinished} unfinished${notPublished && `; ${notPublished}`}`,
  };
}

/** How many LinkedIn posts on the emulator (its D1 file) carry one of `texts`. */
function linkedInPostsWithText(emulatorPersistTo: string, texts: string[]): number {
  const db = readLive(emulatorPersistTo);
  try {
    const row = db
      .prepare(
        `SELECT count(*) AS n FROM (SELECT count(*) AS copies FROM emu_objects
          WHERE platform = 'linkedin' AND kind = 'post' AND json_extract(data, '$.commentary') IN (SELECT value FROM json_each(?))
          GROUP BY json_extract(data, '$.commentary')) WHERE copies = 1`,
      )
      .get(JSON.stringify(texts)) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

/**
 * Waits, reading the D1 file (so the Worker spends no CPU on it), until the burst settled; lags from due, and
 * what became of the targets that did not publish, by outcome and message ("unconfirmed: Could not reach … ×9").
 */
export async function settledInFile(persistTo: string, prefix: string, total: number, deadline: number) {
  const read = () =>
    onEveryShard(
      persistTo,
      (db) =>
        db
          .prepare(
            // The last attempt's own words (an unconfirmed target's message is what to do, not what happened).
            `SELECT t.status AS status, t.published_at - t.due_at AS lag, p.content AS content,
             CASE WHEN t.status = 'published' THEN NULL ELSE coalesce((SELECT a.error_message
               FROM publish_attempts a WHERE a.target_id = t.id ORDER BY a.started_at DESC LIMIT 1), t.error_message)
             END AS error
           FROM post_targets t JOIN posts p ON p.id = t.post_id
           WHERE p.content LIKE ? AND t.status IN ('published', 'failed', 'unconfirmed')`,
          )
          .all(`${prefix}%`) as Array<{ status: string; lag: number | null; error: string | null; content: string }>,
    );
  let done = read();
  while (done.length < total && Date.now() < deadline) {
    await sleep(1000);
    done = read();
  }
  const lags = done.filter((r) => r.status === "published" && r.lag !== null).map((r) => r.lag!);
  const outcomes = new Map<string, number>();
  for (const r of done.filter((r) => r.status !== "published")) {
    const key = `${r.status}: ${r.error ?? "no message"}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  const notPublished = [...outcomes].map(([key, n]) => `${key} ×${n}`).join("; ");
  const unconfirmed = done.filter((r) => r.status === "unconfirmed").map((r) => r.content);
  return { lags, unfinished: total - done.length, notPublished, unconfirmed };
}

/**
 * Many light targets (text and one small image, SPEC requires media) due in one minute across many accounts:
 * all published, lag from the due second, and the Worker's CPU per publish from the cron run that claims them
 * until all settled. The value is the Worker isolate's own CPU, read from workerd's sampling profiler: what
 * Cloudflare bills (ADR 041). The note keeps the raw process group's CPU (Miniflare's node host + workerd) and what it
 * holds that a deployed Worker does not pay: the node host, local D1 / queue broker / R2 inside workerd, and the idle baseline over the same wall time. The emulator
 * answers from its own local Worker (another process group), measured apart. The images were staged ahead when
 * the posts were scheduled (ADR 034); that CPU is reported per target beside it.
 */
export async function textBurstRows(
  client: BenchClient,
  worker: LocalWorker,
  emulator: { worker: LocalWorker; persistTo: string },
  persistTo: string,
  size: { accounts: number; perAccount: number; leadMs: number },
): Promise<BenchRow[]> {
  const prefix = `Burst ${crypto.randomUUID().slice(0, 6)}`;
  const image = new File([jpegBytes(200, 200) as BlobPart], "burst.jpg", { type: "image/jpeg" });
  // SPEC: every post carries media, so each account's posts share one small image, uploaded once.
  const connecting = Date.now();
  const owners = await inParallel(Array.from({ length: size.accounts }), 6, (_, a) =>
    client.owner(`bench-burst-${a}-${Date.now()}@bench.local`, "linkedin", image),
  );
  const connectMs = Date.now() - connecting;
  console.error(`bench: ${owners.length} burst accounts connected in ${seconds(connectMs)}`);
  const dueAt = Math.ceil((Date.now() + size.leadMs) / 1000) * 1000;
  // Due times spread over the minute's 60 seconds, as posts due "in one minute" are.
  const jobs = owners
    .flatMap((o) => Array.from({ length: size.perAccount }, (_, i) => ({ ...o, i })))
    .map((j, k) => ({ ...j, dueAt: dueAt + (k % 60) * 1000 }));
  const cpu = () => groupCpu(worker.pid);
  const emulatorCpu = () => [...processCpuMs(emulator.worker.pid).values()].reduce((sum, p) => sum + p.ms, 0);
  const scheduleCpu = cpu().total;
  await inParallel(jobs, 6, async (j) => {
    const res = await client.json<{ _id: string }>("/api/posts", {
      token: j.token,
      idempotencyKey: crypto.randomUUID(),
      body: {
        content: `${prefix} ${j.i} for ${j.account.slice(0, 8)} ${crypto.randomUUID().slice(0, 6)}`,
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [j.account] },
        images: [j.media],
        status: "scheduled",
        scheduledDate: new Date(j.dueAt).toISOString(),
      },
    });
    if (res.status !== 201) throw new Error(`scheduling failed: ${res.body.message}`);
  });
  if (size.leadMs > 60_000 && Date.now() > dueAt - 50_000)
    throw new Error("the burst took longer to schedule than its lead time");
  const staged = await stagedInFile(persistTo, prefix, jobs.length, dueAt - 55_000);
  const stagingCpu = cpu().total - scheduleCpu;
  await sleep(Math.max(0, dueAt - 50_000 - Date.now()));
  const before = { at: Date.now(), cpu: cpu(), emulator: emulatorCpu() };
  const profiler = await startProfiler(worker.inspectorPort, logFile("bench-publish.cpuprofile"));
  // The cron runs once a minute: the run 50 s before the first due second claims what is due within its horizon,
  // the next one the rest. (One claim of 10,000 delayed messages exceeds the local queue broker's 10,000 timers.)
  const cron = setInterval(() => worker.tick().catch((err) => console.error("bench: a cron tick failed", err)), 60_000);
  await worker.tick();
  const { lags, unfinished, notPublished, unconfirmed } = await settledInFile(
    persistTo,
    prefix,
    jobs.length,
    dueAt + 15 * 60_000,
  );
  // An unconfirmed post the emulator holds once went out: what was lost was the platform's answer, which the app
  // cannot look up for a LinkedIn member (no API lists a member's posts), so `unconfirmed` is its right answer.
  const outThere = unconfirmed.length ? linkedInPostsWithText(emulator.persistTo, unconfirmed) : 0;
  clearInterval(cron);
  const isolate = isolateCpu(await profiler.stop());
  console.error(
    `bench: the isolate's CPU by function: ${isolate.top.map((t) => `${t.name} ${t.ms.toFixed(0)} ms`).join("; ")}`,
  );
  const burst = minus(cpu(), before.cpu);
  const wallSeconds = (Date.now() - before.at) / 1000;
  const emulatorMs = emulatorCpu() - before.emulator;
  // The idle baseline: what the group spends with nothing left to do (timers, polling), per second of wall time.
  const idleFrom = { at: Date.now(), cpu: cpu().total };
  await sleep(3000);
  const idlePerSecond = ((cpu().total - idleFrom.cpu) * 1000) / (Date.now() - idleFrom.at);
  const publishes = Math.max(1, lags.length);
  const per = (ms: number) => `${(ms / publishes).toFixed(1)} ms`;
  const perPublish = isolate.ms / publishes;
  const p99 = percentile(lags, 99);
  // The run's own floor: the burst cannot finish sooner than the CPU it took over the cores. The emulator's answers
  // are on every publish's path and its process shares the same cores, so its CPU counts with the app's (ADR 114).
  const floorMs = (burst.total + emulatorMs) / availableParallelism();
  const allOut = lags.length + outThere === jobs.length && outThere === unconfirmed.length;
  return [
    {
      name: `Publishing burst, ${jobs.length.toLocaleString("en")} text + small image targets due in one minute across ${size.accounts.toLocaleString("en")} accounts`,
      value: lags.length
        ? `p50 ${seconds(percentile(lags, 50))} · p99 ${seconds(p99)} (${(p99 / floorMs).toFixed(2)}× the floor)${outThere ? ` · ${outThere} out, answer lost` : ""}`
        : "none published",
      budget: `all out once (published, or unconfirmed only when its answer was lost); p99 ≤ ${LAG_OVER_FLOOR}× the floor`,
      pass: allOut && p99 <= LAG_OVER_FLOOR * floorMs,
      note:
        `floor ${seconds(floorMs)} = the CPU for the burst (the app's process group ${seconds(burst.total)} + the emulator's ${seconds(emulatorMs)}) ÷ ${availableParallelism()} cores; ` +
        `${lags.length}/${jobs.length} published, ${unfinished} unfinished${notPublished && ` (${notPublished}; on the emulator: ${outThere} of the ${unconfirmed.length} unconfirmed)`}; ` +
        `${staged}/${jobs.length} staged ahead; workspaces by shard: ${placement(persistTo, "bench-burst-")}; ` +
        `accounts connected in ${seconds(connectMs)} (${client.lostConnections} requests and connects sent again after a lost connection); ` +
        QUEUE_LIMITS,
    },
    {
      name: "Worker CPU per publish (the Worker isolate's CPU, workerd profiler; emulator excluded)",
      value: `${perPublish.toFixed(1)} ms`,
      budget: `≤ ${CPU_PER_PUBLISH_BUDGET_MS} ms`,
      pass: perPublish <= CPU_PER_PUBLISH_BUDGET_MS,
      note:
        `isolate ${(isolate.ms / 1000).toFixed(1)} s for ${lags.length} publishes (GC ${per(isolate.gcMs)}, native ${per(isolate.nativeMs)}); ` +
        `raw process group ${per(burst.total)} (user + system over ${wallSeconds.toFixed(0)} s): ` +
        `node host ${per(burst.host)}, workerd ${per(burst.runtime)} ` +
        `(of which local D1, queue broker, R2: ${per(Math.max(0, burst.runtime - isolate.ms))}), ` +
        `idle baseline ${per(idlePerSecond * wallSeconds)}; ` +
        `emulator ${per(emulatorMs)} apart; scheduling + staging ahead ${(stagingCpu / Math.max(1, jobs.length)).toFixed(1)} ms per target; ` +
        `profile: test-results/bench-publish.cpuprofile`,
    },
  ];
}

/** How many targets of the posts whose text starts with `prefix` are processing or ready (read from the D1 files). */
function stagingStates(persistTo: string, prefix: string) {
  const rows = onEveryShard(
    persistTo,
    (db) =>
      db
        .prepare(
          "SELECT s.state AS state, count(*) AS n FROM target_stagings s JOIN posts p ON p.id = s.post_id WHERE p.content LIKE ? GROUP BY s.state",
        )
        .all(`${prefix}%`) as Array<{ state: string; n: number }>,
  );
  const of = (state: string) => rows.filter((r) => r.state === state).reduce((sum, r) => sum + r.n, 0);
  return { processing: of("processing"), ready: of("ready") };
}

/** Waits (reading the D1 file) until the burst's targets are staged ready, or the deadline; returns how many are. */
async function stagedInFile(persistTo: string, prefix: string, total: number, deadline: number) {
  let n = stagingStates(persistTo, prefix).ready;
  while (n < total && Date.now() < deadline) {
    await sleep(1000);
    n = stagingStates(persistTo, prefix).ready;
  }
  return n;
}

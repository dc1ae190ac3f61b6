import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, inject, it } from "vitest";
import {
  d1File,
  freePort,
  type LocalWorker,
  logFile,
  root,
  startLocalWorker,
  workerEnv,
} from "../scripts/local-worker.ts";
import { jpegBytes } from "../workers/test/media-fixtures.ts";

/**
 * Crash recovery with a real server (no browser): posts queued or mid-publish when the server is killed
 * with SIGKILL are published exactly once after a restart on the same state; and `npm start`'s server
 * does not outlive its parent. The lease is shortened (PUBLISH_LEASE_SECONDS) so recovery fits the test.
 */
const LEASE_SECONDS = 3;
const persistTo = mkdtempSync(join(tmpdir(), "postline-crash-"));
const cleanups: Array<() => Promise<void> | void> = [() => rmSync(persistTo, { recursive: true, force: true })];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

function start(port: number) {
  return startLocalWorker({
    port,
    persistTo,
    logPath: logFile("crash-server.log"),
    vars: { PUBLISH_LEASE_SECONDS: String(LEASE_SECONDS) },
  });
}

/**
 * A user with X, Threads and Mastodon (on mastodon.example) connected through the emulator's consent pages, driven
 * over plain HTTP, and Bluesky signed in with an app password.
 */
async function userWithAccounts(base: string) {
  const email = `crash-${Date.now()}@example.com`;
  const reg = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ displayName: "Crash Test", email, password: "first-pass1" }),
  });
  expect(reg.status).toBe(201);
  const token = ((await reg.json()) as { data: { token: string } }).data.token;
  const cookie = reg.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  for (const platform of ["twitter", "threads", "mastodon?instance=mastodon.example"]) {
    const start = await fetch(`${base}/api/auth/${platform}`, { headers: { Cookie: cookie }, redirect: "manual" });
    const authUrl = new URL(start.headers.get("Location")!, base);
    const html = await (await fetch(authUrl)).text();
    const form = new URLSearchParams(authUrl.searchParams);
    form.append("choice", /name="choice" value="([^"]+)"/.exec(html)![1]!);
    form.set("decision", "approve");
    const consent = await fetch(new URL(authUrl.pathname, base), {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    const done = await fetch(new URL(consent.headers.get("Location")!.replace(/#.*$/, ""), base), {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(done.headers.get("Location")).toContain(`connected=${platform.split("?")[0]}`);
  }
  const api = async (path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body instanceof FormData || body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { success: boolean; message: string; data: any };
  };
  const bluesky = await api("/api/auth/bluesky/app-password", {
    identifier: "postline-demo.bsky.social",
    appPassword: "pstl-demo-bsky-apps",
  });
  expect(bluesky.success, bluesky.message).toBe(true);
  const accounts = (await api("/api/accounts")).data.accounts as Array<{ _id: string; platform: string }>;
  const id = (platform: string) => accounts.find((a) => a.platform === platform)!._id;
  return { api, x: id("twitter"), threads: id("threads"), bluesky: id("bluesky"), mastodon: id("mastodon") };
}

const targetsOf = async (api: Awaited<ReturnType<typeof userWithAccounts>>["api"], postIds: string[]) =>
  (
    await Promise.all(
      postIds.map(async (id) => (await api(`/api/posts/${id}`)).data.platformPosts as Array<{ status: string }>),
    )
  ).flat();

/** Until `check` holds or the deadline passes, polling: the server works in the background. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const answers = (url: string) =>
  fetch(`${url}/health`).then(
    (r) => r.ok,
    () => false,
  );

describe("crash recovery with a real server", () => {
  it("posts queued or mid-publish when the server is SIGKILLed are each published exactly once after a restart", {
    timeout: 240_000,
  }, async () => {
    // The setup's freshly migrated state, copied (a `wrangler d1 migrations apply` of our own costs seconds).
    cpSync(inject("migratedState"), persistTo, { recursive: true });
    const port = await freePort();
    let server: LocalWorker = await start(port);
    cleanups.push(() => server.stop());
    const { api, x, threads, bluesky, mastodon } = await userWithAccounts(server.baseUrl);

    const form = new FormData();
    form.append(
      "files",
      new Blob([jpegBytes(1080, 1080) as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }),
      "crash.jpg",
    );
    const image = (await api("/api/media/upload", form)).data[0].id as string;

    // Several X posts due in a few seconds: the cron claims them and the local queue holds their messages.
    const dueAt = new Date(Date.now() + 20_000).toISOString();
    const queuedPosts: string[] = [];
    const texts: string[] = [];
    for (let i = 0; i < 5; i++) {
      const content = `Crash recovery ${i} ${crypto.randomUUID().slice(0, 8)}`;
      texts.push(content);
      const res = await api("/api/posts", {
        content,
        platforms: ["twitter"],
        selectedAccounts: { twitter: [x] },
        images: [image],
        status: "scheduled",
        scheduledDate: dueAt,
      });
      expect(res.success, res.message).toBe(true);
      queuedPosts.push(res.data._id);
    }
    // Beside them, one post to the open web: Bluesky (its record key fixed before the call, ADR 060) and Mastodon
    // (its Idempotency-Key, ADR 059).
    const openWebText = `Crash open web ${crypto.randomUUID().slice(0, 8)}`;
    const openWeb = await api("/api/posts", {
      content: openWebText,
      platforms: ["bluesky", "mastodon"],
      selectedAccounts: { bluesky: [bluesky], mastodon: [mastodon] },
      images: [image],
      status: "scheduled",
      scheduledDate: dueAt,
    });
    expect(openWeb.success, openWeb.message).toBe(true);
    queuedPosts.push(openWeb.data._id);
    await server.tick();
    await until(
      async () => (await targetsOf(api, queuedPosts)).every((t) => t.status === "queued"),
      "the X, Bluesky and Mastodon posts to be queued",
    );

    // A Threads image post caught mid-publish: its image container takes a while to process.
    const threadsText = `Crash mid-publish ${crypto.randomUUID().slice(0, 8)}`;
    texts.push(threadsText);
    const midway = await api("/api/posts", {
      content: threadsText,
      platforms: ["threads"],
      selectedAccounts: { threads: [threads] },
      images: [image],
      publishNow: true,
    });
    expect(midway.success, midway.message).toBe(true);
    await until(
      async () => (await targetsOf(api, [midway.data._id]))[0]!.status === "publishing",
      "the Threads post to be publishing",
    );

    // Kill -9 the whole server (its node host and workerd): the in-memory queue and the running attempt are gone.
    process.kill(-server.pid, "SIGKILL");
    await until(async () => !(await answers(server.baseUrl)), "the server to die");
    await server.stop();

    server = await start(port);
    const all = [...queuedPosts, midway.data._id as string];
    // Stuck targets are reported honestly once their lease has passed…
    await until(
      async () =>
        (await api("/api/scheduler/status")).data.stuck > 0 ||
        (await targetsOf(api, all)).every((t) => t.status === "published"),
      "stuck targets to show",
    );
    // …and the cron recovers them.
    await until(
      async () => {
        await server.tick();
        return (await targetsOf(api, all)).every((t) => t.status === "published");
      },
      "every post to be published",
      60_000,
    );
    const status = (await api("/api/scheduler/status")).data;
    expect(status).toMatchObject({ stuck: 0, late: 0 });
    await server.stop();

    // Exactly one copy of each post on the emulator, read from the stopped server's D1 file.
    const db = new DatabaseSync(d1File(persistTo), { readOnly: true });
    const rows = db
      .prepare(
        "SELECT platform, data FROM emu_objects WHERE kind IN ('tweet', 'post', 'media', 'app.bsky.feed.post', 'status')",
      )
      .all() as Array<{ platform: string; data: string }>;
    db.close();
    const copies = (text: string) =>
      rows
        .filter((r) => r.data.includes(text))
        .map((r) => r.platform)
        .sort();
    for (const text of texts) expect(copies(text), text).toHaveLength(1);
    expect(copies(openWebText)).toEqual(["bluesky", "mastodon:mastodon.example"]);
  });

  it("`npm start`'s server stops when its process group is killed", { timeout: 90_000 }, async () => {
    const port = await freePort();
    const serve: ChildProcess = spawn(process.execPath, ["scripts/serve.ts"], {
      cwd: root,
      env: { ...workerEnv, PORT: String(port), PERSIST_TO: persistTo },
      detached: true, // its own group, like npm's
      stdio: "ignore",
    });
    cleanups.push(() => {
      try {
        process.kill(-serve.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    });
    const url = `http://127.0.0.1:${port}`;
    await until(() => answers(url), "npm start's server to answer", 60_000);
    process.kill(-serve.pid!, "SIGKILL");
    await until(async () => !(await answers(url)), "the server to stop with its parent", 15_000);
  });
});

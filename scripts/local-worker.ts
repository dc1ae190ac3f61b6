import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerOptions } from "./local-server.ts";

/**
 * Runs the built Worker on workerd through Miniflare (local-server.ts), used by the e2e journeys, the bench and
 * `npm start` itself. Local D1/R2/Queues/DOs live in `persistTo`.
 */
export const root = fileURLToPath(new URL("..", import.meta.url));
export const workerEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

const handedOut = new Set<number>();
/**
 * A port nothing listens on, never one this process handed out before: the kernel may give a just-closed port
 * again, and a server's port and its inspector's, chosen one after the other, then collided and its start hung.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/**
 * Applies the migrations to the local state in `persistTo` (scripts/migrate-local.ts, a few seconds of CPU where
 * `wrangler d1 migrations apply` took ~20). The migrated state is kept once per set of migrations (keyed by their
 * contents) and copied after that: the bench and the journeys in one `npm test` migrate once between them. With
 * `shards` (`twoShardConfig()`, `threeShardConfig()`), each further database is migrated too, in states kept beside
 * the one-database one and made from it, each recording which SQLite file is which binding's (`d1File`).
 */
export function applyMigrations(persistTo: string, shards?: ShardedConfig) {
  let state = cachedState(`migrated-${migrationsHash()}`, (fresh) => migrate(fresh, "DB", "wrangler.toml"));
  for (const binding of shards?.bindings ?? []) {
    const from = state;
    state = cachedState(`${from.name}+${binding}`, (fresh) => {
      cpSync(from.path, fresh, { recursive: true });
      const known = bindingFiles(fresh);
      migrate(fresh, binding, shards!.config);
      const added = [...d1Files(fresh).keys()].find((f) => !Object.values(known).includes(f));
      if (!added) throw new Error(`migrating ${binding} made no database file`);
      writeFileSync(join(fresh, BINDINGS_FILE), JSON.stringify({ ...known, [binding]: added }));
    });
  }
  cpSync(state.path, persistTo, { recursive: true });
}

function migrate(persistTo: string, binding: string, config: string) {
  execFileSync(process.execPath, [join(root, "scripts/migrate-local.ts"), persistTo, binding, config], {
    cwd: root,
    env: workerEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** A local state under node_modules/.cache made once by `make` (into a fresh directory), however many processes ask. */
function cachedState(name: string, make: (fresh: string) => void): { name: string; path: string } {
  const template = join(root, "node_modules", ".cache", "postline", name);
  mkdirSync(dirname(template), { recursive: true });
  // The bench smoke and the journeys start side by side in `npm test`: one migrates, the other waits for it.
  const lock = `${template}.lock`;
  const takeLock = () => {
    try {
      mkdirSync(lock);
      return true;
    } catch {
      return false;
    }
  };
  // A lock older than any migration run (even on a loaded machine) was left by a process that was stopped.
  if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 10 * 60_000)
    rmSync(lock, { recursive: true, force: true });
  const owner = takeLock();
  if (owner) {
    try {
      if (!existsSync(template)) {
        const fresh = mkdtempSync(`${template}-`);
        make(fresh);
        renameSync(fresh, template);
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  } else {
    const deadline = Date.now() + 10 * 60_000;
    while (!existsSync(template)) {
      // The owner renames the state into place, then drops the lock: a lock gone is a failure only if the state
      // is still not there when looked at after it.
      const gone = !existsSync(lock) && !existsSync(template);
      if (gone || Date.now() > deadline)
        throw new Error(`the migrated state ${template} was not made (see the other process's output)`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250); // a synchronous sleep
    }
  }
  return { name, path: template };
}

/** The second database the journeys' servers place every new workspace on (ADR 106). */
export const SECOND_SHARD = "SHARD_B";

/** A wrangler config with more local D1 databases than the build's, and the bindings it adds beside `DB`. */
export interface ShardedConfig {
  config: string;
  bindings: string[];
}

/**
 * The built Worker's config (build/server/wrangler.json) with local D1 databases added beside the directory (`DB`)
 * and WORKSPACE_DBS naming `workspaceDbs`, written beside it as `wrangler.<name>.json`.
 */
function shardedConfig(name: string, bindings: string[], workspaceDbs: string[]): ShardedConfig {
  const built = JSON.parse(readFileSync(join(root, "build/server/wrangler.json"), "utf8"));
  const directory = built.d1_databases.find((d: { binding: string }) => d.binding === "DB");
  built.d1_databases = [
    directory,
    ...bindings.map((binding) => {
      const letter = binding.slice(-1).toLowerCase();
      return {
        ...directory,
        binding,
        database_name: `postline-shard-${letter}`,
        database_id: `00000000-0000-0000-0000-00000000000${letter}`,
      };
    }),
  ];
  built.vars = { ...built.vars, WORKSPACE_DBS: workspaceDbs.join(",") };
  const config = join(root, `build/server/wrangler.${name}.json`);
  writeFileSync(config, JSON.stringify(built));
  return { config, bindings };
}

/**
 * A second local D1 database, and WORKSPACE_DBS naming only it: the directory (`DB`) keeps users, workspaces and
 * the emulator, every new workspace's rows go to the other database, so every journey crosses both (ADR 106).
 * `npm start` serves the build's own config: one database.
 */
export const twoShardConfig = () => shardedConfig("two-shards", [SECOND_SHARD], [SECOND_SHARD]);

/** The bench's layout (issue 43): three databases, all shards, as the Worker suite runs (ADR 106). */
export const BENCH_SHARDS = ["DB", "SHARD_B", "SHARD_C"];
export const threeShardConfig = () => shardedConfig("three-shards", BENCH_SHARDS.slice(1), BENCH_SHARDS);

/** What the migrated state depends on: every migration's SQL and the D1 section of wrangler.toml. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  const dir = join(root, "migrations");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort())
    hash.update(file).update(readFileSync(join(dir, file)));
  hash.update(readFileSync(join(root, "wrangler.toml")));
  return hash.digest("hex").slice(0, 16);
}

/** Where a migrated state names each binding's SQLite file (the one-database state has none: its one file is DB's). */
const BINDINGS_FILE = "d1-bindings.json";

/** The local D1 SQLite files in `persistTo`, by file name. */
function d1Files(persistTo: string): Map<string, string> {
  const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite") : [];
  return new Map(files.map((f) => [f, join(dir, f)]));
}

function bindingFiles(persistTo: string): Record<string, string> {
  const recorded = join(persistTo, BINDINGS_FILE);
  if (existsSync(recorded)) return JSON.parse(readFileSync(recorded, "utf8"));
  const [only] = d1Files(persistTo).keys();
  return only ? { DB: only } : {};
}

/** The SQLite file behind a local D1 binding in `persistTo` (read it only while no server runs on it). */
export function d1File(persistTo: string, binding = "DB"): string {
  const name = bindingFiles(persistTo)[binding];
  const file = name && d1Files(persistTo).get(name);
  if (!file) throw new Error(`no D1 database for ${binding} in ${persistTo}: were migrations applied?`);
  return file;
}

async function waitForHealth(url: string, child: ChildProcess, logPath: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the local server exited with ${child.exitCode}; see ${logPath}`);
    try {
      // Bounded: a port held by something that never answers must not outlast the deadline.
      if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the local server did not answer ${url}/health within ${timeoutMs} ms; see ${logPath}`);
}

export interface LocalWorker {
  baseUrl: string;
  /** The server's node process, leader of the group that holds workerd too. */
  pid: number;
  /** workerd's inspector of the Worker's isolate (Chrome DevTools protocol; the bench's CPU profile). */
  inspectorPort: number;
  /** Runs the Worker's cron handler once, as Cloudflare does every minute. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Ends the worker's process group when this process dies, however it dies (SIGKILL included): the
 * watchdog's stdin is a pipe from us, which the OS closes when our process goes. The watchdog runs in its
 * own process group, so a signal to ours (npm's) does not take it down first.
 */
const WATCHDOG = `
const group = -Number(process.argv[1]);
const kill = (signal) => { try { process.kill(group, signal); } catch {} };
process.stdin.on("close", () => { kill("SIGTERM"); setTimeout(() => { kill("SIGKILL"); process.exit(0); }, 3000); });
process.stdin.resume();
`;

function guard(groupPid: number) {
  const watchdog = spawn(process.execPath, ["-e", WATCHDOG, String(groupPid)], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
  });
  watchdog.unref();
  (watchdog.stdin as unknown as { unref(): void }).unref();
  return watchdog;
}

export async function startLocalWorker(opts: {
  port?: number;
  persistTo?: string;
  logPath: string;
  vars?: Record<string, string>;
  /** A wrangler config other than the build's (`twoShardConfig()`). */
  config?: string;
}): Promise<LocalWorker> {
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(dirname(opts.logPath), { recursive: true });
  const log = createWriteStream(opts.logPath);
  // Its own inspector port: servers starting at the same moment (the e2e setup starts two) must not share one.
  const inspectorPort = await freePort();
  const server: ServerOptions = {
    config: opts.config ?? join(root, "build/server/wrangler.json"),
    port,
    inspectorPort,
    persistTo: opts.persistTo ?? join(root, ".wrangler", "state"),
    // Mails made by the cron and queues link to APP_ORIGIN (a request's own origin is not there): this server's own.
    // Development-only pages (/dev/mailbox, /sandbox/*) are opt-in; a deploy never inherits them.
    vars: { APP_ORIGIN: baseUrl, DEV_ROUTES: "true", ...opts.vars },
  };
  const child = spawn(process.execPath, [join(root, "scripts/local-server.ts"), JSON.stringify(server)], {
    cwd: root,
    env: workerEnv,
    detached: true, // its own process group, so stopping ends the server and workerd together
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Each line stamped with when it was written: Miniflare's own lines carry no time, and a request that never
  // answered is only traced by lining up the app's log against the emulator's.
  pipeStamped(child.stdout!, log);
  pipeStamped(child.stderr!, log);
  // "close" comes once the process group's output has all been read (its "exit" can come before): only then
  // may the log end, or a last line is written after its end (a crash seen after the bench's rebuild Worker).
  const closed = new Promise((r) => child.once("close", r));
  const watchdog = guard(child.pid!);

  let stopped: Promise<void> | null = null;
  const stop = () => (stopped ??= halt());
  const halt = async () => {
    // The whole group: node may be gone already while workerd still holds the output pipes.
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    kill("SIGTERM");
    const timer = setTimeout(() => kill("SIGKILL"), 5000);
    await closed;
    clearTimeout(timer);
    watchdog.kill();
    log.end();
  };
  try {
    await waitForHealth(baseUrl, child, opts.logPath);
  } catch (error) {
    await stop();
    throw error;
  }
  const tick = async () => {
    const res = await fetch(`${baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("* * * * *")}`);
    if (!res.ok) throw new Error(`cron tick failed: ${res.status} ${await res.text()}`);
  };
  return { baseUrl, pid: child.pid!, inspectorPort, tick, stop };
}

/** Copies `from` to `to` a line at a time, each with the time it arrived in front of it. */
function pipeStamped(from: NodeJS.ReadableStream, to: NodeJS.WritableStream) {
  let rest = "";
  const write = (lines: string[]) => {
    const at = new Date().toISOString();
    for (const line of lines) to.write(`${at} ${line}\n`);
  };
  from.on("data", (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop()!;
    write(lines);
  });
  from.on("end", () => rest && write([rest]));
}

export const logFile = (name: string) => join(root, "test-results", name);

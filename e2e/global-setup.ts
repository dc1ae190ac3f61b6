import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = fileURLToPath(new URL("..", import.meta.url));
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logPath: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}; see ${logPath}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer ${url}/health within ${timeoutMs} ms; see ${logPath}`);
}

/**
 * Serves the built Worker (`npm run build` output, as `npm start` does) on a free port with its own
 * fresh local state, and hands the base URL to the journeys.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, "build/server/wrangler.json"))) {
    execFileSync("npm", ["run", "build"], { cwd: root, env, stdio: "inherit" });
  }
  const persistTo = mkdtempSync(join(tmpdir(), "postline-e2e-"));
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo, "--config", "wrangler.toml"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Start from an empty test-results/ so the screenshots there belong to this run's failures.
  rmSync(join(root, "test-results"), { recursive: true, force: true });
  mkdirSync(join(root, "test-results"), { recursive: true });
  const logPath = join(root, "test-results", "wrangler-dev.log");
  const log = createWriteStream(logPath);
  const child = spawn("npx", ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistTo], {
    cwd: root,
    env,
    detached: true, // its own process group, so teardown stops wrangler and workerd together
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    rmSync(persistTo, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, logPath);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  return stop;
}

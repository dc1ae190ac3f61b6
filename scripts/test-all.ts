/**
 * `npm test`: every check side by side (ADR 097), each part's log printed as one block when it ends, then a short
 * report of what failed. The report comes last because a CI log is often read from its tail: with the blocks alone,
 * a part that failed early sat above vitest's ten-minute log, out of sight (stop 49's run showed only "exited 1").
 *
 * `node scripts/test-all.ts [part ...]` runs only the parts named; a part waits for the one it needs (the bench
 * smoke and the journeys read the build) when both are asked for.
 */
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";

export type Part = { script: string; after?: string };

export const PARTS: Part[] = [
  { script: "lint" },
  { script: "lint:imports" },
  { script: "typecheck" },
  { script: "test:vitest" },
  { script: "build" },
  { script: "bench:smoke", after: "build" },
  { script: "test:e2e", after: "build" },
];

export type Outcome = { script: string; code: number | "skipped"; seconds: number; output: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is being removed
const ANSI = /\x1b\[[0-9;]*m/g;
const FAILURE = /(FAIL\b|×|✗|✘|AssertionError|Error:|Timeout|timed out|exited with|over budget)/;

/** The lines of a failed part worth reading first: failed tests and errors, then how the part ended. */
export function failureExcerpt(output: string, maxLines = 40, tailLines = 15): string[] {
  const lines = output.replace(ANSI, "").split("\n");
  const tail = lines.slice(-tailLines);
  const marked = lines.slice(0, -tailLines).filter((line) => FAILURE.test(line));
  const picked =
    marked.length > maxLines ? [...marked.slice(0, maxLines), `… ${marked.length - maxLines} more`] : marked;
  return [...picked, ...(picked.length ? ["…"] : []), ...tail];
}

export function report(outcomes: Outcome[]): string {
  const failed = outcomes.filter((o) => o.code !== 0);
  const lines: string[] = [];
  for (const o of failed) {
    lines.push(`\n── ${o.script}: ${o.code === "skipped" ? "not run (what it needs failed)" : `exit ${o.code}`}`);
    if (o.code !== "skipped") lines.push(...failureExcerpt(o.output).map((line) => `   ${line}`));
  }
  lines.push("\nnpm test:");
  for (const o of outcomes) {
    const result = o.code === 0 ? "passed" : o.code === "skipped" ? "skipped" : `FAILED (exit ${o.code})`;
    lines.push(`  ${o.script.padEnd(14)} ${result.padEnd(18)} ${o.seconds.toFixed(0).padStart(5)} s`);
  }
  return lines.join("\n");
}

function run(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], { stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) => {
      children.delete(child);
      const output = Buffer.concat(chunks).toString("utf8");
      process.stdout.write(`\n━━ ${script}\n${output}`);
      resolve({ script, code: code ?? (signal ? 128 : 1), seconds: (Date.now() - started) / 1000, output });
    });
  });
}

const children = new Set<ReturnType<typeof spawn>>();

async function main(names: string[]) {
  const parts = names.length ? PARTS.filter((p) => names.includes(p.script)) : PARTS;
  const unknown = names.filter((name) => !PARTS.some((p) => p.script === name));
  if (unknown.length) throw new Error(`no such part: ${unknown.join(", ")}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      for (const child of children) child.kill(signal);
      process.exit(130);
    });

  const running = new Map<string, Promise<Outcome>>();
  for (const part of parts) {
    const needed = part.after ? running.get(part.after) : undefined;
    running.set(
      part.script,
      needed
        ? needed.then((before) =>
            before.code === 0 ? run(part.script) : { script: part.script, code: "skipped", seconds: 0, output: "" },
          )
        : run(part.script),
    );
  }
  const outcomes = await Promise.all(running.values());
  process.stdout.write(`${report(outcomes)}\n`);
  process.exitCode = outcomes.every((o) => o.code === 0) ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main(process.argv.slice(2));

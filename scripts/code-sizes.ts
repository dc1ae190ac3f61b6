/**
 * `npm run lint:imports`, last part: no source file under workers/ over 400 lines and no function over 120 (issue 36),
 * so a module stays readable in one sitting. Tests and their helpers are left out, and so is the emulator: its
 * files are route tables and answer tables written from the platforms' docs, read one route at a time.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { root } from "./local-worker.ts";

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 120;
const SKIP = /(\.test\.tsx?$|\.test-helper\.ts$|\.d\.ts$|^workers\/(test|emulator)\/)/;

/** What in one file is over the limits: the file itself, and each function by its first line. */
export function oversized(path: string, source: string): string[] {
  const problems: string[] = [];
  const lines = source.split("\n").length;
  if (lines > MAX_FILE_LINES) problems.push(`${path}: ${lines} lines (at most ${MAX_FILE_LINES})`);
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const [from, to] = [lineOf(node.getStart(file)), lineOf(node.end)];
      if (to - from + 1 > MAX_FUNCTION_LINES)
        problems.push(`${path}:${from}: a function of ${to - from + 1} lines (at most ${MAX_FUNCTION_LINES})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return problems;
}

function main() {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "workers"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((f) => /\.tsx?$/.test(f) && !SKIP.test(f));
  const problems = files.flatMap((f) => oversized(f, readFileSync(join(root, f), "utf8")));
  for (const p of problems) console.error(`✗ ${p}`);
  if (problems.length) process.exitCode = 1;
  else
    console.log(
      `✔ code sizes: ${files.length} files within ${MAX_FILE_LINES} lines, functions within ${MAX_FUNCTION_LINES}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) main();

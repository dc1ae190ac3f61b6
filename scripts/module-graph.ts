/**
 * `npm run lint:imports`, second half: the folders under workers/ as a graph of modules (issue 36). A folder
 * (or a top-level file: services.ts, api.ts…) is a module; an import from one to another is an edge. Type-only
 * imports are left out: they vanish from the build, so a cycle made of them alone loads nothing twice. Edges
 * that close a cycle between modules were listed in scripts/module-cycles.json until the modules formed a tree
 * (ADR 057); the list is empty now, so any cycle fails with the files that make it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./local-worker.ts";

const BASELINE = join(root, "scripts/module-cycles.json");
const TEST = /(\.test\.tsx?$|\.test-helper\.ts$|^workers\/test\/)/;

interface Cruised {
  modules: { source: string; dependencies: { resolved: string; dependencyTypes?: string[] }[] }[];
}

/** `workers/posts/store.ts` → `posts`; `workers/services.ts` → `services`; outside workers/ → null. */
export function moduleOf(path: string): string | null {
  const m = path.match(/^workers\/([^/]+?)(?:\.tsx?)?(?:\/|$)/);
  return m ? m[1]! : null;
}

/** Edges between modules, each with the file imports behind it. */
export function moduleEdges(cruised: Cruised): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const m of cruised.modules) {
    const from = moduleOf(m.source);
    if (!from || TEST.test(m.source)) continue;
    for (const dep of m.dependencies) {
      const to = moduleOf(dep.resolved);
      if (!to || to === from || TEST.test(dep.resolved) || dep.dependencyTypes?.includes("type-only")) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${m.source} -> ${dep.resolved}`]);
    }
  }
  return edges;
}

/** The edges that lie on a cycle: both ends in one strongly connected component (Tarjan). */
export function cycleEdges(edgeList: Iterable<string>): string[] {
  const edges = [...edgeList];
  const next = new Map<string, string[]>();
  for (const e of edges) {
    const [a, b] = e.split(" -> ") as [string, string];
    next.set(a, [...(next.get(a) ?? []), b]);
    if (!next.has(b)) next.set(b, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let counter = 0;
  let components = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (!component.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      for (let w = stack.pop(); ; w = stack.pop()) {
        component.set(w!, components);
        if (w === v) break;
      }
      components++;
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return edges.filter((e) => {
    const [a, b] = e.split(" -> ") as [string, string];
    return component.get(a) === component.get(b);
  });
}

function main() {
  const out = execFileSync(
    "depcruise",
    ["workers", "--config", ".dependency-cruiser.cjs", "--output-type", "json", "--no-progress"],
    { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  const edges = moduleEdges(JSON.parse(out) as Cruised);
  const now = cycleEdges(edges.keys()).sort();
  if (process.argv.includes("--write")) {
    writeFileSync(BASELINE, `${JSON.stringify(now, null, 2)}\n`);
    // In the layout `npm run lint` checks.
    execFileSync("biome", ["format", "--write", BASELINE], { cwd: root, stdio: "ignore" });
    console.log(`module-graph: ${now.length} cycle edges written to scripts/module-cycles.json`);
    return;
  }
  const allowed = new Set(JSON.parse(readFileSync(BASELINE, "utf8")) as string[]);
  const added = now.filter((e) => !allowed.has(e));
  const gone = [...allowed].filter((e) => !now.includes(e));
  for (const e of added) console.error(`✗ new import cycle between modules: ${e}\n    ${edges.get(e)!.join("\n    ")}`);
  for (const e of gone) console.error(`✗ ${e} no longer closes a cycle: remove it from scripts/module-cycles.json`);
  if (added.length || gone.length) process.exitCode = 1;
  else console.log(`✔ module graph: no new cycles (${now.length} known cycle edges left to break)`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();

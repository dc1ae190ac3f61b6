import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/** Each module's static imports, as the bundler resolved them. */
export type StaticImports = (id: string) => readonly string[];

/** Every module reachable from `starts` through static imports (the starts included). */
export function reachable(starts: Iterable<string>, imports: StaticImports): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...imports(id));
  }
  return seen;
}

export interface FirstLoadEntries {
  /** The browser's entry module: its own code stays in its chunk (it hydrates on evaluation). */
  client: string;
  /** The root route module: every page runs it. */
  root: string;
  /** The layout every signed-in page renders inside. */
  layout: string;
  /** The sign-in page: with the layout, where every first visit starts. */
  signIn: string;
  /** Route modules of the pages outside that layout (sign-in, invitations, public pages). */
  outside: readonly string[];
}

/**
 * The two groups every first visit loads whole: `floor`, what every page runs (the client entry's and the root
 * route's static imports: React, React Router, the root's own code) and what the sign-in page and the app layout
 * share, and `shell`, what every page inside the app
 * layout runs and no page outside it reaches. Left to the bundler, each set of pages and lazy dialogs sharing a
 * module got its own chunk: 45 files on /dashboard, a third of them one icon each, gzip paid per file
 * (bench/RESULTS.md). Everything else (pages, lazy dialogs and tabs) the bundler splits as before.
 */
export function firstLoadGroups(entries: FirstLoadEntries, imports: StaticImports) {
  const floor = reachable([entries.client, entries.root], imports);
  floor.delete(entries.client);
  // What the sign-in page and the layout both run (the logo, the icon base) is paid by every first visit either way.
  const signIn = reachable([entries.signIn], imports);
  for (const id of reachable([entries.layout], imports)) if (signIn.has(id)) floor.add(id);
  const outside = reachable(entries.outside, imports);
  const shell = new Set([...reachable([entries.layout], imports)].filter((id) => !floor.has(id) && !outside.has(id)));
  return { floor, shell };
}

const withoutQuery = (id: string) => id.split("?")[0]!;

/**
 * The browser build's chunking for first loads (ADR 104): the floor and the shell as one chunk each; everything
 * else (pages, lazy dialogs and tabs) split by the bundler as before. `files` are paths from the project root.
 */
export function firstLoadChunks(root: string, files: FirstLoadEntries): Plugin {
  let groups: ReturnType<typeof firstLoadGroups> = { floor: new Set(), shell: new Set() };
  const abs = (file: string) => `${root}/${file}`;
  let icons: Map<string, string> | undefined;
  return {
    name: "postline:first-load-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    config: () => ({
      environments: {
        client: {
          build: {
            rolldownOptions: {
              // A group holds only the modules it names (not their imports, which may be another group's), which
              // needs entry chunks free to export more than their module did; React Router reads only its names.
              preserveEntrySignatures: "allow-extension",
              output: {
                codeSplitting: {
                  includeDependenciesRecursively: false,
                  groups: [
                    { name: "floor", priority: 2, test: (id: string) => groups.floor.has(id) },
                    { name: "shell", priority: 1, test: (id: string) => groups.shell.has(id) },
                  ],
                },
              },
            },
          },
        },
      },
    }),
    transform(code, id) {
      if (!code.includes('"lucide-react"') || id.includes("/node_modules/")) return null;
      icons ??= lucideIconFiles(readFileSync(`${root}/node_modules/lucide-react/dist/esm/lucide-react.mjs`, "utf8"));
      const direct = importIconsDirectly(code, icons);
      return direct === null ? null : { code: direct, map: null };
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      // A route module is an entry under its own id plus React Router's query; map each file to that id.
      const entryFor = (file: string) =>
        ids.find((id) => withoutQuery(id) === abs(file) && this.getModuleInfo(id)?.isEntry) ?? abs(file);
      const imports: StaticImports = (id) => this.getModuleInfo(id)?.importedIds ?? [];
      groups = firstLoadGroups(
        {
          client: entryFor(files.client),
          root: entryFor(files.root),
          layout: entryFor(files.layout),
          signIn: entryFor(files.signIn),
          outside: files.outside.map(entryFor),
        },
        imports,
      );
    },
  };
}

/** lucide-react's icon exports (every name and alias) → the icon's own module, read from the package's index. */
export function lucideIconFiles(index: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g))
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) files.set(name!, file!);
  return files;
}

/**
 * `import { Bell, X as Close } from "lucide-react"` as one import per icon module. The package's index re-exports
 * all ~1,600 icons, so through it every page that shows one icon reaches them all, and no icon could be told to
 * belong to the shell alone; the icons the bundle keeps are the same either way.
 */
export function importIconsDirectly(code: string, icons: Map<string, string>): string | null {
  let changed = false;
  const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*"lucide-react";?/g, (whole, list: string) => {
    const kept: string[] = [];
    const direct: string[] = [];
    for (const spec of list
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [name, local = name] = spec.split(/\s+as\s+/);
      const file = icons.get(name!);
      if (file) direct.push(`import ${local} from "lucide-react/icons/${file}";`);
      else kept.push(spec);
    }
    if (!direct.length) return whole;
    changed = true;
    return [...(kept.length ? [`import { ${kept.join(", ")} } from "lucide-react";`] : []), ...direct].join("\n");
  });
  return changed ? out : null;
}

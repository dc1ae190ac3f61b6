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
  /** Route modules of the pages inside the layout. */
  pages?: readonly string[];
}

/** A module that at least this share of the layout's pages run goes in the shell though the layout does not… */
export const SHELL_SHARE = 1 / 4;
/** …and in the floor if sign-in runs it too and this share of the layout's pages do: every page pays for it. */
export const FLOOR_SHARE = 1 / 2;

/**
 * The two groups every first visit loads whole: `floor`, what every page runs (the client entry's and the root
 * route's static imports: React, React Router, the root's own code) and what the sign-in page and the app layout
 * share, and `shell`, what every page inside the app layout runs and no page outside it reaches. Left to the
 * bundler, each set of pages and lazy dialogs sharing a module got its own chunk: 45 files on /dashboard, a third
 * of them one icon each, gzip paid per file (bench/RESULTS.md). Everything else (pages, lazy dialogs and tabs) the
 * bundler splits as before, except small modules most pages run: a file of its own costs each page that loads it
 * ~100 bytes of gzip and import lines more than its code. What `SHELL_SHARE` of the layout's pages run and no page
 * outside it goes in the shell (the page header, URL tabs, the empty state, the reader's zone); what `FLOOR_SHARE`
 * of them and sign-in run goes in the floor (the form styles); either only if it brings nothing else along.
 */
export function firstLoadGroups(entries: FirstLoadEntries, imports: StaticImports) {
  const floor = reachable([entries.client, entries.root], imports);
  floor.delete(entries.client);
  // What the sign-in page and the layout both run (the logo, the icon base) is paid by every first visit either way.
  const signIn = reachable([entries.signIn], imports);
  for (const id of reachable([entries.layout], imports)) if (signIn.has(id)) floor.add(id);
  const outside = reachable(entries.outside, imports);
  const shell = new Set([...reachable([entries.layout], imports)].filter((id) => !floor.has(id) && !outside.has(id)));
  const pages = entries.pages ?? [];
  const runs = new Map<string, number>();
  for (const page of pages)
    for (const id of reachable([page], imports))
      if (!floor.has(id) && !shell.has(id) && !pages.includes(id)) runs.set(id, (runs.get(id) ?? 0) + 1);
  const most = (share: number) => [...runs].filter(([, n]) => n >= pages.length * share).map(([id]) => id);
  // What sign-in runs too goes in the floor (the form styles), what no page outside the layout runs in the shell.
  const forFloor = most(FLOOR_SHARE).filter((id) => signIn.has(id));
  for (const id of selfContained(forFloor, floor, imports)) floor.add(id);
  const forShell = most(SHELL_SHARE).filter((id) => !outside.has(id));
  for (const id of selfContained(forShell, new Set([...floor, ...shell]), imports)) shell.add(id);
  return { floor, shell };
}

/**
 * Those of `candidates` that bring nothing along but what `held` or the candidates kept hold: a module importing
 * one its group does not hold would make every page of the group load that one too (the post helpers' date
 * formatting, on the AI page).
 */
function selfContained(candidates: string[], held: ReadonlySet<string>, imports: StaticImports): Set<string> {
  const kept = new Set(candidates);
  for (let dropped = true; dropped; ) {
    dropped = false;
    for (const id of kept)
      if (![...reachable([id], imports)].every((d) => held.has(d) || kept.has(d))) {
        kept.delete(id);
        dropped = true;
      }
  }
  return kept;
}

const withoutQuery = (id: string) => id.split("?")[0]!;

/**
 * The browser build's chunking for first loads (ADR 104): the floor and the shell as one chunk each; everything
 * else (pages, lazy dialogs and tabs) split by the bundler as before. `files` are paths from the project root.
 */
export function firstLoadChunks(root: string, files: FirstLoadEntries): Plugin {
  let groups: ReturnType<typeof firstLoadGroups> = { floor: new Set(), shell: new Set() };
  const abs = (file: string) => `${root}/${file}`;
  let chunks = new Map<string, readonly string[]>();
  return {
    name: "postline:first-load-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    config: () => ({
      environments: {
        client: {
          build: {
            // A lazy chunk's preload list leaves out what the chunk importing it has already loaded (its static
            // imports, the floor among them): Vite lists those in every `import()`, bytes on each page for no fetch.
            modulePreload: { resolveDependencies: (_file, deps, { hostId }) => notLoadedBy(hostId, deps, chunks) },
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
    // Read before Vite writes the preload lists (in its generateBundle), which ask `resolveDependencies`.
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        chunks = new Map();
        for (const out of Object.values(bundle)) if (out.type === "chunk") chunks.set(out.fileName, out.imports);
      },
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
          pages: files.pages?.map(entryFor),
        },
        imports,
      );
    },
  };
}

/**
 * The files of `deps` (a lazy chunk's preload list) that `host` has not loaded by the time its `import()` runs: a
 * chunk's static imports, and theirs, were all evaluated before it was. `chunks` maps each chunk to its static imports.
 */
export function notLoadedBy(host: string, deps: readonly string[], chunks: ReadonlyMap<string, readonly string[]>) {
  const loaded = reachable([host], (file) => chunks.get(file) ?? []);
  return deps.filter((dep) => !loaded.has(dep));
}

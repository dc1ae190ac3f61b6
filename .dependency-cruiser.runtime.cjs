// The module graph as it runs (issue 36, ADR 057): the folders under workers/ form a tree. Checked by
// `npm run lint:imports` in its own cruise, because a folder cycle is judged on the run-time imports of the
// source alone: type-only imports vanish from the build (the request environment names the services by type,
// ADR 054), and a test may import any module. scripts/module-graph.ts names the files behind a cycle.
const { options } = require("./.dependency-cruiser.cjs");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "modules-form-a-tree",
      comment:
        "No import cycle between the folders under workers/: a module reaches the ones below it, never one above " +
        "(the command layer over posts, publishing, queue and workspaces, ADR 057).",
      severity: "error",
      scope: "folder",
      from: { path: "^workers/" },
      to: { circular: true },
    },
  ],
  options: {
    ...options,
    tsPreCompilationDeps: false,
    exclude: { path: `${options.exclude.path}|\\.test\\.tsx?$|\\.test-helper\\.ts$|^workers/test/` },
  },
};

// The design's never-rules (../shared/DESIGN.md "Rules of the house"), checked by `npm run lint:imports`.
// Each rule names the rule it encodes; a violation fails `npm test`.
const TEST = "(\\.test\\.tsx?$|\\.test-helper\\.ts$|^workers/test/)";
/** The kernel every feature builds on (issue 36, ADR 054). */
const KERNEL = "^workers/(tenancy/|http/|db/|errors\\.ts$|crypto\\.ts$|env\\.ts$|platform-profile/)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "workers-never-import-app",
      comment: "workers/ never imports from app/: the Worker must build and run without the UI's modules.",
      severity: "error",
      from: { path: "^workers/" },
      to: { path: "^app/" },
    },
    {
      name: "emulator-shares-nothing-with-clients",
      comment:
        "The emulator is written from PLATFORMS.md on its own: it imports neither the platform clients nor the " +
        "platform profile, so a client's misreading of an API shows up as a failing test, not a shared bug.",
      severity: "error",
      from: { path: "^workers/emulator/" },
      to: { path: "^workers/(platforms/|platform-profile/)" },
    },
    {
      name: "emulator-reaches-no-client-code",
      comment:
        "Nor through another module (env.ts imports the clients' endpoints). The profile it does reach, through " +
        "the db schema's column types.",
      severity: "error",
      from: { path: "^workers/emulator/", pathNot: TEST },
      to: { path: "^workers/platforms/", reachable: true },
    },
    {
      name: "clients-share-nothing-with-emulator",
      comment:
        "The other direction: the platform clients import only their own folder and the platform profile, so " +
        "no module (an env reader, a helper) can sit under both the clients and the emulator.",
      severity: "error",
      from: { path: "^workers/platforms/", pathNot: TEST },
      to: { path: "^workers/", pathNot: "^workers/(platforms/|platform-profile/)" },
    },
    {
      name: "features-never-import-emulator",
      comment:
        "Only the Worker entry mounts the emulator (in sandbox mode); feature code, the platform clients " +
        "included, never reaches it.",
      severity: "error",
      from: { path: "^(workers|app)/", pathNot: `^workers/(emulator/|app\\.ts$)|${TEST}` },
      to: { path: "^workers/emulator/" },
    },
    {
      name: "clients-touch-no-database-or-publishing",
      comment:
        "Platform clients speak to platforms only: no database, no publishing state. Callers hand them " +
        "what they need and store what they return.",
      severity: "error",
      from: { path: "^workers/platforms/", pathNot: TEST },
      to: { path: "^workers/(db|publishing)/" },
    },
    {
      name: "schema-imports-no-feature",
      comment: "The db schema is the bottom layer: it imports only itself and the platform profile.",
      severity: "error",
      from: { path: "^workers/db/schema/" },
      to: { path: "^workers/", pathNot: "^workers/(db/schema/|platform-profile/)" },
    },
    {
      name: "tenancy-is-kernel",
      comment:
        "Tenancy (membership, roles, key scopes, the workspace middleware) sits under every feature: at run time it " +
        "imports only the kernel (http, errors, crypto, db, env, the platform profile), never a feature (ADR 054).",
      severity: "error",
      from: { path: "^workers/tenancy/", pathNot: TEST },
      to: {
        path: "^workers/",
        pathNot: KERNEL,
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "http-is-kernel",
      comment:
        "The HTTP kernel (envelope, validation, failure mapping, route registry, idempotency) imports no feature at " +
        "run time; the request environment's types name the services, type-only (ADR 054).",
      severity: "error",
      from: { path: "^workers/http/", pathNot: TEST },
      to: { path: "^workers/", pathNot: KERNEL, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "platform-profile-imports-nothing",
      comment: "The platform profile is pure facts shared by server and UI; it imports nothing outside itself.",
      severity: "error",
      from: { path: "^workers/platform-profile/" },
      to: { pathNot: "^workers/platform-profile/" },
    },
    {
      name: "modules-import-through-index",
      comment:
        "A feature module is used only through its index.ts, its public surface: its other files are its own to " +
        "change. The kernel (db, http, tenancy and the top-level kernel files) is imported file by file (ADR 079).",
      severity: "error",
      from: { path: "^workers/([^/]+)/", pathNot: TEST },
      to: { path: "^workers/[^/]+/", pathNot: ["^workers/$1/", "^workers/[^/]+/(index|public)\\.ts$", KERNEL] },
    },
    {
      name: "entry-files-import-through-index",
      comment: "The Worker's entry and wiring files (app.ts, api.ts, services.ts…) use modules through index.ts too.",
      severity: "error",
      from: { path: "^workers/[^/]+\\.ts$", pathNot: TEST },
      to: { path: "^workers/[^/]+/", pathNot: ["^workers/[^/]+/(index|public)\\.ts$", KERNEL] },
    },
    {
      name: "app-imports-public-surfaces",
      comment:
        "The UI uses a feature module through its public.ts (client-safe schemas, constants, pure rules) and its " +
        "index.ts (types, and services in .server files); the load context and the kernel as they are (ADR 079).",
      severity: "error",
      from: { path: "^app/", pathNot: "\\.test\\.tsx?$" },
      to: {
        path: "^workers/[^/]+/",
        pathNot: ["^workers/[^/]+/(index|public)\\.ts$", KERNEL],
      },
    },
    {
      name: "app-client-code-imports-no-services",
      comment:
        "Only .server files (loaders and actions) may take values from a module's index.ts: anything else reaches " +
        "the browser's bundle, which gets a module's public.ts.",
      severity: "error",
      from: { path: "^app/", pathNot: "(\\.server|\\.test)\\.tsx?$" },
      to: { path: "^workers/[^/]+/index\\.ts$", pathNot: KERNEL, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "public-surfaces-stay-client-safe",
      comment:
        "What a public.ts reaches goes into the browser's bundle, so it reaches other modules through their public.ts " +
        "only, never an index.ts (which pulls in services, routes and cloudflare: modules).",
      severity: "error",
      from: { path: "^workers/[^/]+/public\\.ts$" },
      to: { path: "^workers/[^/]+/index\\.ts$", pathNot: KERNEL, reachable: true },
    },
    {
      name: "not-to-unresolvable",
      comment:
        "An import that resolves to nothing would hide a rule break (./+types are React Router's generated types).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^(cloudflare:|virtual:|\\./\\+types/)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.cloudflare.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};

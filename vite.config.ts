import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import routes from "./app/routes.ts";
import { firstLoadChunks } from "./scripts/first-load-chunks.ts";
import { reactStringChunks } from "./scripts/react-string-chunks.ts";

/** Function and class names survive minification: stack traces in Worker logs stay readable, and `.name` checks hold. */
const keepNames = { function: true, class: true };

/**
 * The pages inside the app layout share its shell; the rest (sign-in, invitations, public pages) do not. The
 * development-only pages (`dev/…`, served with DEV_ROUTES alone) are not counted among the rest: the dev mailbox's
 * one icon in common with the sidebar was a file of its own on every signed-in page.
 */
const appLayout = routes.find((r) => r.id === "app")!;
const devOnly = (r: (typeof routes)[number]) => r.path?.startsWith("dev/") ?? false;
const firstLoad = firstLoadChunks(import.meta.dirname, {
  client: "app/entry.client.tsx",
  root: "app/root.tsx",
  layout: `app/${appLayout.file}`,
  signIn: `app/${routes.find((r) => r.path === "auth")!.file}`,
  outside: routes.filter((r) => r !== appLayout && !devOnly(r)).map((r) => `app/${r.file}`),
  pages: appLayout.children!.map((r) => `app/${r.file}`),
});

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      configPath: "./wrangler.toml",
      // `npm run dev` serves the development-only pages; the build (what is deployed) never turns them on.
      config: command === "serve" ? (config) => ({ vars: { ...config.vars, DEV_ROUTES: "true" } }) : undefined,
    }),
    tailwindcss(),
    reactRouter(),
    reactStringChunks(),
    firstLoad,
  ],
  resolve: { tsconfigPaths: true },
  environments: {
    // The UI imports a module's public.ts (ADR 079); workers/ files have no side effects the browser needs, so the
    // browser's build keeps only the re-exports a page uses instead of every file a public.ts names.
    // File names carry 7 hash characters, not 8 (rolldown needs 7 up to 4,096 chunks: its placeholder's length):
    // every import and preload list names them, and random characters do not compress (/content: 127 bytes).
    client: {
      build: {
        rolldownOptions: {
          treeshake: { moduleSideEffects: (id: string) => !id.includes("/workers/") },
          output: {
            entryFileNames: "assets/[name]-[hash:7].js",
            chunkFileNames: "assets/[name]-[hash:7].js",
            assetFileNames: "assets/[name]-[hash:7][extname]",
          },
        },
      },
    },
    // The Worker bundle is minified like the browser's (Vite leaves server builds readable by default);
    // gzip of the upload is a budgeted row of `npm run bench` (≤ 1 MiB).
    ssr: {
      build: {
        minify: true,
        rolldownOptions: { output: { minify: { compress: { keepNames }, mangle: { keepNames }, codegen: true } } },
      },
    },
  },
}));

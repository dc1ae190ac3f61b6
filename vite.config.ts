import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** Function and class names survive minification: stack traces in Worker logs stay readable, and `.name` checks hold. */
const keepNames = { function: true, class: true };

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
  ],
  resolve: { tsconfigPaths: true },
  environments: {
    // The UI imports a module's public.ts (ADR 079); workers/ files have no side effects the browser needs, so the
    // browser's build keeps only the re-exports a page uses instead of every file a public.ts names.
    client: {
      build: { rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !id.includes("/workers/") } } },
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

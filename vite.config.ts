import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" }, configPath: "./wrangler.toml" }), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});

import { env } from "cloudflare:workers";
import type { FontFiles } from "./pdf";
import type { FontFace } from "./pdf-text";

/**
 * The PDF's Unicode fonts, served as static assets from /fonts/ (copied there by scripts/copy-fonts.ts, ADR 026)
 * and read through the ASSETS binding, so they are fetched only by a report that needs them and never weigh on
 * the Worker bundle. The host is ignored by the binding.
 */
const base = "https://assets.invalid/fonts/";

async function asset(path: string): Promise<Response> {
  const res = await env.ASSETS.fetch(new URL(path, base));
  if (!res.ok) throw new Error(`font asset ${path} answered ${res.status}`);
  return res;
}

let manifest: Promise<FontFace[]> | undefined;

export const assetFonts: FontFiles = {
  faces() {
    manifest ??= asset("manifest.json")
      .then(async (res) => ((await res.json()) as { faces: FontFace[] }).faces)
      .catch((err) => {
        manifest = undefined; // try again on the next report
        throw err;
      });
    return manifest;
  },
  async load(file) {
    return new Uint8Array(await (await asset(file)).arrayBuffer());
  },
};

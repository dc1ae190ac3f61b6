/**
 * `npm run smoke:live -- --platform <name> [--variant instagram-only] [--instance mastodon.social]`: one real round trip against a live
 * platform with the app's own clients (workers/platforms, the same code the Worker runs): connect, publish a
 * marked text post and one with media to an opted-in test account, read them back with metrics, delete them,
 * and print a table. Setup and safety: docs/LIVE-SMOKE.md. Exits 1 when a step failed.
 */
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { imageSize } from "image-size";
import { endpointOverrides, platformCredentials } from "../workers/env.ts";
import { PLATFORMS, type Platform } from "../workers/platform-profile/index.ts";
import { createPlatformRegistry } from "../workers/platforms/registry.ts";
import { resolveEndpoints } from "../workers/platforms/resolve-endpoints.ts";
import { runSmoke } from "../workers/platforms/smoke-kit.ts";
import type { InstanceApp, PublishMedia } from "../workers/platforms/types.ts";
import { readVars } from "./config-vars.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values } = parseArgs({
  options: { platform: { type: "string" }, variant: { type: "string" }, instance: { type: "string" } },
});
const platform = values.platform as Platform;
if (!PLATFORMS.includes(platform)) fail(`usage: npm run smoke:live -- --platform <${PLATFORMS.join("|")}>`);
const KEY = platform.toUpperCase();
const vars = readVars();
const credentials = platformCredentials(vars, false);
// Mastodon registers itself on the named instance (ADR 059): no app of ours to configure, but an instance to name.
if (platform === "mastodon" && !values.instance) fail("Name the test account's server: --instance mastodon.social");
if (!credentials[platform] && platform !== "mastodon")
  fail(`Set ${KEY}_CLIENT_ID and ${KEY}_CLIENT_SECRET (your ${platform} app) in .dev.vars.`);
const account = vars[`SMOKE_${KEY}_ACCOUNT`];
if (!account) fail(`Opt in a test account first: SMOKE_${KEY}_ACCOUNT=<its username or id> in .dev.vars.`);
const redirectUri = vars.SMOKE_REDIRECT_URI ?? `http://localhost:8788/api/auth/${platform}/callback`;

/** Media by a public https URL (Meta's servers download it); upload platforms read the same bytes. */
async function mediaFrom(kind: "image" | "video", url: string | undefined): Promise<PublishMedia> {
  if (!url?.startsWith("https://"))
    fail(`Set SMOKE_${kind.toUpperCase()}_URL to a public https ${kind === "image" ? "JPEG" : "MP4"} in .dev.vars.`);
  const res = await fetch(url);
  if (!res.ok) fail(`${url} answered ${res.status}.`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const size = kind === "image" ? imageSize(bytes) : null;
  return {
    kind,
    url,
    mimeType: res.headers.get("content-type")?.split(";")[0] ?? (kind === "image" ? "image/jpeg" : "video/mp4"),
    size: bytes.length,
    width: size?.width ?? null,
    height: size?.height ?? null,
    open: async () => new Response(bytes).body!,
  };
}

/** Prints the consent URL and waits for the platform to send the browser back to the redirect URI. */
function consent(authorizeUrl: URL): Promise<URLSearchParams> {
  const callback = new URL(redirectUri);
  console.log(`\nOpen this URL, sign in with the test account and approve:\n\n${authorizeUrl}\n`);
  console.log(`Waiting for the callback on ${callback.origin}${callback.pathname} …`);
  return new Promise((resolve, reject) => {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", callback.origin);
      if (url.pathname !== callback.pathname) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "text/plain" }).end("Postline smoke test: back in the terminal now.");
      server.close();
      resolve(url.searchParams);
    });
    server.once("error", reject);
    server.listen(Number(callback.port || 80), callback.hostname);
  });
}

const registry = createPlatformRegistry({
  endpoints: resolveEndpoints(endpointOverrides(vars), "live", new URL(redirectUri).origin, Date.now()),
  fetch: (input, init) => fetch(input, init),
  credentials,
  now: Date.now,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  // The run's own registration on the instance, kept for this run only.
  instanceApps: (() => {
    const apps = new Map<string, InstanceApp>();
    return {
      get: async (p, instance, uri) => apps.get(`${p} ${instance} ${uri}`) ?? null,
      save: async (p, instance, uri, app) => void apps.set(`${p} ${instance} ${uri}`, app),
    };
  })(),
});
// YouTube takes only video; every other platform gets the image (the kit never publishes the video there).
const image = platform === "youtube" ? null : await mediaFrom("image", vars.SMOKE_IMAGE_URL);
const video = platform === "youtube" ? await mediaFrom("video", vars.SMOKE_VIDEO_URL) : image!;
const steps = await runSmoke({
  platform,
  client: registry[platform]!,
  redirectUri,
  variant: values.variant,
  instance: values.instance,
  consent,
  account,
  media: { image: image ?? video, video },
  now: Date.now,
});
console.table(steps.map((s) => ({ step: s.step, outcome: s.outcome, ms: s.ms, detail: s.detail })));
process.exitCode = steps.some((s) => s.outcome === "failed") ? 1 : 0;

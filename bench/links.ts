import { loadavg } from "node:os";
import { jpegBytes } from "../workers/test/media-fixtures.ts";
import type { BenchClient } from "./http.ts";
import { inParallel } from "./staging.ts";
import { type BenchRow, msFmt, percentile } from "./stats.ts";

/** A reader's browser: a click from a bot's or a script's user agent is not counted (ADR 067). */
const BROWSER = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};
/** A code the redirect turns away before any read: the Worker's own floor for a `/l/` request. */
const BARE = "/l/not-a-code";

/** The machine's 1-minute load average: this bench shares its cores, so a row's figures need it beside them. */
const load = () => loadavg()[0]!.toFixed(1);

type LinkRow = { code: string; destination: string; clicks: number };

/**
 * Issue 44's speed rows. One post with two links is published through the emulator with link tracking on, which
 * makes two short links: the redirect of one is timed against the bare `/l/` answer (interleaved, so load hits both
 * alike); the other takes `clicks` clicks within a minute from `width` readers at once, and the report must then
 * count every one of them once (the increment is atomic, counted after the answer has left).
 */
export async function shortLinkRows(
  client: BenchClient,
  size: { requests: number; clicks: number; width: number },
): Promise<BenchRow[]> {
  const [timed, burst] = await publishedLinks(client);
  const loadBefore = load();
  const [bare, redirect] = await client.timeInterleaved(
    [
      [BARE, BROWSER],
      [`/l/${timed.code}`, BROWSER],
    ],
    size.requests,
  );
  const p50 = percentile(redirect!, 50) / percentile(bare!, 50);
  const latency: BenchRow = {
    name: "Short-link redirect vs bare /l/ answer",
    value: `p50 ${p50.toFixed(2)}× · p99 ${(percentile(redirect!, 99) / percentile(bare!, 99)).toFixed(2)}×`,
    budget: "p50 ≤ 1.1×",
    pass: p50 <= 1.1,
    note: `p50 ${msFmt(percentile(redirect!, 50))}, bare p50 ${msFmt(percentile(bare!, 50))}; ${size.requests} interleaved pairs (order alternating); load ${loadBefore} → ${load()}; the click is counted after the answer (waitUntil)`,
  };
  const started = performance.now();
  let wrong = 0;
  await inParallel(Array.from({ length: size.clicks }), size.width, async () => {
    const res = await fetch(`${client.baseUrl}/l/${burst.code}`, { headers: BROWSER, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 302 || res.headers.get("Location") !== burst.destination) wrong += 1;
  });
  const sentMs = performance.now() - started;
  const counted = await settledClicks(client, burst.owner, burst.code, size.clicks);
  const settledMs = performance.now() - started - sentMs;
  const counting: BenchRow = {
    name: `${size.clicks.toLocaleString("en")} clicks on one short link`,
    value: `${counted.toLocaleString("en")} counted · sent in ${(sentMs / 1000).toFixed(1)} s`,
    budget: "all counted once, within 60 s",
    pass: counted === size.clicks && wrong === 0 && sentMs <= 60_000,
    note: `${size.width} readers at once (${Math.round(size.clicks / (sentMs / 1000))} a second, load ${load()}); the count settled ${(settledMs / 1000).toFixed(1)} s after the last click; ${wrong} answers other than a 302 to the destination`,
  };
  return [latency, counting];
}

/** The two short links of a post published now on LinkedIn (an image: SPEC requires media there). */
async function publishedLinks(client: BenchClient): Promise<Array<LinkRow & { owner: string }>> {
  const image = new File([jpegBytes(200, 200) as BlobPart], "links.jpg", { type: "image/jpeg" });
  const owner = await client.owner(`bench-links-${Date.now()}@bench.local`, "linkedin", image);
  const on = await client.json("/api/links/settings", { method: "PUT", token: owner.token, body: { enabled: true } });
  if (on.status !== 200) throw new Error(`turning link tracking on failed: ${on.body.message}`);
  const created = await client.json<{ _id: string }>("/api/posts", {
    token: owner.token,
    idempotencyKey: crypto.randomUUID(),
    body: {
      content: `Bench links ${crypto.randomUUID().slice(0, 6)}: https://example.com/timed and https://example.com/burst`,
      platforms: ["linkedin"],
      selectedAccounts: { linkedin: [owner.account] },
      images: [owner.media],
      publishNow: true,
    },
  });
  if (created.status !== 201) throw new Error(`publishing the links' post failed: ${created.body.message}`);
  const postId = created.body.data._id;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    const links = await linksOf(client, owner.token, postId);
    if (links.length === 2) return links.map((l) => ({ ...l, owner: owner.token }));
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the links' post made no short links within 2 minutes");
}

async function linksOf(client: BenchClient, token: string, postId: string): Promise<LinkRow[]> {
  const res = await client.json<{ links: LinkRow[] }>(`/api/links?postId=${postId}`, { token });
  if (res.status !== 200) throw new Error(`reading the links failed: ${res.body.message}`);
  return res.body.data.links;
}

/** The link's count once the clicks' background work is done: `expected` (or more), or where it stopped. */
async function settledClicks(client: BenchClient, token: string, code: string, expected: number): Promise<number> {
  let last = -1;
  for (let still = 0; still < 10; ) {
    const links = (await client.json<{ links: LinkRow[] }>("/api/links", { token })).body.data.links;
    const now = links.find((l) => l.code === code)?.clicks ?? 0;
    if (now >= expected) return now;
    still = now === last ? still + 1 : 0;
    last = now;
    await new Promise((r) => setTimeout(r, 500));
  }
  return last;
}

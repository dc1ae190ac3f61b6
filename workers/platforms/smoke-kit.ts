import { PLATFORM_PROFILES, type Platform } from "../platform-profile";
import {
  type AccountCredentials,
  type PlatformClient,
  PlatformError,
  type PublishMedia,
  type PublishResult,
} from "./types";

/**
 * The live smoke kit (`npm run smoke:live`, docs/LIVE-SMOKE.md): one real round trip through a platform
 * client — connect, publish a marked text post and one with media, read each back with its metrics, delete
 * it. It only uses the PlatformClient contract, so the same steps run against a real platform from Node
 * and against the emulator in `npm test` (smoke-kit.test.ts).
 */
export interface SmokeOptions {
  platform: Platform;
  client: PlatformClient;
  redirectUri: string;
  variant?: string;
  /** The server the test account lives on, for open networks (a Mastodon instance). */
  instance?: string;
  /** Sends a person (or, in tests, the emulator's consent form) to the URL; resolves with the callback's query. */
  consent: (authorizeUrl: URL) => Promise<URLSearchParams>;
  /** The opted-in test account (platform user id or username): the kit publishes nowhere else. */
  account: string;
  /** An image, and for video-only platforms a video, the platform can fetch or the client can upload. */
  media: { image: PublishMedia; video: PublishMedia };
  now: () => number;
}

export interface SmokeStep {
  step: string;
  outcome: "ok" | "failed" | "skipped" | "manual";
  detail: string;
  ms: number;
}

/** The caption every smoke post carries, so nobody mistakes it for content. */
export const smokeText = (kind: string, at: number) =>
  `[Postline smoke test] ${kind} post from ${new Date(at).toISOString()}: an automated check, deleted right after.`;

export async function runSmoke(opts: SmokeOptions): Promise<SmokeStep[]> {
  const steps: SmokeStep[] = [];
  const step = async <T>(name: string, run: () => Promise<{ detail: string; value: T }>): Promise<T | null> => {
    const started = opts.now();
    try {
      const { detail, value } = await run();
      steps.push({ step: name, outcome: "ok", detail, ms: opts.now() - started });
      return value;
    } catch (err) {
      const manual = err instanceof ManualStep;
      steps.push({
        step: name,
        outcome: manual ? "manual" : "failed",
        detail: describe(err),
        ms: opts.now() - started,
      });
      return null;
    }
  };

  const account = await step("connect", () => connect(opts));
  if (!account) return steps;
  const rules = PLATFORM_PROFILES[opts.platform].media;
  const posts: Array<{ kind: string; media: PublishMedia[] }> = [
    { kind: "text", media: [] },
    { kind: rules.videoOnly ? "video" : "image", media: [rules.videoOnly ? opts.media.video : opts.media.image] },
  ];
  for (const post of posts) {
    if (rules.mediaRequired && post.media.length === 0) {
      steps.push({
        step: `publish ${post.kind}`,
        outcome: "skipped",
        detail: "the platform takes no text-only posts",
        ms: 0,
      });
      continue;
    }
    const marker = `smoke-${crypto.randomUUID()}`;
    const text = smokeText(post.kind, opts.now());
    const since = opts.now();
    const published = await step(`publish ${post.kind}`, async () => {
      // A platform whose posts go on a board (Pinterest) gets the test account's first one.
      const board = opts.client.boards ? (await opts.client.boards(account))[0]?.id : undefined;
      const result = await opts.client.publish(account, {
        marker,
        text,
        title: "Postline smoke test",
        media: post.media,
        // Private wherever the platform has it (YouTube's privacy, TikTok's "Only me"); a pin goes on the first board.
        options: { privacy: "private", tiktokPrivacy: "SELF_ONLY", board },
      });
      return { detail: result.remoteId, value: result };
    });
    if (!published) continue;
    await step(`read back ${post.kind}`, () => readBack(opts.client, account, published, { marker, since, text }));
    await step(`metrics ${post.kind}`, async () => {
      const m = await opts.client.postMetrics(account, published.remoteId);
      return { detail: `impressions ${m.impressions}, likes ${m.likes}, comments ${m.comments}`, value: m };
    });
    await step(`delete ${post.kind}`, async () => {
      try {
        await opts.client.deletePost(account, published.remoteId);
      } catch (err) {
        // A platform without a delete API (Instagram): the post stays, and the table says where to delete it.
        if (err instanceof PlatformError && err.kind === "permanent")
          throw new ManualStep(`${err.message} ${published.permalink ?? published.remoteId}`);
        throw err;
      }
      return { detail: "deleted", value: null };
    });
  }
  return steps;
}

/** A step the platform leaves to a person (deleting on Instagram). */
class ManualStep extends Error {}

async function connect(opts: SmokeOptions): Promise<{ detail: string; value: AccountCredentials }> {
  const state = crypto.randomUUID();
  const codeVerifier = `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll("-", "");
  const start = await opts.client.authorizeUrl({
    state,
    redirectUri: opts.redirectUri,
    codeVerifier,
    variant: opts.variant,
    instance: opts.instance,
  });
  const callback = await opts.consent(start instanceof URL ? start : start.url);
  if (callback.get("state") !== state) throw new Error("The callback's state does not match this consent.");
  const code = callback.get("code");
  if (!code) throw new Error(`The consent was not granted: ${callback.get("error") ?? "no code"}`);
  const tokens = await opts.client.exchangeCode({
    code,
    redirectUri: opts.redirectUri,
    codeVerifier,
    variant: opts.variant,
    instance: opts.instance,
    secret: start instanceof URL ? undefined : start.secret,
    issuer: callback.get("iss") ?? undefined,
  });
  const accounts = (await opts.client.accounts(tokens, opts.variant, opts.instance)).filter(
    (a) => (a.platform ?? opts.platform) === opts.platform,
  );
  const chosen = accounts.find((a) => a.platformUserId === opts.account || a.username === opts.account);
  if (!chosen)
    throw new Error(
      `The opted-in test account ${opts.account} is not among this login's accounts: ${accounts.map((a) => `${a.username} (${a.platformUserId})`).join(", ") || "none"}.`,
    );
  return {
    detail: `@${chosen.username} (${chosen.platformUserId})`,
    value: {
      platformUserId: chosen.platformUserId,
      accessToken: (chosen.tokens ?? tokens).accessToken,
      accountType: chosen.accountType,
      metadata: chosen.metadata ?? {},
    },
  };
}

async function readBack(
  client: PlatformClient,
  account: AccountCredentials,
  published: PublishResult,
  post: { marker: string; since: number; text: string },
) {
  const permalink = published.permalink ?? (await client.permalink?.(account, published.remoteId)) ?? null;
  let found: PublishResult | null;
  try {
    found = await client.findPublished(account, post.marker, post.since, post.text);
  } catch (err) {
    // A platform that lets apps read nothing back (LinkedIn member posts): a person checks the permalink.
    if (err instanceof PlatformError && err.kind === "permanent")
      throw new ManualStep(`${err.message} Check ${permalink ?? published.remoteId}`);
    throw err;
  }
  if (found?.remoteId !== published.remoteId)
    throw new Error(`The platform does not list ${published.remoteId} (found ${found?.remoteId ?? "nothing"}).`);
  return { detail: permalink ?? "(no permalink)", value: found };
}

function describe(err: unknown): string {
  if (err instanceof PlatformError) return `${err.kind}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

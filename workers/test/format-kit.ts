import { beforeAll, beforeEach } from "vitest";
import type { PostFormat } from "../platform-profile";
import { defaultVersion, versionedApi } from "../platforms/api-versions";
import type { PublishMedia, PublishRequest } from "../platforms/types";
import { call, registerUser } from "./helpers";
import { mediaLinks } from "./media-links";
import { connectViaEmulator, platformHarness, raw } from "./oauth";
import { drizzleOf } from "./shards";

/** What the Reels and Stories client tests share (ADR 066): a request of a format, its media, Graph read as a third party. */
const graphVersion = defaultVersion(versionedApi("META_GRAPH_VERSION"), Date.now());

export const formatMedia = (kind: "image" | "video", url: string): PublishMedia => ({
  kind,
  url,
  mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
  size: 1000,
  open: async () => new Blob(["x"]).stream(),
});

export const formatPost = (text: string, format: PostFormat, items: PublishMedia[]): PublishRequest => ({
  marker: crypto.randomUUID(),
  text,
  media: items,
  options: { format },
});

/** GET on the emulated graph.facebook.com with the account's token. */
export async function graphRead(path: string, token: string) {
  const sep = path.includes("?") ? "&" : "?";
  const res = await raw(`/sandbox/graph.facebook.com/${graphVersion}/${path}${sep}access_token=${token}`);
  return res.json<{ data?: Array<Record<string, unknown>>; [k: string]: unknown }>();
}

/**
 * Uploads `files` once for the suite (signed links the emulator fetches through the app) and clears the fault
 * switch before each case; returns the media of one file by its key.
 */
export function formatFixtures<K extends string>(files: () => Promise<Record<K, { bytes: Uint8Array; name: string }>>) {
  let urls: Record<K, string>;
  beforeAll(async () => {
    urls = (await mediaLinks(await files())).urls;
  });
  beforeEach(async () => {
    await raw("/sandbox/faults", { method: "DELETE" });
  });
  return (kind: "image" | "video", file: K) => formatMedia(kind, urls[file]);
}

/** A fresh user connected to `platform` through the emulator, and the chosen account's id. */
export async function connectedAccount(
  platform: "instagram" | "facebook",
  pick: (a: { platform: string; username: string }) => boolean = (a) => a.platform === platform,
  variant?: string,
) {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, platform, { variant });
  const accounts = (
    await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: u.cookie })
  ).body.data.accounts;
  return { u, accountId: accounts.find(pick)!._id };
}

/** The client and credentials of a freshly connected account, as the publisher has them. */
export async function connectedClient(
  platform: "instagram" | "facebook",
  pick: (a: { platform: string; username: string }) => boolean,
  variant?: string,
) {
  const { u, accountId } = await connectedAccount(platform, pick, variant);
  const h = platformHarness({}, await drizzleOf(u.user.id));
  return { client: h.registry[platform]!, creds: await h.accounts.accountCredentials(accountId) };
}

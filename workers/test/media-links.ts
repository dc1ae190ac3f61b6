import { env } from "cloudflare:test";
import { MediaUrlSigner } from "../media/signed-url";
import { call, ORIGIN, registerUser } from "./helpers";
import { fileOf } from "./media-fixtures";

/**
 * Files uploaded to a fresh user's library and the signed links a platform fetches them by, as the
 * publisher builds them: the emulator downloads media by URL through the app's own /media/s route.
 */
export async function mediaLinks<K extends string>(
  files: Record<K, { bytes: Uint8Array; name: string }>,
): Promise<{ urls: Record<K, string>; expiredUrl: (key: K) => Promise<string> }> {
  const owner = await registerUser();
  const ids = {} as Record<K, string>;
  for (const key of Object.keys(files) as K[]) {
    const form = new FormData();
    form.append("files", fileOf(files[key].bytes, files[key].name));
    const res = await call<"POST /api/media/upload">("/api/media/upload", { token: owner.token, body: form });
    if (res.status !== 201 && res.status !== 200) throw new Error(`upload ${files[key].name}: ${res.body.message}`);
    ids[key] = res.body.data[0].id;
  }
  const sign = (now: number, key: K, ttlMs?: number) =>
    new MediaUrlSigner(env.SESSION_SECRET, () => now).signedMediaUrl(ORIGIN, ids[key], {
      filename: files[key].name,
      ttlMs,
      workspaceId: owner.user.id,
    });
  const urls = {} as Record<K, string>;
  for (const key of Object.keys(files) as K[]) urls[key] = await sign(Date.now(), key);
  return {
    urls,
    /** Signed a day ago for one minute: the app answers 403, as it does for a link past its week. */
    expiredUrl: (key) => sign(Date.now() - 86_400_000, key, 60_000),
  };
}

/**
 * JSON answers kept in the Workers Cache API under an internal URL: per data centre, never shared between
 * workspaces (the key names the workspace) and never reachable from outside (only the Worker reads it).
 */

/** The Workers Cache API (the DOM lib in tsconfig hides `caches.default`). */
const cache = () => (caches as unknown as { default: Cache }).default;

/** The cache's URL for `parts` (each encoded), under the app's internal host. */
export const cacheKey = (...parts: string[]) =>
  `https://cache.postline.internal/${parts.map(encodeURIComponent).join("/")}`;

export async function cachedJson<T>(key: string): Promise<T | null> {
  const hit = await cache().match(key);
  return hit ? ((await hit.json()) as T) : null;
}

export async function cacheJson(key: string, data: unknown, ttlSeconds: number): Promise<void> {
  await cache().put(
    key,
    new Response(JSON.stringify(data), {
      headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${ttlSeconds}` },
    }),
  );
}

export async function uncache(key: string): Promise<void> {
  await cache().delete(key);
}

import { asciiLocation } from "../../workers/http/location";

/**
 * Where to go after signing in. Only a path on this site is accepted: `//evil.com`, `/\evil.com`,
 * absolute URLs and anything pointing back at /auth fall back to the dashboard.
 */
export function safeRedirect(to: string | null | undefined, fallback = "/dashboard"): string {
  if (!to?.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character in a redirect is refused.
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  const path = to.split(/[?#]/)[0]!;
  if (path === "/auth" || path.startsWith("/auth/")) return fallback;
  try {
    return asciiLocation(to);
  } catch {
    return fallback; // a lone surrogate cannot be encoded
  }
}

/** The /auth address a protected page sends a signed-out visitor to. */
export function signInPath(url: URL): string {
  return `/auth?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

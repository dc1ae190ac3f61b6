/**
 * Open networks where each server is a platform of its own (Mastodon instances, ADR 059): the user names the
 * server, and the name is checked and reduced to its host before anything is sent there.
 */

/** A domain as the user may type it ("https://Mastodon.Social/@me", "mastodon.social"): the bare host, or null. */
export function normalizeInstance(input: string): string | null {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed) return null;
  let host: string;
  try {
    host = new URL(/^[a-z]+:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`).host;
  } catch {
    return null;
  }
  // A DNS name: labels of letters, digits and hyphens, at least one dot, an optional port.
  const dns = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}(:\d{1,5})?$/;
  return host.length <= 253 && dns.test(host) ? host : null;
}

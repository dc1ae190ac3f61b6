/** Webhook delivery rules (ADR 019), pure: retries, backoff, when an endpoint is disabled, which URLs are allowed. */

/** Attempts per delivery before it is logged as failed (the WEBHOOKS queue's max_retries is above this). */
export const MAX_DELIVERY_ATTEMPTS = 8;
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 6 * 60 * 60;
/** An endpoint that has failed every delivery for this long is disabled and its admins are emailed. */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 60 * 60_000;
/** How much of a receiver's answer the delivery log keeps. */
export const EXCERPT_CHARS = 500;

/** Seconds before attempt `attempt + 1`, after `attempt` (1-based) failed: 30 s, 1 min, 2 min, … up to 6 h. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** (attempt - 1), MAX_RETRY_SECONDS);
}

/** After a failed attempt: try again later, or stop and log the delivery as failed. */
export function afterFailure(attempt: number): { retry: true; delaySeconds: number } | { retry: false } {
  return attempt < MAX_DELIVERY_ATTEMPTS ? { retry: true, delaySeconds: retryDelaySeconds(attempt) } : { retry: false };
}

/** Whether an endpoint failing since `failingSince` (null: its last delivery succeeded) is to be disabled. */
export function shouldDisable(failingSince: number | null, now: number): boolean {
  return failingSince !== null && now - failingSince >= DISABLE_AFTER_FAILING_MS;
}

export const excerptOf = (text: string) => text.slice(0, EXCERPT_CHARS);

/** Hosts that name this machine or a private network: a webhook must not be a way into them (SSRF). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal"))
    return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (host.includes(":")) {
    return (
      host === "::" ||
      host === "::1" ||
      host.startsWith("fc") ||
      host.startsWith("fd") ||
      host.startsWith("fe80") ||
      host.startsWith("::ffff:")
    );
  }
  return false;
}

export const WebhookUrlMessages = {
  https: "Webhook URLs must use https.",
  privateHost: "Webhook URLs must point to a public host, not a private or local address.",
} as const;

/**
 * Why a receiver URL is refused, or null. Production takes only https to public hosts; development and
 * test also take http and loopback/private hosts, so a receiver on this machine works.
 */
export function endpointUrlRefusal(url: URL, appEnv: string): string | null {
  if (appEnv === "development" || appEnv === "test") return null;
  if (url.protocol !== "https:") return WebhookUrlMessages.https;
  if (isPrivateHost(url.hostname)) return WebhookUrlMessages.privateHost;
  return null;
}

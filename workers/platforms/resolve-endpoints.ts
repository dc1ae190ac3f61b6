import { defaultVersion, versionedApi } from "./api-versions";
import {
  BROWSER_FACING,
  ENDPOINT_KEYS,
  type EndpointKey,
  type Endpoints,
  INSTANCE_TEMPLATES,
  LIVE_ENDPOINTS,
  VERSION_KEYS,
} from "./endpoints";

/**
 * The endpoints a client registry uses on `now`: the live bases and the day's default API versions (ADR 051),
 * then the deployment's overrides. In sandbox mode the browser-facing bases are this Worker's /sandbox pages.
 */
export function resolveEndpoints(
  env: Partial<Record<EndpointKey, string>>,
  mode: "sandbox" | "live",
  origin: string,
  now: number,
): Endpoints {
  const out = { ...LIVE_ENDPOINTS, ...INSTANCE_TEMPLATES } as Endpoints;
  for (const key of VERSION_KEYS) out[key] = defaultVersion(versionedApi(key), now);
  for (const key of ENDPOINT_KEYS) {
    const override = env[key];
    if (override) out[key] = override;
  }
  if (mode === "sandbox") {
    for (const key of BROWSER_FACING) out[key] = `${origin}/sandbox/${new URL(LIVE_ENDPOINTS[key]).host}`;
    out.MASTODON_AUTHORIZE_BASE = `${origin}/sandbox/{instance}`;
    out.BSKY_AUTHORIZE_BASE = `${origin}/sandbox/{host}`;
  }
  return out;
}

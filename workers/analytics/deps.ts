import { HttpError } from "../http/envelope";
import type { SyncDeps } from "./sync";

/**
 * Where the sync endpoints get their platform clients and credentials. The Worker entry provides the
 * real implementation (registry clients + account token service); tests provide an in-test client.
 */
export type AnalyticsDepsProvider = (input: { env: Env; db: SyncDeps["db"]; now: () => number }) => SyncDeps;

let provider: AnalyticsDepsProvider | null = null;

export function provideAnalyticsDeps(p: AnalyticsDepsProvider | null) {
  provider = p;
}

export function analyticsDeps(input: { env: Env; db: SyncDeps["db"]; now: () => number }): SyncDeps {
  if (!provider) throw new HttpError(503, "Analytics sync is not available: platform clients are not configured.");
  return provider(input);
}

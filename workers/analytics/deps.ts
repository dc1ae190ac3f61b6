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

/** The override a test installed, else the real registry clients and account credentials. */
export function analyticsDeps(input: { env: Env; db: SyncDeps["db"]; now: () => number }, real: () => SyncDeps): SyncDeps {
  return provider ? provider(input) : real();
}

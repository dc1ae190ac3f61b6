import { type AccountCredentials, PlatformError } from "./types";

/** True when the platform refused the token itself (expired or revoked), which a refresh can cure. */
export const refusedToken = (err: unknown): boolean =>
  err instanceof PlatformError && err.kind === "auth" && !err.details.denied;

/**
 * Platform calls with one account's credentials that survive a token the platform no longer takes: the first
 * refusal of the token is answered by one refresh and the call is made again; later refusals, and a missing
 * permission (which only a reconnect that grants it cures), are thrown as they are. An auth refusal means
 * the platform did nothing, so making the call again is safe.
 */
export function refreshOnce(
  initial: AccountCredentials,
  refresh: () => Promise<AccountCredentials | null>,
): {
  call<T>(fn: (credentials: AccountCredentials) => Promise<T>): Promise<T>;
  readonly credentials: AccountCredentials;
} {
  let current = initial;
  let refreshed = false;
  return {
    get credentials() {
      return current;
    },
    async call(fn) {
      try {
        return await fn(current);
      } catch (err) {
        if (refreshed || !refusedToken(err)) throw err;
        refreshed = true;
        const fresh = await refresh();
        if (!fresh) throw err;
        current = fresh;
        return fn(current);
      }
    },
  };
}

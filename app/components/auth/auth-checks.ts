import { notify } from "~/lib/notify";

/**
 * The auth forms check their input with the API's own schemas (workers/auth/schemas.ts, the single source, through the module's public.ts).
 * They are not needed to draw the sign-in page, so they load after it: when a form is first focused
 * (`preloadAuthChecks` on the form). A submit takes them synchronously once they have arrived, as they have
 * by the time anyone has typed, so the form's message shows in the same event as before:
 *
 *   const checks = loadedAuthChecks() ?? (await loadAuthChecks());
 *   if (!checks) return;
 *
 * This keeps zod out of the sign-in page's first-load JavaScript.
 */
type AuthChecks = typeof import("../../../workers/auth/public");

let loaded: AuthChecks | null = null;
let pending: Promise<AuthChecks> | null = null;

function load(): Promise<AuthChecks> {
  return (pending ??= import("../../../workers/auth/public").then(
    (m) => (loaded = m),
    (err: unknown) => {
      pending = null; // retried on the next focus or submit
      throw err;
    },
  ));
}

export function loadedAuthChecks(): AuthChecks | null {
  return loaded;
}

/** The schemas once downloaded; null (after telling the user) when the download failed. */
export async function loadAuthChecks(): Promise<AuthChecks | null> {
  try {
    return await load();
  } catch {
    notify.error("Unable to connect. Please check your connection and try again.");
    return null;
  }
}

/** For `onFocus` of a form: starts the download early; a failure is reported by the submit that needs it. */
export function preloadAuthChecks(): void {
  load().catch(() => {});
}

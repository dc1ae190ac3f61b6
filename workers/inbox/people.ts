import type { Platform } from "../platform-profile";
import { inboxAdapter, refreshOnce } from "../platforms";
import type { InboxSyncDeps } from "./jobs";

/** Naming a sender reads the network like polling does, with the same deps. */
export type PeopleDeps = InboxSyncDeps;

/**
 * The name a webhook-only message is shown under (ADR 101): Meta's `messages` webhook names the sender by id, so
 * the network's profile read names them once per account and the name is kept; until then, and when the read is
 * refused (no consent, a blocked business, an outage), the name an earlier item of the thread carried, or the id.
 * The message itself is never held back by it.
 */
export async function personName(
  deps: PeopleDeps,
  account: { id: string; platform: Platform },
  personId: string,
): Promise<string> {
  const kept = await deps.sources.person(account.id, personId);
  if (kept) return kept.name;
  const read = inboxAdapter(account.platform, deps.client(account.platform))?.person;
  if (read)
    try {
      const access = refreshOnce(await deps.credentials(account.id), () => deps.refreshCredentials(account.id));
      const profile = await access.call((c) => read(c, personId));
      await deps.sources.keepPerson(account.id, personId, profile, deps.now());
      return profile.name;
    } catch {
      // The thread's earlier name (or the id) stands in; the next message from them tries the read again.
    }
  return deps.store.personName(account.id, personId);
}

import { byPlatform, type Platform } from "../platform-profile";

const HOUR = 3_600_000;
/** Posts younger than this are synced hourly, older ones daily. */
export const FRESH_POST_MS = 48 * HOUR;
export const FRESH_INTERVAL_MS = HOUR;
export const OLD_INTERVAL_MS = 24 * HOUR;
export const ACCOUNT_INTERVAL_MS = 6 * HOUR;
/** An enqueued account is not enqueued again for this long (its message is in flight). */
export const IN_FLIGHT_MS = 15 * 60_000;
/** Accounts per platform per cron run (the platform profile's quota). */
export const ACCOUNTS_PER_PLATFORM_PER_RUN = byPlatform((p) => p.analyticsAccountsPerRun);
/** Targets synced per account per run; the rest wait for the next run (most overdue first). */
export const TARGETS_PER_SYNC = 25;

export interface TargetSyncInfo {
  targetId: string;
  publishedAt: number;
  lastSnapshotAt: number | null;
}

export function targetDueAt(t: TargetSyncInfo): number {
  if (t.lastSnapshotAt == null) return t.publishedAt;
  const fresh = t.lastSnapshotAt - t.publishedAt < FRESH_POST_MS;
  return t.lastSnapshotAt + (fresh ? FRESH_INTERVAL_MS : OLD_INTERVAL_MS);
}

/** The targets of one account to sync now, most overdue first, capped. */
export function dueTargets(targets: TargetSyncInfo[], now: number, limit = TARGETS_PER_SYNC): string[] {
  return targets
    .map((t) => ({ id: t.targetId, dueAt: targetDueAt(t) }))
    .filter((t) => t.dueAt <= now)
    .sort((a, b) => a.dueAt - b.dueAt || a.id.localeCompare(b.id))
    .slice(0, limit)
    .map((t) => t.id);
}

export interface AccountSyncInfo {
  accountId: string;
  platform: Platform;
  lastAccountSyncAt: number | null;
  lastEnqueuedAt: number | null;
  /** The earliest due time of the account's published targets, or null when it has none. */
  nextTargetDueAt: number | null;
}

/** Which accounts the cron enqueues now: due and not in flight, most overdue first, capped per platform. */
export function planAccountSyncs(accounts: AccountSyncInfo[], now: number, caps = ACCOUNTS_PER_PLATFORM_PER_RUN) {
  const due = accounts
    .filter((a) => a.lastEnqueuedAt == null || now - a.lastEnqueuedAt >= IN_FLIGHT_MS)
    .map((a) => {
      const accountDue = a.lastAccountSyncAt == null ? 0 : a.lastAccountSyncAt + ACCOUNT_INTERVAL_MS;
      const dueAt = Math.min(accountDue, a.nextTargetDueAt ?? Infinity);
      return {
        ...a,
        dueAt,
        reason: accountDue <= (a.nextTargetDueAt ?? Infinity) ? ("account" as const) : ("posts" as const),
      };
    })
    .filter((a) => a.dueAt <= now)
    .sort((a, b) => a.dueAt - b.dueAt || a.accountId.localeCompare(b.accountId));
  const used = new Map<Platform, number>();
  const chosen: Array<{ accountId: string; reason: "account" | "posts" }> = [];
  for (const a of due) {
    const n = used.get(a.platform) ?? 0;
    if (n >= caps[a.platform]) continue;
    used.set(a.platform, n + 1);
    chosen.push({ accountId: a.accountId, reason: a.reason });
  }
  return chosen;
}

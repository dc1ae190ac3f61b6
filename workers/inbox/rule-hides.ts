import { PLATFORMS, type Platform } from "../platform-profile";
import { type AccountCredentials, inboxAdapter, type PlatformClient, PlatformError, refreshOnce } from "../platforms";
import type { LiveEvent } from "./live";
import type { RuleHideStore } from "./rule-hide-store";
import type { InboxStore } from "./store";

/** Comments hidden on their network per run; the rest wait for the next (the cron runs every minute). */
export const HIDE_BATCH = 50;

interface HideDeps {
  store: Pick<InboxStore, "actionTaken">;
  hides: RuleHideStore;
  now: () => number;
  client: (platform: Platform) => PlatformClient;
  credentials: (accountId: string) => Promise<AccountCredentials>;
  refreshCredentials: (accountId: string) => Promise<AccountCredentials | null>;
  live: (workspaceId: string, event: LiveEvent) => Promise<void>;
}

/**
 * A refusal that may pass: the network limiting us, failing (5xx), or an answer lost on the way. Hiding is
 * repeatable (a hidden comment hidden again stays hidden), so such a hide is simply asked again next run.
 */
export const mayPass = (err: unknown) =>
  err instanceof PlatformError && (err.kind === "retryable" || err.details.outcomeUnknown === true);

/**
 * Hides on the network the comments a rule hid (ADR 102). The rule's decision is recorded first (triage sets
 * `ruleHiddenAt` once per item), so a crash, a fault or a lost answer leaves the hide pending rather than lost;
 * the network's hide is idempotent, so asking again is safe. A network that cannot hide (no `hide` on its adapter)
 * is never asked: its items stay hidden in Postline only. A refusal for good keeps the network's words.
 */
export async function hideByRules(deps: HideDeps, workspaceId?: string, moving: readonly string[] = []) {
  const hiding = PLATFORMS.filter((p) => inboxAdapter(p, deps.client(p))?.hide);
  const items = await deps.hides.pending(HIDE_BATCH, hiding, workspaceId, moving);
  const changed = new Map<string, string[]>();
  for (const item of items) {
    const hide = inboxAdapter(item.platform, deps.client(item.platform))!.hide!;
    try {
      const access = refreshOnce(await deps.credentials(item.accountId), () => deps.refreshCredentials(item.accountId));
      await access.call((c) => hide(c, item.remoteId, true));
      await deps.store.actionTaken(item.id, { hiddenAt: deps.now() });
    } catch (err) {
      if (mayPass(err)) continue;
      await deps.hides.refused(item.id, err instanceof Error ? err.message : String(err));
    }
    changed.set(item.workspaceId, [...(changed.get(item.workspaceId) ?? []), item.id]);
  }
  for (const [ws, ids] of changed) await deps.live(ws, { type: "items", ids, reason: "changed" }).catch(() => {});
  return [...changed.values()].reduce((n, ids) => n + ids.length, 0);
}

import { PLATFORM_PROFILES } from "../platform-profile";
import type { InboxStore } from "./store";
import type { TeamDeps } from "./team-deps";
import { applyRules, type Rule } from "./team-rules";
import type { InboxTeamStore } from "./team-store";

/** New items read per run: the cron and "check now" each take a batch; the rest wait for the next run. */
export const TRIAGE_BATCH = 200;

interface TriageDeps extends TeamDeps {
  store: InboxStore;
  team: InboxTeamStore;
  now: () => number;
}

/**
 * Reads each new item once (ADR 084): the assistant's sentiment and suggested reply, then the workspace's rules
 * (assign, label, hide), then `inbox.item.created` and a live note to the open inboxes. The item is claimed
 * first with a conditional update, so two runs that race apply the rules to it once.
 */
export async function triageNew(
  deps: TriageDeps,
  workspaceId?: string,
  moving: readonly string[] = [],
): Promise<number> {
  const items = await deps.store.untriaged(TRIAGE_BATCH, workspaceId, moving);
  const rulesOf = new Map<string, Rule[]>();
  const created = new Map<string, string[]>();
  for (const item of items) {
    const now = deps.now();
    if (!(await deps.store.claimForRules(item.id, now))) continue;
    const network = PLATFORM_PROFILES[item.platform].brand;
    // Without the assistant (a provider outage) the item still arrives; rules on sentiment do not match it.
    const read = await deps.assist({ text: item.text, author: item.author, network }).catch(() => null);
    if (!rulesOf.has(item.workspaceId)) rulesOf.set(item.workspaceId, await deps.team.rules(item.workspaceId));
    const outcome = applyRules(rulesOf.get(item.workspaceId)!, {
      text: item.text,
      platform: item.platform,
      accountId: item.accountId,
      kind: item.kind,
      sentiment: read?.sentiment ?? null,
    });
    const members = outcome.assigneeId ? await deps.members(item.workspaceId) : [];
    const assignee = members.find((m) => m.userId === outcome.assigneeId) ? outcome.assigneeId : null;
    await deps.store.update(item.workspaceId, item.id, {
      sentiment: read?.sentiment ?? null,
      suggestedReply: read?.reply ?? null,
      ...(assignee ? { assigneeId: assignee } : {}),
      ...(outcome.hide ? { status: "done", ruleHiddenAt: now } : {}),
    });
    if (outcome.labels.length) await deps.team.addLabels(item.workspaceId, [item.id], outcome.labels);
    if (assignee)
      await deps.notify(
        assignedNotice(item.workspaceId, assignee, { author: item.author, network, text: item.text }, "A rule"),
      );
    await deps.emit(item.workspaceId, "inbox.item.created", {
      id: item.id,
      platform: item.platform,
      kind: item.kind,
      author: item.author,
      text: item.text,
      postId: item.postId,
      sentiment: read?.sentiment ?? null,
      createdAt: new Date(item.createdAt).toISOString(),
    });
    created.set(item.workspaceId, [...(created.get(item.workspaceId) ?? []), item.id]);
  }
  for (const [ws, ids] of created) await deps.live(ws, { type: "items", ids, reason: "created" }).catch(() => {});
  return [...created.values()].reduce((n, ids) => n + ids.length, 0);
}

/** The bell's and the email's words when an item is assigned to a member. */
export function assignedNotice(
  workspaceId: string,
  userId: string,
  item: { author: string; network: string; text: string },
  by: string,
) {
  const text = item.text.length > 80 ? `${item.text.slice(0, 79)}…` : item.text;
  return {
    workspaceId,
    userId,
    kind: "inbox_assigned" as const,
    postId: null,
    message: `${by} assigned you ${item.author} on ${item.network}: "${text}"`,
    subject: `An inbox item from ${item.author} on ${item.network} is yours`,
    path: "/inbox?assigned=me",
  };
}

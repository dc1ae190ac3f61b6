import { PLATFORM_PROFILES } from "../platform-profile";
import type { InboxItemRow } from "./store";
import type { TeamDeps } from "./team-deps";
import { applyRules, type Rule } from "./team-rules";
import type { InboxTeamStore } from "./team-store";
import type { InboxTriageStore } from "./triage-store";

/** New items read per run: the cron and "check now" each take a batch; the rest wait for the next run. */
export const TRIAGE_BATCH = 200;

interface TriageDeps extends TeamDeps {
  store: InboxTriageStore;
  team: InboxTeamStore;
  now: () => number;
}

/** New items of the shard (or one workspace), a batch per run: the cron's and "check now"'s reading. */
export async function triageNew(
  deps: TriageDeps,
  workspaceId?: string,
  moving: readonly string[] = [],
): Promise<number> {
  return triageItems(deps, await deps.store.untriaged(TRIAGE_BATCH, workspaceId, moving));
}

/** These new items (a webhook delivery's, just written), those no other run has read yet. */
export async function triageTaken(deps: TriageDeps, ids: string[]): Promise<number> {
  return triageItems(deps, await deps.store.untriagedOf(ids));
}

/**
 * Reads each new item once (ADR 084): the assistant's sentiment and suggested reply, then the workspace's rules
 * (assign, label, hide), then a live note to the open inboxes and `inbox.item.created`. The items are claimed
 * first with a conditional update, so two runs that race apply the rules to each once. The claims, the writes,
 * the live note and the events go a batch at a time (one per workspace for the note and the events), not an
 * item at a time: a webhook delivery brings dozens.
 */
async function triageItems(deps: TriageDeps, found: InboxItemRow[]): Promise<number> {
  const now = deps.now();
  const claimed = await deps.store.claimForRules(
    found.map((i) => i.id),
    now,
  );
  const items = found.filter((i) => claimed.has(i.id));
  const rulesOf = new Map<string, Rule[]>();
  const membersOf = new Map<string, string[]>();
  const reads: Parameters<InboxTriageStore["triaged"]>[0] = [];
  const labelled = new Map<string, Map<string, string[]>>();
  const assigned: Array<{ item: InboxItemRow; assignee: string }> = [];
  const created = new Map<string, Array<Record<string, unknown>>>();
  for (const item of items) {
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
    if (outcome.assigneeId && !membersOf.has(item.workspaceId))
      membersOf.set(
        item.workspaceId,
        (await deps.members(item.workspaceId)).map((m) => m.userId),
      );
    const assignee =
      outcome.assigneeId && membersOf.get(item.workspaceId)!.includes(outcome.assigneeId) ? outcome.assigneeId : null;
    reads.push({
      workspaceId: item.workspaceId,
      id: item.id,
      patch: {
        sentiment: read?.sentiment ?? null,
        suggestedReply: read?.reply ?? null,
        ...(assignee ? { assigneeId: assignee } : {}),
        ...(outcome.hide ? { status: "done", ruleHiddenAt: now } : {}),
      },
    });
    const labels = labelled.get(item.workspaceId) ?? new Map<string, string[]>();
    for (const label of outcome.labels) labels.set(label, [...(labels.get(label) ?? []), item.id]);
    labelled.set(item.workspaceId, labels);
    if (assignee) assigned.push({ item, assignee });
    created.set(item.workspaceId, [
      ...(created.get(item.workspaceId) ?? []),
      {
        id: item.id,
        platform: item.platform,
        kind: item.kind,
        author: item.author,
        text: item.text,
        postId: item.postId,
        sentiment: read?.sentiment ?? null,
        createdAt: new Date(item.createdAt).toISOString(),
      },
    ]);
  }
  await deps.store.triaged(
    reads,
    [...labelled].flatMap(([ws, labels]) =>
      [...labels].flatMap(([label, ids]) => deps.team.labelInserts(ws, ids, [label])),
    ),
  );
  for (const { item, assignee } of assigned) {
    const network = PLATFORM_PROFILES[item.platform].brand;
    await deps.notify(
      assignedNotice(item.workspaceId, assignee, { author: item.author, network, text: item.text }, "A rule"),
    );
  }
  // The open inboxes first: the note is what a member waits for; the events go to the queue behind it.
  for (const [ws, events] of created) {
    await deps.live(ws, { type: "items", ids: events.map((e) => e.id as string), reason: "created" }).catch(() => {});
    await deps.emitEach(ws, "inbox.item.created", events);
  }
  return items.length;
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

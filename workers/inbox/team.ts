import type { z } from "zod";
import { Conflict, Invalid, NotFound } from "../errors";
import { PLATFORM_PROFILES } from "../platform-profile";
import { type Actor, ensureActorCan } from "../tenancy/actor";
import type { People } from "../tenancy/people";
import { can, type Role } from "../tenancy/roles";
import { replyStep } from "./rules";
import type { InboxStore } from "./store";
import type { TeamDeps } from "./team-deps";
import { fillTemplate, normalLabel, responseStats } from "./team-rules";
import type { inboxBulkBody, inboxRuleBody, savedReplyBody } from "./team-schemas";
import type { InboxTeamStore } from "./team-store";
import { assignedNotice } from "./triage";
import type { InboxItemView } from "./view";

type SavedReplyRow = Awaited<ReturnType<InboxTeamStore["savedReplies"]>>[number];
/** A saved reply as the API answers it: its time an ISO 8601 instant, its workspace the caller's own. */
const savedReplyView = ({ workspaceId: _, createdAt, ...saved }: SavedReplyRow) => ({
  ...saved,
  createdAt: new Date(createdAt).toISOString(),
});

export const TeamMessages = {
  noDraft: "There is no draft reply to send on this item.",
  notMember: "Assign the item to a member of this workspace.",
  savedMissing: "That saved reply is gone; pick another.",
  ruleMember: "A rule assigns only to a member of this workspace.",
  ruleAccount: "Choose one of this workspace's connected accounts.",
} as const;

/** The name shown for a note or measure of someone the directory no longer has. */
const FORMER_MEMBER = "Former member";

type ReplyFn = (actor: Actor, id: string, text: string) => Promise<InboxItemView>;

/**
 * The inbox as a team tool (ADR 084): saved replies, internal notes, labels, bulk actions, read marks,
 * contributors' drafts that an editor sends, assignment notices, rules, and the response measures.
 */
export class InboxTeam {
  constructor(
    private readonly deps: TeamDeps & { store: InboxStore; team: InboxTeamStore; now: () => number; reply: ReplyFn },
  ) {}

  private async item(workspaceId: string, id: string) {
    const item = await this.deps.store.get(workspaceId, id);
    if (!item) throw new NotFound();
    return item;
  }

  private changed(workspaceId: string, ids: string[]) {
    return this.deps.live(workspaceId, { type: "items", ids, reason: "changed" }).catch(() => {});
  }

  async savedReplies(workspaceId: string) {
    return (await this.deps.team.savedReplies(workspaceId)).map(savedReplyView);
  }

  async addSavedReply(actor: Actor, body: z.output<typeof savedReplyBody>) {
    ensureActorCan(actor, "inbox.reply");
    const row = {
      id: crypto.randomUUID(),
      workspaceId: actor.workspace.id,
      ...body,
      createdBy: actor.userId,
      createdAt: this.deps.now(),
    };
    await this.deps.team.addSavedReply(row);
    return savedReplyView(row);
  }

  /** Deletes a saved reply and returns it (its title names it in the activity log). */
  async deleteSavedReply(actor: Actor, id: string) {
    ensureActorCan(actor, "inbox.reply");
    const gone = await this.deps.team.deleteSavedReply(actor.workspace.id, id);
    if (!gone) throw new NotFound();
    return gone;
  }

  /** The saved reply's text for this item, its variables filled for the item's author and the member. */
  async fillSaved(actor: Actor, itemId: string, savedId: string): Promise<string> {
    const item = await this.item(actor.workspace.id, itemId);
    const saved = await this.deps.team.savedReply(actor.workspace.id, savedId);
    if (!saved) throw new Invalid(TeamMessages.savedMissing);
    const me = (await this.deps.members(actor.workspace.id)).find((m) => m.userId === actor.userId);
    return fillTemplate(saved.body, {
      author: item.author,
      network: PLATFORM_PROFILES[item.platform].brand,
      me: me?.displayName ?? "",
    });
  }

  async addNote(actor: Actor, itemId: string, text: string) {
    ensureActorCan(actor, "inbox.triage");
    await this.item(actor.workspace.id, itemId);
    const note = {
      id: crypto.randomUUID(),
      itemId,
      workspaceId: actor.workspace.id,
      userId: actor.userId,
      text,
      createdAt: this.deps.now(),
    };
    await this.deps.team.addNote(note);
    await this.changed(actor.workspace.id, [itemId]);
    return this.notes(actor.workspace.id, itemId);
  }

  async notes(workspaceId: string, itemId: string) {
    await this.item(workspaceId, itemId);
    const rows = await this.deps.team.notes(workspaceId, itemId);
    const people = await this.deps.people.byIds(rows.map((n) => n.userId));
    return rows.map((n) => ({
      ...n,
      name: people.get(n.userId)?.displayName ?? FORMER_MEMBER,
      createdAt: new Date(n.createdAt).toISOString(),
    }));
  }

  /** The notes of several items (the page shows them under each), by item. */
  async notesOf(workspaceId: string, itemIds: string[]) {
    const out = new Map<string, Array<{ id: string; text: string; name: string; createdAt: string }>>();
    for (const id of itemIds) out.set(id, await this.notes(workspaceId, id));
    return out;
  }

  /** Marks items read for the member alone: another member still sees them unread. */
  async markRead(actor: Actor, ids: string[]) {
    const found = (await Promise.all(ids.map((id) => this.deps.store.get(actor.workspace.id, id)))).flatMap((i) =>
      i ? [i.id] : [],
    );
    await this.deps.team.markRead(actor.workspace.id, actor.userId, found, this.deps.now());
    return found.length;
  }

  /** One action on many items: done, open, assign, label or unlabel. Returns how many changed. */
  async bulk(actor: Actor, body: z.output<typeof inboxBulkBody>): Promise<number> {
    const ws = actor.workspace.id;
    const { store, team, now } = this.deps;
    ensureActorCan(actor, "inbox.triage");
    let ids: string[];
    if (body.action === "done")
      ids = await store.updateMany(ws, body.ids, { status: "done", handledBy: actor.userId, handledAt: now() });
    else if (body.action === "open")
      ids = await store.updateMany(ws, body.ids, { status: "open", handledBy: null, handledAt: null });
    else if (body.action === "assign") {
      const members = await this.deps.members(ws);
      if (body.assigneeId && !members.some((m) => m.userId === body.assigneeId))
        throw new Invalid(TeamMessages.notMember);
      ids = await store.updateMany(ws, body.ids, { assigneeId: body.assigneeId });
      if (body.assigneeId && body.assigneeId !== actor.userId) {
        const by = members.find((m) => m.userId === actor.userId)?.displayName ?? "A teammate";
        for (const id of ids) {
          const item = await this.item(ws, id);
          const network = PLATFORM_PROFILES[item.platform].brand;
          await this.deps.notify(
            assignedNotice(ws, body.assigneeId, { author: item.author, network, text: item.text }, by),
          );
        }
      }
    } else {
      ids = (await Promise.all(body.ids.map((id) => store.get(ws, id)))).flatMap((i) => (i ? [i.id] : []));
      if (body.action === "label") await team.addLabels(ws, ids, [normalLabel(body.label)]);
      else await team.removeLabel(ws, ids, normalLabel(body.label));
    }
    await this.changed(ws, ids);
    return ids.length;
  }

  /** A contributor's reply, kept for an editor to send; the approvers hear of it. */
  async draft(actor: Actor, itemId: string, text: string) {
    ensureActorCan(actor, "inbox.triage");
    const ws = actor.workspace.id;
    const item = await this.item(ws, itemId);
    // Answered stays answered, unless the author edited it since (a review, ADR 101).
    if (replyStep(item, this.deps.now()) === "answered") throw new Conflict("This was already answered from Postline.");
    await this.deps.store.update(ws, itemId, { draftText: text, draftBy: actor.userId });
    const members = await this.deps.members(ws);
    const by = members.find((m) => m.userId === actor.userId)?.displayName ?? "A teammate";
    const network = PLATFORM_PROFILES[item.platform].brand;
    for (const m of members)
      if (m.userId !== actor.userId && can(m.role as Role, "inbox.reply"))
        await this.deps.notify({
          workspaceId: ws,
          userId: m.userId,
          kind: "inbox_draft",
          postId: null,
          message: `${by} drafted a reply to ${item.author} on ${network} for you to approve.`,
          subject: `A reply to ${item.author} waits for your approval`,
          path: "/inbox",
        });
    await this.changed(ws, [itemId]);
  }

  /** An approver sends the draft as written (or as they edited it); the reply goes out once, as theirs. */
  async sendDraft(actor: Actor, itemId: string, edited?: string) {
    ensureActorCan(actor, "inbox.reply");
    const item = await this.item(actor.workspace.id, itemId);
    const text = edited ?? item.draftText;
    if (!text) throw new Conflict(TeamMessages.noDraft);
    return this.deps.reply(actor, itemId, text);
  }

  rules(workspaceId: string) {
    return this.deps.team.rules(workspaceId);
  }

  async addRule(actor: Actor, body: z.output<typeof inboxRuleBody>) {
    ensureActorCan(actor, "workspace.settings");
    const ws = actor.workspace.id;
    if (body.action === "assign" && !(await this.deps.members(ws)).some((m) => m.userId === body.value))
      throw new Invalid(TeamMessages.ruleMember);
    if (body.accountId && !(await this.deps.store.accountIn(ws, body.accountId)))
      throw new Invalid(TeamMessages.ruleAccount);
    const row = {
      id: crypto.randomUUID(),
      workspaceId: ws,
      ...body,
      keyword: body.keyword?.toLowerCase() ?? null,
      value: body.action === "hide" ? null : body.action === "label" ? normalLabel(body.value!) : body.value,
      createdAt: this.deps.now(),
    };
    await this.deps.team.addRule(row);
    return row;
  }

  /** Deletes a rule and returns it (the activity log says what it did). */
  async deleteRule(actor: Actor, id: string) {
    ensureActorCan(actor, "workspace.settings");
    const gone = await this.deps.team.deleteRule(actor.workspace.id, id);
    if (!gone) throw new NotFound();
    return gone;
  }

  /** First-response time and items handled per member, for items closed in [from, to). */
  stats(workspaceId: string, from: number, to: number) {
    return inboxStats(this.deps.store, this.deps.people, workspaceId, from, to);
  }
}

/** First-response time and items handled per member (named from the directory), for items closed in [from, to). */
export async function inboxStats(
  store: InboxStore,
  people: Pick<People, "byIds">,
  workspaceId: string,
  from: number,
  to: number,
) {
  const stats = responseStats(await store.handled(workspaceId, from, to));
  const names = await people.byIds(stats.members.map((m) => m.userId));
  const name = (id: string) => names.get(id)?.displayName ?? FORMER_MEMBER;
  return { ...stats, members: stats.members.map((m) => ({ ...m, name: name(m.userId) })) };
}

/** The analytics exports' "Inbox" sheet: the same figures as Analytics → Inbox, as a table. */
export async function inboxSheet(
  store: InboxStore,
  people: Pick<People, "byIds">,
  workspaceId: string,
  from: number,
  to: number,
) {
  const s = await inboxStats(store, people, workspaceId, from, to);
  const minutes = (ms: number | null) => (ms === null ? null : Math.round(ms / 6_000) / 10);
  return {
    name: "Inbox",
    columns: ["Member", "Items handled", "Answered", "First response median (min)", "First response p90 (min)"],
    rows: [
      ...s.members.map((m) => [m.name, m.handled, m.replied, null, null]),
      [
        "All members",
        s.members.reduce((n, m) => n + m.handled, 0),
        s.answered,
        minutes(s.firstResponseMedianMs),
        minutes(s.firstResponseP90Ms),
      ],
    ],
  };
}

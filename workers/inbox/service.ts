import type { Db } from "../db/client";
import { Conflict, Invalid, NotFound } from "../errors";
import { PLATFORM_PROFILES, type Platform } from "../platform-profile";
import {
  type AccountCredentials,
  inboxAdapter,
  inboxUnavailable,
  type PlatformClient,
  PlatformError,
  refreshOnce,
} from "../platforms";
import { type Actor, ensureActorCan } from "../tenancy/actor";
import { actionsOffered, takeAction } from "./actions";
import { InboxDeliveryReads, targetKey } from "./delivery-reads";
import { type PollResult, pollInboxes } from "./jobs";
import { InboxListReads, type ListFilter } from "./list-store";
import { answerCalls, conversationView, messageItem, type WebhookMessage } from "./messages";
import type { WebhookComment } from "./meta-webhook";
import { personName } from "./people";
import { refusalOf } from "./refusal";
import { RuleHideStore } from "./rule-hide-store";
import { hideByRules } from "./rule-hides";
import { replyStep } from "./rules";
import type { InboxAction } from "./schemas";
import { sourcesOf, sourceView, unavailableView } from "./source-rules";
import { InboxSourceStore } from "./source-store";
import { InboxStore, type NewItem } from "./store";
import { InboxTeam } from "./team";
import type { TeamDeps } from "./team-deps";
import { InboxTeamStore } from "./team-store";
import { assignedNotice, triageNew, triageTaken } from "./triage";
import { InboxTriageStore } from "./triage-store";
import { itemView } from "./view";

export interface InboxDeps extends TeamDeps {
  db: Db;
  now: () => number;
  client: (platform: Platform) => PlatformClient;
  credentials: (accountId: string) => Promise<AccountCredentials>;
  refreshCredentials: (accountId: string) => Promise<AccountCredentials | null>;
}

export const InboxMessages = {
  answered: "This was already answered from Postline.",
  inFlight: "A teammate is replying to this right now.",
  notMember: "Assign the item to a member of this workspace.",
  notMessage: "This item is not a direct message.",
  noReply: (name: string) => `Replying to ${name} comments from Postline is not available yet; answer it on ${name}.`,
} as const;

/** The engagement inbox's operations for routes and pages (ADR 069). */
export class InboxService {
  readonly store: InboxStore;
  private readonly triageStore: InboxTriageStore;
  private readonly deliveryReads: InboxDeliveryReads;
  readonly listReads: InboxListReads;
  readonly teamStore: InboxTeamStore;
  readonly sourceStore: InboxSourceStore;
  /** Saved replies, notes, labels, bulk actions, drafts, rules and measures (ADR 084). */
  readonly team: InboxTeam;

  constructor(private readonly deps: InboxDeps) {
    this.store = new InboxStore(deps.db);
    this.triageStore = new InboxTriageStore(deps.db);
    this.deliveryReads = new InboxDeliveryReads(deps.db);
    this.listReads = new InboxListReads(deps.db);
    this.teamStore = new InboxTeamStore(deps.db);
    this.sourceStore = new InboxSourceStore(deps.db);
    this.team = new InboxTeam({
      ...deps,
      store: this.store,
      team: this.teamStore,
      reply: (actor, id, text) => this.reply(actor, id, text),
    });
  }

  /** The list with each item's labels, note count and whether `viewerId` has read it, and the open count. */
  async list(workspaceId: string, filter: ListFilter, viewerId?: string) {
    const { rows, next, open } = await this.listReads.page(workspaceId, filter, viewerId);
    return { items: rows.map((r) => itemView(r, r.extras)), open, next };
  }

  /**
   * The cron's poll of the shard's accounts that are due, then the new items' rules and assistant reading; the
   * `moving` workspaces (ADR 082) are left for a run after their move.
   */
  async pollDue(moving: readonly string[] = []) {
    const results = await this.poll(undefined, moving);
    await this.triage(undefined, moving);
    return results;
  }

  /** Reads the workspace's accounts for new items now. */
  async syncNow(workspaceId: string) {
    const results = await this.poll(workspaceId);
    await this.triage(workspaceId);
    return results;
  }

  /** What reading the networks needs: the platform layer and the inbox's item and source tables. */
  private get readDeps() {
    return { ...this.deps, store: this.store, sources: this.sourceStore };
  }

  /** Polls, then tells each workspace's open inboxes of the items a read changed (an edited review reopened). */
  private async poll(workspaceId?: string, moving: readonly string[] = []): Promise<PollResult[]> {
    const results = await pollInboxes(this.readDeps, workspaceId, moving);
    for (const r of results)
      if (r.changed.length)
        await this.deps.live(r.workspaceId, { type: "items", ids: r.changed, reason: "changed" }).catch(() => {});
    return results;
  }

  /**
   * How each connected account's inbox sources stand (ADR 101): read fine, failing with the network's words, not
   * read yet, or (TikTok, Pinterest) a network whose API offers Postline nothing to read, said plainly.
   */
  async sources(workspaceId: string) {
    const accounts = await this.sourceStore.ofWorkspace(workspaceId);
    return accounts.map((a) => {
      const adapter = inboxAdapter(a.platform, this.deps.client(a.platform));
      const unavailable = inboxUnavailable(a.platform);
      return {
        accountId: a.id,
        platform: a.platform,
        username: a.username,
        sources: adapter
          ? sourcesOf(adapter).map((s) => sourceView(s, a.rows.get(s)))
          : unavailable
            ? [unavailableView(unavailable)]
            : [],
      };
    });
  }

  /**
   * Runs the rules and the assistant on new items, once each (ADR 084), then hides on the network what a rule
   * hid (ADR 102), including hides an earlier run left pending; any ingest path calls it after writing.
   */
  async triage(workspaceId?: string, moving: readonly string[] = []) {
    const triaged = await triageNew(
      { ...this.deps, store: this.triageStore, team: this.teamStore },
      workspaceId,
      moving,
    );
    await hideByRules({ ...this.deps, store: this.store, hides: new RuleHideStore(this.deps.db) }, workspaceId, moving);
    return triaged;
  }

  /**
   * Takes in what one Meta webhook delivery announced (ADR 083): its comments and its direct messages (ADR 092),
   * for every connected account of this shard that is the delivery's Page or Instagram account. Keyed by the
   * network's id like the poll's, so a webhook and a poll that race make one item. One read of the accounts, one
   * of the posts, one batch of inserts (one D1 transaction) however many changes the delivery carries: once it
   * returns, the items are durable, and the answer to Meta may go. Accounts of a `moving` workspace (ADR 082)
   * are left out and counted as `held`: a write now would make the move's copy differ. Returns the new items' ids.
   */
  async ingestDelivery(comments: WebhookComment[], messages: WebhookMessage[], moving: readonly string[] = []) {
    const accounts = await this.deliveryReads.accountsNamed([...comments, ...messages]);
    let held = 0;
    /** The delivery's accounts here that are `ownerId`, but those of a workspace being moved (counted held). */
    const taking = (platform: Platform, ownerId: string) => {
      const named = accounts.filter((a) => a.platform === platform && a.platformUserId === ownerId);
      const open = named.filter((a) => !moving.includes(a.workspaceId));
      held += named.length - open.length;
      return open;
    };
    const forComments = comments.flatMap((c) =>
      taking(c.platform, c.ownerId)
        .filter((account) => c.author !== account.username)
        .map((account) => ({ account, c })),
    );
    const targets = await this.deliveryReads.targetsByRemote(
      forComments.map(({ account, c }) => ({ accountId: account.id, remoteId: c.postRemoteId })),
    );
    const entries = forComments.map(({ account, c }): { account: (typeof accounts)[number]; item: NewItem } => {
      const target = targets.get(targetKey(account.id, c.postRemoteId));
      const item = { remoteId: c.remoteId, author: c.author, text: c.text, createdAt: c.createdAt };
      return {
        account,
        item: { ...item, kind: "comment" as const, target: target ? { ...target, remoteId: c.postRemoteId } : null },
      };
    });
    // A message's sender is named by a profile read (people.ts); messages are few beside comments.
    for (const m of messages)
      for (const account of taking(m.platform, m.ownerId))
        entries.push({ account, item: messageItem(m, await personName(this.readDeps, account, m.conversationId)) });
    const added = await this.store.addItemsOf(entries, this.deps.now());
    return { added: added.map((a) => a.id), held };
  }

  /**
   * The rules, the assistant and the live note for a delivery's new items now, not at the cron's next run (ADR
   * 084); then the hides the rules asked for, as `triage` does.
   */
  async triageDelivered(ids: string[], moving: readonly string[] = []) {
    const triaged = await triageTaken({ ...this.deps, store: this.triageStore, team: this.teamStore }, ids);
    await hideByRules({ ...this.deps, store: this.store, hides: new RuleHideStore(this.deps.db) }, undefined, moving);
    return triaged;
  }

  /** A message's conversation in order, with the window a reply must fit in (ADR 092). */
  async thread(workspaceId: string, id: string) {
    const item = await this.found(workspaceId, id);
    if (item.kind !== "message" || !item.conversationId) throw new NotFound(InboxMessages.notMessage);
    const [items, person] = await Promise.all([
      this.store.thread(workspaceId, item.accountId, item.conversationId),
      this.sourceStore.person(item.accountId, item.conversationId),
    ]);
    // The person as the network's profile read named them, where a webhook brought them (ADR 101).
    return { ...conversationView(items, this.deps.now()), person: person ?? null };
  }

  openCount(workspaceId: string) {
    return this.listReads.openCount(workspaceId);
  }

  async setStatus(actor: Actor, id: string, status: "open" | "done") {
    ensureActorCan(actor, "inbox.triage");
    await this.found(actor.workspace.id, id);
    const handled =
      status === "done"
        ? { handledBy: actor.userId, handledAt: this.deps.now() }
        : { handledBy: null, handledAt: null };
    await this.store.update(actor.workspace.id, id, { status, ...handled });
    return this.changed(actor.workspace.id, id);
  }

  /** The item as it stands now, after the workspace's open inboxes were told it changed. */
  private async changed(workspaceId: string, id: string) {
    await this.deps.live(workspaceId, { type: "items", ids: [id], reason: "changed" }).catch(() => {});
    return itemView({ item: await this.found(workspaceId, id) });
  }

  async assign(actor: Actor, id: string, assigneeId: string | null) {
    ensureActorCan(actor, "inbox.triage");
    const item = await this.found(actor.workspace.id, id);
    const members = await this.deps.members(actor.workspace.id);
    if (assigneeId && !members.some((m) => m.userId === assigneeId)) throw new Invalid(InboxMessages.notMember);
    await this.store.update(actor.workspace.id, id, { assigneeId });
    if (assigneeId && assigneeId !== actor.userId && assigneeId !== item.assigneeId) {
      const by = members.find((m) => m.userId === actor.userId)?.displayName ?? "A teammate";
      const network = PLATFORM_PROFILES[item.platform].brand;
      await this.deps.notify(assignedNotice(actor.workspace.id, assigneeId, { ...item, network }, by));
    }
    return this.changed(actor.workspace.id, id);
  }

  /** Per network, the hide, like and delete its API offers (ADR 083): the page offers only those. */
  actionsOn(platforms: Platform[]): Record<string, InboxAction[]> {
    return Object.fromEntries(platforms.map((p) => [p, actionsOffered(inboxAdapter(p, this.deps.client(p)))]));
  }

  /** Hides, likes or deletes the comment on its network (editors and up, like a reply: the public sees it). */
  async act(actor: Actor, id: string, action: InboxAction) {
    ensureActorCan(actor, "inbox.reply");
    const item = await this.found(actor.workspace.id, id);
    const adapter = inboxAdapter(item.platform, this.deps.client(item.platform));
    await takeAction({ ...this.deps, store: this.store }, adapter, item, action);
    return itemView({ item: await this.found(actor.workspace.id, id) });
  }

  /**
   * Answers the item on its network, once (ADR 069): the reply is recorded `sending` before the call; an
   * earlier attempt whose outcome is unknown (a lost answer, a crash) is looked for before anything is sent
   * again, and two members pressing Reply together get one reply.
   */
  async reply(actor: Actor, id: string, text: string) {
    ensureActorCan(actor, "inbox.reply");
    const item = await this.found(actor.workspace.id, id);
    const name = PLATFORM_PROFILES[item.platform].brand;
    const calls = answerCalls(inboxAdapter(item.platform, this.deps.client(item.platform)), item);
    if (!calls) throw new Conflict(InboxMessages.noReply(name));
    const findReply = calls.find;
    const now = this.deps.now();
    const step = replyStep(item, now);
    if (step === "answered") throw new Conflict(InboxMessages.answered);
    if (step === "in-flight") throw new Conflict(InboxMessages.inFlight);
    const claimed = await this.store.claimReply(item, {
      text,
      userId: actor.userId,
      now,
      keepStart: step === "look-first",
    });
    if (!claimed) throw new Conflict(InboxMessages.inFlight);
    await this.deps.live(actor.workspace.id, { type: "items", ids: [id], reason: "changed" }).catch(() => {});
    const since = step === "look-first" ? (item.replyStartedAt ?? now) : now;
    let access: ReturnType<typeof refreshOnce> | null = null;
    const lookFor = async (sent: string) =>
      findReply && access ? access.call((c) => findReply(c, sent, since)) : null;
    try {
      access = refreshOnce(await this.deps.credentials(item.accountId), () =>
        this.deps.refreshCredentials(item.accountId),
      );
      // An earlier attempt that reached the network stands, with its own words; nothing more is sent.
      const earlier = step === "look-first" && item.replyText ? await lookFor(item.replyText) : null;
      if (earlier) await this.store.replySent(item.id, earlier.remoteId, item.replyText!, this.deps.now());
      else {
        const sent = await access.call((c) => calls.send(c, text));
        await this.store.replySent(item.id, sent.remoteId, text, this.deps.now());
      }
    } catch (err) {
      const found = isLostAnswer(err) ? await lookFor(text).catch(() => null) : null;
      if (found) await this.store.replySent(item.id, found.remoteId, text, this.deps.now());
      else {
        await this.store.replyFailed(item.id, err instanceof Error ? err.message : String(err));
        await this.changed(actor.workspace.id, id);
        throw refusalOf(err, name, "the reply");
      }
    }
    const done = await this.changed(actor.workspace.id, id);
    await this.deps.emit(actor.workspace.id, "inbox.item.replied", {
      id,
      platform: done.platform,
      author: done.author,
      text: done.text,
      reply: {
        text: done.reply?.text ?? text,
        by: actor.userId,
        remoteId: (await this.found(actor.workspace.id, id)).replyRemoteId,
      },
    });
    return done;
  }

  private async found(workspaceId: string, id: string) {
    const item = await this.store.get(workspaceId, id);
    if (!item) throw new NotFound();
    return item;
  }
}

const isLostAnswer = (err: unknown) => err instanceof PlatformError && err.details.outcomeUnknown === true;

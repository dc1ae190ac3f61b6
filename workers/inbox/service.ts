import type { Db } from "../db/client";
import { Conflict, Invalid, NotFound, TooMany, UpstreamFailed } from "../errors";
import { PLATFORM_PROFILES, type Platform } from "../platform-profile";
import { type AccountCredentials, inboxAdapter, type PlatformClient, PlatformError, refreshOnce } from "../platforms";
import { type Actor, ensureActorCan } from "../tenancy/actor";
import { takeAction } from "./actions";
import { pollInboxes } from "./jobs";
import type { WebhookComment } from "./meta-webhook";
import { replyStep } from "./rules";
import type { InboxAction } from "./schemas";
import { InboxStore, type ListFilter } from "./store";
import { itemView } from "./view";

export interface InboxDeps {
  db: Db;
  now: () => number;
  client: (platform: Platform) => PlatformClient;
  credentials: (accountId: string) => Promise<AccountCredentials>;
  refreshCredentials: (accountId: string) => Promise<AccountCredentials | null>;
  /** The workspace's members' ids: an item is assigned only to one of them. */
  memberIds: (workspaceId: string) => Promise<string[]>;
}

export const InboxMessages = {
  answered: "This was already answered from Postline.",
  inFlight: "A teammate is replying to this right now.",
  notMember: "Assign the item to a member of this workspace.",
  noReply: (name: string) => `Replying to ${name} comments from Postline is not available yet; answer it on ${name}.`,
} as const;

/** The engagement inbox's operations for routes and pages (ADR 069). */
export class InboxService {
  readonly store: InboxStore;

  constructor(private readonly deps: InboxDeps) {
    this.store = new InboxStore(deps.db);
  }

  async list(workspaceId: string, filter: ListFilter) {
    const rows = await this.store.list(workspaceId, filter);
    return {
      items: rows.map(itemView),
      open: await this.store.openCount(workspaceId),
      next: rows.length === filter.limit ? rows.at(-1)!.item.createdAt : null,
    };
  }

  /** The cron's poll of the shard's accounts that are due. */
  pollDue() {
    return pollInboxes({ ...this.deps, store: this.store });
  }

  /** Reads the workspace's accounts for new items now. */
  syncNow(workspaceId: string) {
    return pollInboxes({ ...this.deps, store: this.store }, workspaceId);
  }

  /**
   * Takes in the comments a Meta webhook announced (ADR 083), for every connected account that is the webhook's
   * Page or Instagram account; keyed by the network's id like the poll's, so a webhook and a poll that race make
   * one item. Returns how many items were new.
   */
  async ingestWebhook(comments: WebhookComment[]): Promise<number> {
    let added = 0;
    const now = this.deps.now();
    for (const c of comments)
      for (const account of await this.store.accountsOf(c.platform, c.ownerId)) {
        if (c.author === account.username) continue;
        const target = await this.store.targetByRemote(account.id, c.postRemoteId);
        const item = { remoteId: c.remoteId, author: c.author, text: c.text, createdAt: c.createdAt };
        const kind = "comment" as const;
        added += await this.store.addItems(
          account,
          [{ ...item, kind, target: target ? { ...target, remoteId: c.postRemoteId } : null }],
          now,
        );
      }
    return added;
  }

  openCount(workspaceId: string) {
    return this.store.openCount(workspaceId);
  }

  async setStatus(actor: Actor, id: string, status: "open" | "done") {
    ensureActorCan(actor, "inbox.triage");
    await this.found(actor.workspace.id, id);
    await this.store.update(actor.workspace.id, id, { status });
    return itemView({ item: await this.found(actor.workspace.id, id) });
  }

  async assign(actor: Actor, id: string, assigneeId: string | null) {
    ensureActorCan(actor, "inbox.triage");
    await this.found(actor.workspace.id, id);
    if (assigneeId && !(await this.deps.memberIds(actor.workspace.id)).includes(assigneeId))
      throw new Invalid(InboxMessages.notMember);
    await this.store.update(actor.workspace.id, id, { assigneeId });
    return itemView({ item: await this.found(actor.workspace.id, id) });
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
    const adapter = inboxAdapter(item.platform, this.deps.client(item.platform));
    const reply = adapter?.reply;
    if (!reply) throw new Conflict(InboxMessages.noReply(name));
    const findReply = adapter.findReply;
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
    const since = step === "look-first" ? (item.replyStartedAt ?? now) : now;
    let access: ReturnType<typeof refreshOnce> | null = null;
    const lookFor = async (sent: string) =>
      findReply && access ? access.call((c) => findReply(c, item.remoteId, sent, since)) : null;
    try {
      access = refreshOnce(await this.deps.credentials(item.accountId), () =>
        this.deps.refreshCredentials(item.accountId),
      );
      // An earlier attempt that reached the network stands, with its own words; nothing more is sent.
      const earlier = step === "look-first" && item.replyText ? await lookFor(item.replyText) : null;
      if (earlier) await this.store.replySent(item.id, earlier.remoteId, item.replyText!);
      else {
        const sent = await access.call((c) => reply(c, item.remoteId, text));
        await this.store.replySent(item.id, sent.remoteId, text);
      }
    } catch (err) {
      const found = isLostAnswer(err) ? await lookFor(text).catch(() => null) : null;
      if (found) await this.store.replySent(item.id, found.remoteId, text);
      else {
        await this.store.replyFailed(item.id, err instanceof Error ? err.message : String(err));
        throw refusalOf(err, name);
      }
    }
    return itemView({ item: await this.found(actor.workspace.id, id) });
  }

  private async found(workspaceId: string, id: string) {
    const item = await this.store.get(workspaceId, id);
    if (!item) throw new NotFound();
    return item;
  }
}

const isLostAnswer = (err: unknown) => err instanceof PlatformError && err.details.outcomeUnknown === true;

/** The network's refusal in its own words, with the status that says whether trying later may help. */
function refusalOf(err: unknown, name: string) {
  if (!(err instanceof PlatformError)) return err;
  if (err.details.retryAfterMs !== undefined)
    return new TooMany(`${name} is limiting requests: ${err.message}`, Math.ceil(err.details.retryAfterMs / 1000));
  return new UpstreamFailed(`${name} did not take the reply: ${err.message}`);
}

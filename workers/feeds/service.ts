import { Invalid, NotFound } from "../errors";
import type { Actor } from "../tenancy/actor";
import { checkFeed, type PollDeps } from "./poll";
import { feedUrlProblem } from "./rules";
import type { FeedCreate, FeedPatch } from "./schemas";
import type { FeedRow } from "./store";

/** A feed as the API and Content → Feeds show it. */
export const feedView = (f: FeedRow) => ({
  id: f.id,
  url: f.url,
  title: f.title,
  mode: f.mode,
  accountIds: f.accountIds,
  template: f.template,
  lastCheckedAt: f.lastCheckedAt === null ? null : new Date(f.lastCheckedAt).toISOString(),
  nextCheckAt: new Date(f.nextCheckAt).toISOString(),
  /** Why the last check failed or an item was refused; null when all went well. */
  lastError: f.lastError,
  failures: f.failures,
  posted: f.posted,
});
export type FeedView = ReturnType<typeof feedView>;

/** Feeds of a workspace (ADR 068): add, change, remove, check now. The cron checks them through `runFeedChecks`. */
export class FeedService {
  constructor(private readonly deps: PollDeps) {}

  async list(workspaceId: string): Promise<FeedView[]> {
    return (await this.deps.store.list(workspaceId)).map(feedView);
  }

  async add(actor: Actor, input: FeedCreate): Promise<FeedView> {
    const problem = feedUrlProblem(input.url, this.deps.io.allowedHosts);
    if (problem) throw new Invalid(problem);
    await this.ensureAccounts(actor.workspace.id, input.accountIds);
    const now = this.deps.now();
    const row = {
      id: crypto.randomUUID(),
      workspaceId: actor.workspace.id,
      createdBy: actor.userId,
      url: new URL(input.url).toString(),
      title: null,
      mode: input.mode,
      accountIds: input.accountIds,
      template: input.template,
      nextCheckAt: now,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.store.insert(row);
    return this.get(actor.workspace.id, row.id);
  }

  async get(workspaceId: string, id: string): Promise<FeedView> {
    const row = await this.deps.store.get(workspaceId, id);
    if (!row) throw new NotFound();
    return feedView(row);
  }

  async update(workspaceId: string, id: string, patch: FeedPatch): Promise<FeedView> {
    const row = await this.deps.store.get(workspaceId, id);
    if (!row) throw new NotFound();
    const next = { ...row, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    if (next.mode === "queue" && next.accountIds.length === 0)
      throw new Invalid("Choose at least one channel for the queue");
    if (patch.accountIds) await this.ensureAccounts(workspaceId, patch.accountIds);
    await this.deps.store.update(workspaceId, id, {
      mode: next.mode,
      accountIds: next.accountIds,
      template: next.template,
      updatedAt: this.deps.now(),
    });
    return this.get(workspaceId, id);
  }

  /** Deletes the feed; answers what it was, for the activity log. */
  async remove(workspaceId: string, id: string): Promise<FeedView> {
    const row = await this.deps.store.get(workspaceId, id);
    if (!row || !(await this.deps.store.remove(workspaceId, id))) throw new NotFound();
    return feedView(row);
  }

  /** Checks a feed now, whatever its schedule, and says what came of it. */
  async checkNow(workspaceId: string, id: string) {
    const row = await this.deps.store.get(workspaceId, id);
    if (!row) throw new NotFound();
    const result = await checkFeed(row, this.deps);
    return { result, feed: await this.get(workspaceId, id) };
  }

  private async ensureAccounts(workspaceId: string, ids: string[]) {
    const accounts = await this.deps.accounts(workspaceId);
    if (ids.some((id) => !accounts.has(id))) throw new Invalid("Choose channels connected to this workspace");
  }
}

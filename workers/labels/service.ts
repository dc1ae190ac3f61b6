import { Conflict, Invalid, NotFound } from "../errors";
import { clickDay } from "../links";
import { campaignRows, LabelMessages, MAX_LABELS } from "./rules";
import type { Label, LabelInput, LabelPatch } from "./schemas";
import { LabelStore } from "./store";

const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

/** A workspace's labels, which are also its campaigns (ADR 094), and the labels each post carries. */
export class LabelService {
  constructor(
    private readonly store: LabelStore,
    private readonly now: () => number,
  ) {}

  list(workspaceId: string): Promise<Label[]> {
    return this.store.list(workspaceId);
  }

  async add(workspaceId: string, input: LabelInput): Promise<Label> {
    if ((await this.store.count(workspaceId)) >= MAX_LABELS) throw new Conflict(LabelMessages.tooMany);
    const row = { id: crypto.randomUUID(), workspaceId, ...input, createdAt: this.now() };
    if (!(await this.store.save(row, true))) throw new Conflict(LabelMessages.taken(input.name));
    return { id: row.id, name: row.name, color: row.color };
  }

  async update(workspaceId: string, id: string, patch: LabelPatch): Promise<Label> {
    const row = await this.store.get(workspaceId, id);
    if (!row) throw new NotFound();
    const next = { ...row, name: patch.name ?? row.name, color: patch.color ?? row.color };
    if (!(await this.store.save(next, false))) throw new Conflict(LabelMessages.taken(next.name));
    return { id, name: next.name, color: next.color };
  }

  /** Removes the label from the workspace and its posts; answers its name. */
  async remove(workspaceId: string, id: string): Promise<string> {
    const name = await this.store.remove(workspaceId, id);
    if (name === undefined) throw new NotFound();
    return name;
  }

  async ofPost(workspaceId: string, postId: string): Promise<Label[]> {
    if (!(await this.store.postInWorkspace(workspaceId, postId))) throw new NotFound();
    return this.store.ofPost(postId);
  }

  /** Puts exactly these labels on the post; each must be one of the workspace's. */
  async setOfPost(workspaceId: string, postId: string, labelIds: string[]): Promise<Label[]> {
    if (!(await this.store.postInWorkspace(workspaceId, postId))) throw new NotFound();
    await this.store.commit(await this.postLabelWrites(workspaceId, postId, labelIds));
    return this.store.ofPost(postId);
  }

  /**
   * The writes that put exactly these labels on a post, for the batch of the post's own write (ADR 105); refused
   * (nothing written) unless each is one of the workspace's labels.
   */
  async postLabelWrites(workspaceId: string, postId: string, labelIds: string[]) {
    if ((await this.store.known(workspaceId, labelIds)) !== labelIds.length) throw new Invalid(LabelMessages.unknown);
    return this.store.postLabelWrites(workspaceId, postId, labelIds);
  }

  /** Each campaign's posts, clicks between two UTC days (the last 30 by default) and current engagement. */
  async report(workspaceId: string, q: { from?: string; to?: string }) {
    const to = q.to ?? clickDay(this.now());
    const from = q.from ?? clickDay(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
    const [labels, posts, metrics, clicks] = await Promise.all([
      this.store.list(workspaceId),
      this.store.labelledPosts(workspaceId),
      this.store.metricsByLabel(workspaceId),
      this.store.clicksByLabel(workspaceId, { from, to }),
    ]);
    return { from, to, campaigns: campaignRows(labels, posts, metrics, clicks) };
  }
}

export const labelService = (services: { db: ConstructorParameters<typeof LabelStore>[0]; now: () => number }) =>
  new LabelService(new LabelStore(services.db), services.now);

import { Conflict, Invalid, notFound } from "../errors";
import { excerpt, utcToLocal } from "../posts";
import { normalizeSlots, type Slot } from "../queue";
import type { Actor } from "../tenancy/actor";
import type { SourcePost } from "./copy";
import { CategoryMessages, endOfDate, nextSlot, slotInZone } from "./rules";
import type { CategoryCreate, CategoryPatch } from "./schemas";
import type { CategoryRow, CategoryStore } from "./store";

type Workspace = { id: string; timezone: string };
type PostTimes = SourcePost & { scheduledDate: string | null; publishedAt: string | null };

/** Evergreen categories (ADR 076): the API's and the page's operations; the cron's job is repeat.ts. */
export class CategoryService {
  constructor(
    private readonly store: CategoryStore,
    private readonly now: () => number,
    /** The workspace's post as the API shapes it (NotFound when it is another's). */
    private readonly post: (workspaceId: string, postId: string) => Promise<PostTimes>,
  ) {}

  async list(workspace: Workspace) {
    const [rows, entries] = await Promise.all([this.store.list(workspace.id), this.store.entries(workspace.id)]);
    const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());
    return rows.map((c) => ({
      id: c.id,
      name: c.name,
      slots: c.slots,
      minGapDays: c.minGapDays,
      endsOn: c.endsAt === null ? null : utcToLocal(c.endsAt, workspace.timezone).localDate,
      // In the workspace's zone as it is now, though the cron has not yet moved a slot worked out in a former one.
      nextSlotAt: iso(slotInZone(c, workspace.timezone, this.now())),
      lastNote: c.lastNote,
      posts: entries
        .filter((e) => e.entry.categoryId === c.id)
        .map(({ entry, content }) => ({
          postId: entry.postId,
          excerpt: excerpt(content),
          lastQueuedAt: iso(entry.lastQueuedAt),
          timesQueued: entry.timesQueued,
          lastSkip: entry.lastSkip,
        })),
    }));
  }

  async add(actor: Actor, body: CategoryCreate) {
    const workspace = actor.workspace;
    await this.ensureNameFree(workspace.id, body.name);
    const now = this.now();
    const slots = normalizeSlots(body.slots);
    const endsAt = body.endsOn ? endOfDate(body.endsOn, workspace.timezone) : null;
    const id = crypto.randomUUID();
    await this.store.insert({
      id,
      workspaceId: workspace.id,
      createdBy: actor.userId,
      name: body.name,
      slots,
      minGapDays: body.minGapDays,
      endsAt,
      nextSlotAt: nextSlot({ slots, endsAt }, workspace.timezone, now),
      createdAt: now,
      updatedAt: now,
    });
    return this.one(workspace, id);
  }

  async update(workspace: Workspace, id: string, patch: CategoryPatch) {
    const current = await this.get(workspace.id, id);
    if (patch.name !== undefined && patch.name !== current.name) await this.ensureNameFree(workspace.id, patch.name);
    const slots = patch.slots ? normalizeSlots(patch.slots) : (current.slots as Slot[]);
    const endsAt =
      patch.endsOn === undefined
        ? current.endsAt
        : patch.endsOn === null
          ? null
          : endOfDate(patch.endsOn, workspace.timezone);
    const now = this.now();
    await this.store.update(workspace.id, id, {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.minGapDays === undefined ? {} : { minGapDays: patch.minGapDays }),
      slots,
      endsAt,
      // Slots or the end changed: the next slot is the new pattern's first after now.
      nextSlotAt: nextSlot({ slots, endsAt }, workspace.timezone, now),
      updatedAt: now,
    });
    return this.one(workspace, id);
  }

  /** Deletes the category; answers what it was, for the activity log. */
  async remove(workspaceId: string, id: string) {
    const row = await this.get(workspaceId, id);
    if (!(await this.store.remove(workspaceId, id))) throw notFound();
    return row;
  }

  /** Puts a post with channels in the category; its gap counts from its own time, so it does not repeat at once. */
  async addPost(workspace: Workspace, id: string, postId: string) {
    await this.get(workspace.id, id);
    const post = await this.post(workspace.id, postId);
    if (post.platforms.length === 0) throw new Invalid(CategoryMessages.postNotPublishable);
    const own = [post.publishedAt, post.scheduledDate].filter((v): v is string => v !== null).map(Date.parse);
    const added = await this.store.addPost({
      categoryId: id,
      postId,
      workspaceId: workspace.id,
      addedAt: this.now(),
      lastQueuedAt: own.length ? Math.max(...own) : null,
      sentTexts: {},
    });
    if (!added) throw new Conflict("This post is already in the category");
    return this.one(workspace, id);
  }

  async removePost(workspace: Workspace, id: string, postId: string) {
    if (!(await this.store.removePost(workspace.id, id, postId))) throw notFound();
    return this.one(workspace, id);
  }

  private async get(workspaceId: string, id: string): Promise<CategoryRow> {
    const row = await this.store.get(workspaceId, id);
    if (!row) throw notFound();
    return row;
  }

  private async one(workspace: Workspace, id: string) {
    const found = (await this.list(workspace)).find((c) => c.id === id);
    if (!found) throw notFound();
    return found;
  }

  private async ensureNameFree(workspaceId: string, name: string) {
    const taken = (await this.store.list(workspaceId)).some((c) => c.name.toLowerCase() === name.toLowerCase());
    if (taken) throw new Conflict(CategoryMessages.duplicate(name));
  }
}

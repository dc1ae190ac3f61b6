import type { TARGET_STATUSES } from "../db/schema/posts";
import { derivePostStatus, editLock, inFlightEditMessage } from "../delivery";
import { Conflict, Invalid, notFound } from "../errors";
import type { MediaLibrary } from "../media";
import type { Actor } from "../tenancy/actor";
import { HoldMessages, HoldReason } from "./channel-holds";
import { channelKey } from "./channel-version";
import { frozenChanges, frozenEditMessage } from "./edit-rules";
import { type Problem, preflight } from "./preflight";
import {
  accountsOf,
  allMediaIdsOf,
  intentOf,
  mediaIdsOf,
  type PostFields,
  postProblems,
  scheduledInstant,
  versionsOf,
} from "./rules";
import type { PostStore } from "./store";

type TargetStatus = (typeof TARGET_STATUSES)[number];

/** Targets that have left the user's hands: they are never rewritten by an edit or reschedule. */
const SETTLED: TargetStatus[] = ["queued", "publishing", "published", "unconfirmed"];

/** A scheduled post with pre-flight problems: the first one's message, and every channel's problem as data. */
export class PreflightError extends Invalid {
  constructor(readonly problems: Problem[]) {
    super(problems[0]!.message, { problems });
  }
}

/**
 * A post command's rows before they are written: the post checked against the rules (SPEC §5, ownership of media
 * and accounts, pre-flight) and drafted as the statements and channel rows the command writes in one batch. It
 * decides nothing about roles, approval or the activity log: the command does, and says whether to `submit`.
 */
export class PostDrafts {
  constructor(
    private readonly library: MediaLibrary,
    private readonly now: () => number,
    private readonly store: PostStore,
  ) {}

  /** Resolves and checks a post: SPEC §5 rules, then ownership of media and accounts, then pre-flight. */
  private async resolve(user: Actor, fields: PostFields, check: { preflight: boolean; kept?: string[] }) {
    // A published post's deleted file stays its own (ADR 075): its edit sends the id back unchanged.
    const all = await this.library.owned(user.workspace.id, allMediaIdsOf(fields), check.kept);
    // A channel's own media must be the workspace's, like its account.
    const owned = new Set(all.map((m) => m.id));
    if (fields.channels.some((c) => c.media?.some((m) => !owned.has(m)))) throw notFound();
    const baseIds = new Set(mediaIdsOf(fields));
    const rows = all.filter((m) => baseIds.has(m.id));
    const kinds = new Map(all.map((m) => [m.id, m.fileType]));
    const messages = postProblems(fields, {
      now: this.now(),
      timeZone: user.workspace.timezone,
      mediaKind: (i) => kinds.get(i),
      mediaRequired: user.workspace.mediaRequired,
    });
    if (messages.length > 0) throw new Invalid(messages[0]!);
    const versions = versionsOf(fields);
    const targets = accountsOf(fields).map((t) => ({
      ...t,
      version: versions.get(channelKey(t.platform, t.accountId)) ?? null,
    }));
    const accounts = await this.store.workspaceAccounts(user.workspace.id);
    const known = new Map(accounts.map((a) => [a.id, a]));
    if (targets.some((t) => known.get(t.accountId)?.platform !== t.platform)) throw notFound();
    const timezone = fields.timezone ?? user.workspace.timezone;
    const scheduledAt = scheduledInstant(fields.scheduledDate, timezone) ?? null;
    const youtubeVideoId = fields.platforms.includes("youtube")
      ? (fields.youtubeVideo ?? rows.find((m) => m.fileType === "video")?.id ?? null)
      : (fields.youtubeVideo ?? null);
    const intent = intentOf(fields);
    if (check.preflight && intent === "scheduled") {
      const problems = preflight(
        { ...fields, targets, media: all, baseMediaIds: rows.map((m) => m.id), youtubeVideoId },
        accounts,
        this.now(),
      );
      if (problems.length > 0) throw new PreflightError(problems);
    }
    return { rows, targets, timezone, scheduledAt, youtubeVideoId, intent };
  }

  /**
   * A new post, checked (SPEC §5 rules, ownership of media and accounts, pre-flight): the statement that writes
   * it, its channels' rows (with the status they make it) and its media's statements. `submit`: its channels wait
   * for approval instead of their time.
   */
  async draftNew(user: Actor, fields: PostFields, submit: boolean) {
    const r = await this.resolve(user, fields, { preflight: true });
    const now = this.now();
    const id = crypto.randomUUID();
    // Publish Now is a schedule for this instant: the publishing dispatcher claims and queues it at once.
    const targetStatus: TargetStatus = submit ? "pending_approval" : fields.publishNow ? "scheduled" : r.intent;
    const targets = r.targets.map((t) => ({
      id: crypto.randomUUID(),
      postId: id,
      workspaceId: user.workspace.id,
      platform: t.platform,
      accountId: t.accountId,
      version: t.version,
      status: targetStatus,
      dueAt: submit ? null : fields.publishNow ? now : r.intent === "scheduled" ? r.scheduledAt : null,
      createdAt: now,
      updatedAt: now,
    }));
    const post = {
      id,
      workspaceId: user.workspace.id,
      userId: user.userId,
      content: fields.content,
      platforms: fields.platforms,
      title: fields.title ?? null,
      youtubeVideoId: r.youtubeVideoId,
      hashtags: fields.hashtags,
      mentions: fields.mentions,
      status: derivePostStatus(targets),
      scheduledAt: fields.publishNow ? now : r.scheduledAt,
      timezone: r.timezone,
      category: fields.metadata.category,
      source: fields.metadata.source,
      createdAt: now,
      updatedAt: now,
    };
    // The channels are publishing's to write (TargetMoves): the command puts them between the post and its media.
    return { id, at: now, targets, post: this.store.insert(post), media: this.store.attach(id, r.rows) };
  }

  /**
   * What an edit starts from: the stored post and its targets, and the fields once the patch is applied. Refused
   * (409) when it changes what a channel in flight is sending or what a published channel already shows.
   */
  async editOf(workspaceId: string, id: string, patch: Partial<PostFields>) {
    const current = await this.store.ownedPost(workspaceId, id);
    const existing = await this.store.targetsOf(id);
    const stored = await this.store.fieldsOf(current, existing);
    const fields = { ...stored, ...patch } as PostFields;
    // A partial PUT that changes the accounts drops the versions of channels no longer chosen.
    if (!("channels" in patch)) {
      const chosen = new Set(accountsOf(fields).map((t) => channelKey(t.platform, t.accountId)));
      fields.channels = stored.channels.filter((c) => chosen.has(channelKey(c.platform, c.accountId)));
    }
    // A channel in flight keeps what it is sending; the others stay editable (issue 42, ADR 075).
    const lock = editLock(existing, this.now());
    if (lock.state === "publishing" && frozenChanges(stored, fields).length)
      throw new Conflict(inFlightEditMessage(lock.busy, lock.waiting));
    const live = existing.filter((t) => t.status === "published" || t.status === "unconfirmed");
    const frozen = live.length ? frozenChanges(stored, fields) : [];
    if (frozen.length)
      throw new Conflict(
        frozenEditMessage(
          live.map((t) => t.platform),
          frozen,
        ),
      );
    const status = fields.status ?? (current.status === "draft" ? "draft" : "scheduled");
    return { owner: current.userId, existing, kept: allMediaIdsOf(stored), fields: { ...fields, status } };
  }

  /**
   * An edit's statements and channels. Published (or in-flight) targets are kept as they are; the others
   * (`replaced`) give way to `fresh` ones that follow the new accounts and schedule — this is also the planner's
   * drag-to-reschedule.
   */
  async draftEdit(user: Actor, id: string, edit: Edit, submit: boolean) {
    const { existing, fields } = edit;
    const settled = existing.filter((t) => SETTLED.includes(t.status));
    const r = await this.resolve(user, fields, { preflight: true, kept: edit.kept });
    const now = this.now();
    const keep = new Set(settled.map((t) => `${t.platform}:${t.accountId}`));
    const open = r.targets.filter((t) => !keep.has(`${t.platform}:${t.accountId}`));
    const status: TargetStatus = submit ? "pending_approval" : fields.publishNow ? "scheduled" : r.intent;
    const dueAt = submit ? null : fields.publishNow ? now : r.intent === "scheduled" ? r.scheduledAt : null;
    const fresh = open.map((t) => {
      const prior = existing.find((e) => e.platform === t.platform && e.accountId === t.accountId);
      return {
        id: prior?.id ?? crypto.randomUUID(),
        postId: id,
        workspaceId: user.workspace.id,
        platform: t.platform,
        accountId: t.accountId,
        version: t.version,
        status,
        dueAt,
        errorKind: null,
        errorMessage: null,
        createdAt: prior?.createdAt ?? now,
        updatedAt: now,
      };
    });
    const unsettledIds = existing.filter((t) => !SETTLED.includes(t.status)).map((t) => t.id);
    const all = [...settled, ...fresh];
    const post = this.store.change(user.workspace.id, id, {
      content: fields.content,
      platforms: fields.platforms,
      title: fields.title ?? null,
      youtubeVideoId: r.youtubeVideoId,
      hashtags: fields.hashtags,
      mentions: fields.mentions,
      status: derivePostStatus(all),
      scheduledAt: fields.publishNow ? now : r.scheduledAt,
      timezone: r.timezone,
      category: fields.metadata.category,
      source: fields.metadata.source,
      updatedAt: now,
    });
    const media = [this.store.detach(id), ...this.store.attach(id, r.rows)];
    return { at: now, post, replaced: unsettledIds, fresh, media };
  }

  /**
   * What Publish Now would send: the post checked as if scheduled for now, and its channels not yet sent. Refused
   * (409) while its media is held for deletion (saving an edit releases it) and when nothing is left to send.
   */
  async publishOf(user: Actor, id: string) {
    const current = await this.store.ownedPost(user.workspace.id, id);
    const existing = await this.store.targetsOf(id);
    const fields = await this.store.fieldsOf(current, existing);
    await this.resolve(
      user,
      { ...fields, publishNow: true, status: "scheduled" },
      { preflight: true, kept: allMediaIdsOf(fields) },
    );
    // Publish Now must not send a post without the media the user scheduled it with; saving an edit releases it.
    const mediaHeld = existing.find((t) => t.status === "held" && t.errorKind === HoldReason.mediaDeleted);
    if (mediaHeld) throw new Conflict(mediaHeld.errorMessage ?? HoldMessages.mediaDeleted("of this post"));
    // Nor as the client saw it when they asked for changes (ADR 078).
    const changes = existing.find((t) => t.status === "held" && t.errorKind === HoldReason.changesRequested);
    if (changes) throw new Conflict(changes.errorMessage ?? HoldMessages.changesRequested("", null));
    const waiting = existing.filter((t) => !SETTLED.includes(t.status));
    if (waiting.length === 0) throw new Conflict("This post has nothing left to publish.");
    return { workspaceId: user.workspace.id, content: current.content, existing, waiting };
  }

  /**
   * Publish Now's post update: every channel not yet sent becomes due now (the caller then hands due targets to
   * the publishing dispatcher, which claims and queues them), or waits for approval with `submit`.
   */
  draftPublish(id: string, plan: Awaited<ReturnType<PostDrafts["publishOf"]>>, submit: boolean) {
    const { existing, waiting } = plan;
    const now = this.now();
    const status: TargetStatus = submit ? "pending_approval" : "scheduled";
    const after = existing.map((t) => (waiting.includes(t) ? { ...t, status } : t));
    const post = this.store.change(plan.workspaceId, id, {
      status: derivePostStatus(after),
      scheduledAt: now,
      updatedAt: now,
    });
    return { at: now, status, waiting: waiting.map((t) => t.id), post };
  }
}

/** An edit as `editOf` reads it, for `draftEdit`. */
export type Edit = Awaited<ReturnType<PostDrafts["editOf"]>>;

import { and, asc, eq, inArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { fromJsonRow, jsonRow } from "../db/json-rows";
import { likeContains, likePattern } from "../db/like";
import { renderedStatement } from "../db/rendered";
import { connectedAccounts } from "../db/schema/accounts";
import { clientReviews, postApprovals } from "../db/schema/approvals";
import { media, postMedia } from "../db/schema/media";
import { posts, postTargets, publishAttempts, type TARGET_STATUSES } from "../db/schema/posts";
import { targetStagings } from "../db/schema/staging";
import { Conflict, Invalid, notFound } from "../errors";
import type { MediaLibrary } from "../media/library";
import { type MediaRow, presentMedia } from "../media/present";
import { PLATFORM_PROFILES, type Platform } from "../platform-profile";
import { preparationOf } from "../publishing/staging-state";
import { derivePostStatus } from "../publishing/state";
import { type Actor, ensureActorCan } from "../tenancy/actor";
import { postWriteActions } from "../tenancy/roles";
import { recordActivity } from "../workspaces/activity";
import { needsApproval } from "../workspaces/approval-rules";
import { HoldMessages, HoldReason } from "./channel-holds";
import { DUPLICATE_WINDOW_MS, duplicatesOf, retryNote } from "./channel-notes";
import { channelKey, effectiveVersion } from "./channel-version";
import { frozenChanges, frozenEditMessage } from "./edit-rules";
import { excerpt } from "./excerpt";
import { type AccountLimits, type PreflightAccount, type Problem, preflight } from "./preflight";
import type { ListPostsQuery } from "./query";
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

type PostRow = typeof posts.$inferSelect;
type TargetRow = typeof postTargets.$inferSelect;
type TargetStatus = (typeof TARGET_STATUSES)[number];

/** Targets that have left the user's hands: they are never rewritten by an edit or reschedule. */
const SETTLED: TargetStatus[] = ["queued", "publishing", "published", "unconfirmed"];

const PUBLISHING_NOW_DELETE =
  "This post is being published right now and cannot be deleted. Try again in a minute, once it has finished.";
/** Whether saving these fields schedules or publishes (which a contributor may not do). */
const schedules = (fields: PostFields) => fields.publishNow === true || intentOf(fields) === "scheduled";

/** A scheduled post with pre-flight problems: the first one's message, and every channel's problem as data. */
export class PreflightError extends Invalid {
  constructor(readonly problems: Problem[]) {
    super(problems[0]!.message, { problems });
  }
}

export type { Actor };

/** Posts with one target per (platform, account). Every query is scoped to the workspace. */
export class PostStore {
  constructor(
    private readonly db: Db,
    private readonly library: MediaLibrary,
    private readonly now: () => number,
    /** Told of a post just scheduled or rescheduled, so its media can be staged at once (ADR 034). */
    private readonly scheduled: (postId: string, platforms: Platform[]) => Promise<unknown> = async () => {},
  ) {}

  /** A failure here costs only time: the minute cron's sweep stages what this missed. */
  /** Only channels due within their platform's staging lead are announced: a bulk import of posts due next week
   * must not spend the request's D1 query budget looking for nothing to stage. */
  private async announceSchedule(
    postId: string,
    targets: { status: string; dueAt: number | null; platform: Platform }[],
    now: number,
  ) {
    const within = targets.filter(
      (t) =>
        t.status === "scheduled" &&
        t.dueAt !== null &&
        t.dueAt > now &&
        t.dueAt <= now + (PLATFORM_PROFILES[t.platform].stagingLeadMs ?? 0),
    );
    if (within.length === 0) return;
    const platforms = [...new Set(within.map((t) => t.platform))];
    await this.scheduled(postId, platforms).catch((err) => console.error("staging right after scheduling failed", err));
  }

  /** Resolves and checks a post: SPEC §5 rules, then ownership of media and accounts, then pre-flight. */
  private async resolve(user: Actor, fields: PostFields, check: { preflight: boolean }) {
    const all = await this.library.owned(user.workspace.id, allMediaIdsOf(fields));
    // A channel's own media must be the workspace's, like its account.
    const owned = new Set(all.map((m) => m.id));
    if (fields.channels.some((c) => c.media?.some((m) => !owned.has(m)))) throw notFound();
    const baseIds = new Set(mediaIdsOf(fields));
    const rows = all.filter((m) => baseIds.has(m.id));
    const kinds = new Map(rows.map((m) => [m.id, m.fileType]));
    const messages = postProblems(fields, {
      now: this.now(),
      timeZone: user.workspace.timezone,
      mediaKind: (i) => kinds.get(i),
    });
    if (messages.length > 0) throw new Invalid(messages[0]!);
    const versions = versionsOf(fields);
    const targets = accountsOf(fields).map((t) => ({
      ...t,
      version: versions.get(channelKey(t.platform, t.accountId)) ?? null,
    }));
    const accounts = await this.workspaceAccounts(user.workspace.id);
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

  /** The problems per channel, without saving anything (POST /api/posts/preflight). */
  async preflight(user: Actor, fields: PostFields): Promise<{ messages: string[]; problems: Problem[] }> {
    const rows = await this.library.owned(user.workspace.id, allMediaIdsOf(fields));
    const kinds = new Map(rows.map((m) => [m.id, m.fileType]));
    const messages = postProblems(
      { ...fields, status: fields.status ?? "scheduled" },
      { now: this.now(), timeZone: user.workspace.timezone, mediaKind: (i) => kinds.get(i) },
    );
    const accounts = await this.workspaceAccounts(user.workspace.id);
    const versions = versionsOf(fields);
    const targets = accountsOf(fields).map((t) => ({
      ...t,
      version: versions.get(channelKey(t.platform, t.accountId)),
    }));
    const problems = preflight(
      {
        ...fields,
        targets,
        media: rows,
        baseMediaIds: mediaIdsOf(fields),
        youtubeVideoId: fields.youtubeVideo ?? null,
      },
      accounts,
      this.now(),
    );
    return { messages, problems };
  }

  async create(user: Actor, fields: PostFields) {
    const submit = schedules(fields) && needsApproval(user.workspace);
    for (const action of postWriteActions({ own: true, schedules: schedules(fields) && !submit }))
      ensureActorCan(user, action);
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
    await this.db.batch([
      this.db.insert(posts).values(post),
      ...(targets.length ? [this.db.insert(postTargets).values(targets)] : []),
      ...(r.rows.length
        ? [this.db.insert(postMedia).values(r.rows.map((m, position) => ({ postId: id, mediaId: m.id, position })))]
        : []),
      ...(submit ? [this.submission(user, id, fields.publishNow === true, now)] : []),
      this.activity(user, submit ? "submitted" : "created", id, fields.content, now),
    ]);
    await this.announceSchedule(id, targets, now);
    return this.get(user.workspace.id, id);
  }

  private activity(
    user: Actor,
    action: "created" | "edited" | "submitted" | "publish_requested",
    id: string,
    content: string,
    at: number,
  ) {
    return recordActivity(this.db, {
      workspaceId: user.workspace.id,
      userId: user.userId,
      action,
      subject: "post",
      subjectId: id,
      summary: excerpt(content),
      at,
    });
  }

  /** The approval request of a submitted post (ADR 016); its targets wait as `pending_approval`. */
  private submission(user: Actor, postId: string, publishNow: boolean, now: number) {
    return this.db.insert(postApprovals).values({
      id: crypto.randomUUID(),
      workspaceId: user.workspace.id,
      postId,
      submittedBy: user.userId,
      submittedAt: now,
      publishNow,
      status: "pending",
    });
  }

  /** A write that does not go through approval withdraws the post's pending request, if any. */
  private withdrawal(postId: string) {
    return this.db
      .delete(postApprovals)
      .where(and(eq(postApprovals.postId, postId), eq(postApprovals.status, "pending")));
  }

  /**
   * Replaces what the user may still change. Published (or in-flight) targets are kept as they are;
   * the others follow the new accounts and schedule — this is also the planner's drag-to-reschedule.
   */
  async update(user: Actor, id: string, patch: Partial<PostFields>) {
    const current = await this.ownedPost(user.workspace.id, id);
    const existing = await this.db.select().from(postTargets).where(eq(postTargets.postId, id));
    if (existing.some((t) => t.status === "queued" || t.status === "publishing")) {
      throw new Conflict("This post is being published right now and cannot be changed.");
    }
    const stored = await this.fieldsOf(current, existing);
    const fields = { ...stored, ...patch } as PostFields;
    // A partial PUT that changes the accounts drops the versions of channels no longer chosen.
    if (!("channels" in patch)) {
      const chosen = new Set(accountsOf(fields).map((t) => channelKey(t.platform, t.accountId)));
      fields.channels = stored.channels.filter((c) => chosen.has(channelKey(c.platform, c.accountId)));
    }
    const live = existing.filter((t) => t.status === "published" || t.status === "unconfirmed");
    const frozen = live.length ? frozenChanges(stored, fields) : [];
    if (frozen.length)
      throw new Conflict(
        frozenEditMessage(
          live.map((t) => t.platform),
          frozen,
        ),
      );
    const nextStatus = fields.status ?? (current.status === "draft" ? "draft" : "scheduled");
    // Any write that schedules goes back to approval when approval applies, an approved post's edit too.
    const wantsSchedule = schedules({ ...fields, status: nextStatus });
    const submit = wantsSchedule && needsApproval(user.workspace);
    for (const action of postWriteActions({ own: current.userId === user.userId, schedules: wantsSchedule && !submit }))
      ensureActorCan(user, action);
    const settled = existing.filter((t) => SETTLED.includes(t.status));
    const r = await this.resolve(user, { ...fields, status: nextStatus }, { preflight: true });
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
    await this.db.batch([
      this.db
        .update(posts)
        .set({
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
        })
        .where(and(eq(posts.id, id), eq(posts.workspaceId, user.workspace.id))),
      ...(unsettledIds.length ? [this.db.delete(postTargets).where(inArray(postTargets.id, unsettledIds))] : []),
      ...(fresh.length ? [this.db.insert(postTargets).values(fresh)] : []),
      this.db.delete(postMedia).where(eq(postMedia.postId, id)),
      ...(r.rows.length
        ? [this.db.insert(postMedia).values(r.rows.map((m, position) => ({ postId: id, mediaId: m.id, position })))]
        : []),
      this.withdrawal(id),
      ...(submit && fresh.length ? [this.submission(user, id, fields.publishNow === true, now)] : []),
      this.activity(user, submit && fresh.length ? "submitted" : "edited", id, fields.content, now),
    ]);
    await this.announceSchedule(id, fresh, now);
    return this.get(user.workspace.id, id);
  }

  /**
   * Publish Now: every target not yet published becomes due now; the caller then hands due targets to
   * the publishing dispatcher (workers/publishing/service.ts), which claims and queues them. Where
   * approval applies the targets wait for it instead.
   */
  async publish(user: Actor, id: string) {
    ensureActorCan(user, "posts.publish");
    const current = await this.ownedPost(user.workspace.id, id);
    const existing = await this.db.select().from(postTargets).where(eq(postTargets.postId, id));
    const fields = await this.fieldsOf(current, existing);
    await this.resolve(user, { ...fields, publishNow: true, status: "scheduled" }, { preflight: true });
    const now = this.now();
    // Publish Now must not send a post without the media the user scheduled it with; saving an edit releases it.
    const mediaHeld = existing.find((t) => t.status === "held" && t.errorKind === HoldReason.mediaDeleted);
    if (mediaHeld) throw new Conflict(mediaHeld.errorMessage ?? HoldMessages.mediaDeleted("of this post"));
    const waiting = existing.filter((t) => !SETTLED.includes(t.status));
    if (waiting.length === 0) throw new Conflict("This post has nothing left to publish.");
    const submit = needsApproval(user.workspace);
    const status: TargetStatus = submit ? "pending_approval" : "scheduled";
    const after = existing.map((t) => (waiting.includes(t) ? { ...t, status } : t));
    await this.db.batch([
      this.db
        .update(postTargets)
        .set({
          status,
          dueAt: submit ? null : now,
          attemptCount: 0,
          errorKind: null,
          errorMessage: null,
          updatedAt: now,
        })
        .where(
          inArray(
            postTargets.id,
            waiting.map((t) => t.id),
          ),
        ),
      this.db
        .update(posts)
        .set({ status: derivePostStatus(after), scheduledAt: now, updatedAt: now })
        .where(eq(posts.id, id)),
      this.withdrawal(id),
      ...(submit ? [this.submission(user, id, true, now)] : []),
      this.activity(user, submit ? "submitted" : "publish_requested", id, current.content, now),
    ]);
    return this.get(user.workspace.id, id);
  }

  /**
   * Checks that the actor may delete the post (their own, or `posts.manage`) before anything is removed,
   * and that no channel is being sent: deleting it then would lose the record of a live post (409).
   */
  async ensureDeletable(user: Actor, id: string): Promise<void> {
    const post = await this.ownedPost(user.workspace.id, id);
    for (const action of postWriteActions({ own: post.userId === user.userId, schedules: false }))
      ensureActorCan(user, action);
    const [sending] = await this.db
      .select({ id: postTargets.id })
      .from(postTargets)
      .where(and(eq(postTargets.postId, id), eq(postTargets.status, "publishing")))
      .limit(1);
    if (sending) throw new Conflict(PUBLISHING_NOW_DELETE);
  }

  /**
   * Deletes the post unless a channel is being sent. The condition sits in the DELETE itself, so a
   * consumer that moves a target to `publishing` at the same moment either wins (409 here) or finds the
   * target gone and sends nothing.
   */
  async remove(user: Actor, id: string): Promise<void> {
    await this.ensureDeletable(user, id);
    const gone = await this.db
      .delete(posts)
      .where(
        and(
          eq(posts.id, id),
          eq(posts.workspaceId, user.workspace.id),
          sql`NOT EXISTS (SELECT 1 FROM post_targets t WHERE t.post_id = ${posts.id} AND t.status = 'publishing')`,
        ),
      )
      .returning({ id: posts.id });
    if (gone.length === 0) throw new Conflict(PUBLISHING_NOW_DELETE);
  }

  async get(workspaceId: string, id: string) {
    const post = await this.ownedPost(workspaceId, id);
    const [json] = await this.present([post]);
    return json!;
  }

  /** The post's channels that published exactly their text lately: reposting there would be a duplicate. */
  async duplicates(workspaceId: string, id: string) {
    const post = await this.ownedPost(workspaceId, id);
    const channels = await this.db
      .select({ platform: postTargets.platform, accountId: postTargets.accountId, version: postTargets.version })
      .from(postTargets)
      .where(eq(postTargets.postId, id));
    if (channels.length === 0) return [];
    const now = this.now();
    const sent = await this.db
      .select({
        postId: posts.id,
        platform: postTargets.platform,
        accountId: postTargets.accountId,
        version: postTargets.version,
        content: posts.content,
        hashtags: posts.hashtags,
        publishedAt: postTargets.publishedAt,
      })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .where(
        and(
          eq(postTargets.workspaceId, workspaceId),
          eq(postTargets.status, "published"),
          inArray(postTargets.accountId, [...new Set(channels.map((c) => c.accountId))]),
          sql`${postTargets.publishedAt} >= ${now - DUPLICATE_WINDOW_MS}`,
        ),
      );
    const captionAt = (p: { content: string; hashtags: string[] }, t: (typeof channels)[number]) =>
      effectiveVersion({ ...p, mediaIds: [], title: null }, t).caption;
    const published = sent.map((s) => ({ ...s, caption: captionAt(s, s), publishedAt: s.publishedAt ?? 0 }));
    return duplicatesOf(
      channels.map((c) => ({ ...c, caption: captionAt(post, c) })),
      published,
      now,
    );
  }

  /** The workspace's posts among `ids`, presented, in the order of `ids`; others' ids are skipped. */
  async getMany(workspaceId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(posts)
      .where(and(eq(posts.workspaceId, workspaceId), inArray(posts.id, ids)));
    const presented = await this.present(rows);
    return ids.flatMap((id) => presented.filter((p) => p.id === id));
  }

  async list(workspaceId: string, q: ListPostsQuery) {
    const read = this.listRead(workspaceId, q);
    return read.answer(await read.statement.all());
  }

  /**
   * The posts list as one statement and what makes its answer from the statement's result, apart so the
   * statement can go in a batch with the request's membership lookup (ADR 050).
   */
  listRead(workspaceId: string, q: ListPostsQuery) {
    const { shape, key } = listShape(q);
    const values = {
      workspaceId,
      status: q.status,
      platform: q.platform,
      from: q.from,
      to: q.to,
      content: q.search && likePattern(q.search),
      hashtag: q.search && likePattern(q.search.replace(/^#/, "")),
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    };
    // One statement: the page's total, its posts and what each shows, in that order (kinds -2, -1, then 0…4).
    // D1 pays per statement more than per row or byte (ADR 048).
    const statement = renderedStatement(
      this.db.$client,
      `posts.list:${key}`,
      () => sql`SELECT kind, sort, row FROM (
          SELECT ${sql.raw(String(TOTAL))} AS kind, 0 AS sort, (SELECT count(*) FROM ${posts} WHERE ${listWhere(shape)}) AS row
          UNION ALL
          SELECT ${sql.raw(String(PAGE))}, row_number() OVER (ORDER BY ${posts.createdAt} DESC, ${posts.id} DESC), ${jsonRow(posts)}
            FROM (${inPage(shape, sql`*`)}) AS ${posts})
        UNION ALL
        SELECT kind, sort, row FROM (${relatedRows(inPage(shape, sql`${posts.id}`))})
        ORDER BY kind, sort`,
      values,
    );
    const answer = async (result: D1Result) => {
      const results = result.results as RelatedRow[];
      const n = Number(results[0]?.kind === TOTAL ? results[0].row : 0);
      const rows = results.filter((r) => r.kind === PAGE).map((r) => fromJsonRow(posts, JSON.parse(String(r.row))));
      return {
        posts: await this.shape(rows, relatedOf(results)),
        pagination: { page: q.page, limit: q.limit, total: n, pages: Math.ceil(n / q.limit) },
      };
    };
    return { statement, answer };
  }

  private async ownedPost(workspaceId: string, id: string): Promise<PostRow> {
    const [post] = await this.db
      .select()
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)));
    if (!post) throw notFound();
    return post;
  }

  private async workspaceAccounts(workspaceId: string): Promise<PreflightAccount[]> {
    const rows = await this.db
      .select({
        id: connectedAccounts.id,
        platform: connectedAccounts.platform,
        username: connectedAccounts.username,
        status: connectedAccounts.status,
        tokenExpiresAt: connectedAccounts.tokenExpiresAt,
        metadata: connectedAccounts.metadata,
      })
      .from(connectedAccounts)
      .where(eq(connectedAccounts.workspaceId, workspaceId));
    // The limits the account's server set (Mastodon, read from its instance at connect and daily, ADR 059).
    return rows.map(({ metadata, ...a }) => ({
      ...a,
      limits: (metadata?.limits as AccountLimits | undefined) ?? null,
    }));
  }

  /** The stored post as composer fields, the base a partial PUT is applied to. */
  private async fieldsOf(post: PostRow, targets: TargetRow[]): Promise<PostFields> {
    const attached = await this.db
      .select({ id: postMedia.mediaId })
      .from(postMedia)
      .where(eq(postMedia.postId, post.id))
      .orderBy(asc(postMedia.position));
    const selectedAccounts: Record<string, string[]> = {};
    for (const t of targets) (selectedAccounts[t.platform] ??= []).push(t.accountId);
    return {
      content: post.content,
      platforms: post.platforms,
      selectedAccounts,
      images: [],
      videos: [],
      media: attached.map((a) => a.id),
      hashtags: post.hashtags,
      mentions: post.mentions,
      metadata: { category: post.category, source: post.source },
      title: post.title,
      youtubeVideo: post.youtubeVideoId,
      scheduledDate: post.scheduledAt === null ? null : new Date(post.scheduledAt).toISOString(),
      timezone: post.timezone,
      status: post.status === "draft" ? "draft" : "scheduled",
      publishNow: false,
      channels: channelsOf(targets),
    };
  }

  /** SPEC §3 Post for each row, with its media and one platformPosts entry per target. */
  private async present(rows: PostRow[]) {
    if (rows.length === 0) return [];
    const { results } = await renderedStatement(
      this.db.$client,
      "posts.related:ids",
      () => sql`${relatedRows(sql`SELECT value AS id FROM json_each(${placeholder("ids")})`)} ORDER BY kind, sort`,
      { ids: JSON.stringify(rows.map((p) => p.id)) },
    ).all<RelatedRow>();
    return this.shape(rows, relatedOf(results));
  }

  private async shape(rows: PostRow[], related: Related) {
    const { targets, attached, approvals, reviews, stagings } = related;
    const lastFailures = await this.lastRetryReasons(targets.filter((t) => retryNote(t, null)).map((t) => t.id));
    // Grouped once by post: a page of 100 posts with their targets would otherwise scan every list per post.
    const targetsOf = byPost(targets);
    const mediaOf = byPost(attached);
    const reviewsOf = byPost(reviews);
    const approvalsOf = byPost(approvals);
    const stagingOf = new Map(stagings.map((s) => [s.targetId, s]));
    return rows.map((p) => {
      const items = (mediaOf.get(p.id) ?? []).map((a) => presentMedia(a.row, a.used));
      const own = targetsOf.get(p.id) ?? [];
      const selectedAccounts: Partial<Record<Platform, string[]>> = {};
      for (const t of own) (selectedAccounts[t.platform] ??= []).push(t.accountId);
      const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());
      return {
        _id: p.id,
        id: p.id,
        content: p.content,
        platforms: p.platforms,
        selectedAccounts,
        images: items.filter((m) => m.fileType === "image"),
        videos: items.filter((m) => m.fileType === "video"),
        media: items,
        hashtags: p.hashtags,
        mentions: p.mentions,
        status: p.status,
        scheduledDate: iso(p.scheduledAt),
        timezone: p.timezone,
        publishedAt: iso(p.publishedAt),
        createdAt: iso(p.createdAt),
        updatedAt: iso(p.updatedAt),
        title: p.title,
        youtubeVideo: items.find((m) => m.id === p.youtubeVideoId) ?? null,
        metadata: { category: p.category, source: p.source },
        /** The latest approval request and its decision (a rejection's comment is the author's to read). */
        approval: presentApproval(approvalsOf.get(p.id)?.[0]),
        clientReviews: (reviewsOf.get(p.id) ?? []).map((r) => ({
          id: r.id,
          decision: r.decision,
          comment: r.comment,
          createdAt: iso(r.createdAt),
        })),
        channels: channelsOf(own),
        platformPosts: own.map((t) => ({
          id: t.id,
          platform: t.platform,
          accountId: t.accountId,
          /** What this channel publishes (ADR 021). */
          version: effectiveVersion(base(p, items), t),
          firstComment: t.commentStatus
            ? { status: t.commentStatus, remoteId: t.commentRemoteId, error: t.commentError }
            : null,
          /** Remote ids of the thread parts published so far. */
          partIds: t.partIds ?? [],
          status: t.status,
          dueAt: iso(t.dueAt),
          publishedAt: iso(t.publishedAt),
          remoteId: t.remoteId,
          permalink: t.permalink,
          error: t.errorMessage ? { kind: t.errorKind, message: t.errorMessage } : null,
          retry: retryNote(t, lastFailures.get(t.id) ?? null),
          /** Media prepared ahead of the due time (ADR 029): preparing, ready, or why it could not be. */
          preparation: preparationFor(stagingOf.get(t.id), t, p.timezone),
        })),
      };
    });
  }

  /** The platform's words for the latest failed attempt of each target being retried (from the attempt log). */
  private async lastRetryReasons(targetIds: string[]): Promise<Map<string, string | null>> {
    if (targetIds.length === 0) return new Map();
    const rows = await this.db
      .select({ targetId: publishAttempts.targetId, message: publishAttempts.errorMessage })
      .from(publishAttempts)
      .where(and(inArray(publishAttempts.targetId, targetIds), eq(publishAttempts.outcome, "retry")))
      .orderBy(asc(publishAttempts.startedAt));
    // Ascending, so the latest attempt of each target is the one left in the map.
    return new Map(rows.map((r) => [r.targetId, r.message]));
  }
}

const placeholder = (name: string) => sql.placeholder(name);

/** Which of the list's filters a request uses: the list's statements are rendered once for each combination. */
type ListShape = Record<"status" | "platform" | "from" | "to" | "search", boolean>;

/** Which filters `q` uses, and a key naming that combination for its rendered statements. */
function listShape(q: ListPostsQuery): { shape: ListShape; key: string } {
  const shape: ListShape = {
    status: q.status !== undefined,
    platform: q.platform !== undefined,
    from: q.from !== undefined,
    to: q.to !== undefined,
    search: Boolean(q.search),
  };
  const key = (Object.keys(shape) as Array<keyof ListShape>).filter((k) => shape[k]).join(",");
  return { shape, key };
}

/** The list's filters, their values as placeholders (`list` binds them). */
function listWhere(shape: ListShape) {
  const shownAt = sql`coalesce(${posts.publishedAt}, ${posts.scheduledAt}, ${posts.createdAt})`;
  return and(
    eq(posts.workspaceId, placeholder("workspaceId")),
    shape.status ? eq(posts.status, placeholder("status")) : undefined,
    shape.platform
      ? sql`EXISTS (SELECT 1 FROM json_each(${posts.platforms}) WHERE json_each.value = ${placeholder("platform")})`
      : undefined,
    shape.from ? sql`${shownAt} >= ${placeholder("from")}` : undefined,
    shape.to ? sql`${shownAt} < ${placeholder("to")}` : undefined,
    shape.search
      ? or(likeContains(posts.content, placeholder("content")), likeContains(posts.hashtags, placeholder("hashtag")))
      : undefined,
  );
}

/** `columns` of the list's page: newest first. */
function inPage(shape: ListShape, columns: SQL) {
  return sql`SELECT ${columns} FROM ${posts} WHERE ${listWhere(shape)}
    ORDER BY ${posts.createdAt} DESC, ${posts.id} DESC LIMIT ${placeholder("limit")} OFFSET ${placeholder("offset")}`;
}

/** The list statement's rows before the related ones: its total, then its page (ordered by `sort`). */
const TOTAL = -2;
const PAGE = -1;

type RelatedRow = { kind: number; sort: number; row: string | number };

/**
 * What a presented post shows besides its row (targets, media, approvals, client reviews, stagings) for the posts
 * `page` selects (at least their `id`) as rows of `kind`, `sort` (the order within a kind) and `row` (JSON), in one
 * compound select (ADR 048). Five kinds: local D1 refuses a compound select of more than five terms.
 */
function relatedRows(page: SQL) {
  const ofPage = (column: SQLWrapper) => sql`${column} IN (SELECT id FROM page)`;
  const used = sql`(SELECT count(*) FROM post_media pm WHERE pm.media_id = ${media.id})`;
  return sql`WITH page AS (${page})
    SELECT 0 AS kind, ${postTargets.createdAt} AS sort, ${jsonRow(postTargets)} AS row
      FROM ${postTargets} WHERE ${ofPage(postTargets.postId)}
    UNION ALL
    SELECT 1, ${postMedia.position}, json_object('postId', ${postMedia.postId}, 'row', ${jsonRow(media)}, 'used', ${used})
      FROM ${postMedia} INNER JOIN ${media} ON ${media.id} = ${postMedia.mediaId} WHERE ${ofPage(postMedia.postId)}
    UNION ALL
    SELECT 2, -${postApprovals.submittedAt}, ${jsonRow(postApprovals)}
      FROM ${postApprovals} WHERE ${ofPage(postApprovals.postId)}
    UNION ALL
    SELECT 3, ${clientReviews.createdAt}, ${jsonRow(clientReviews)}
      FROM ${clientReviews} WHERE ${ofPage(clientReviews.postId)}
    UNION ALL
    SELECT 4, 0, ${jsonRow(targetStagings)} FROM ${targetStagings} WHERE ${ofPage(targetStagings.postId)}`;
}

/** `relatedRows`' rows (already ordered) as each table's own rows; rows of other kinds are skipped. */
function relatedOf(rows: RelatedRow[]) {
  const related = {
    targets: [] as TargetRow[],
    attached: [] as Array<{ postId: string; row: MediaRow; used: number }>,
    approvals: [] as Array<typeof postApprovals.$inferSelect>,
    reviews: [] as Array<typeof clientReviews.$inferSelect>,
    stagings: [] as Array<typeof targetStagings.$inferSelect>,
  };
  for (const { kind, row: text } of rows) {
    if (kind < 0) continue;
    const row = JSON.parse(String(text)) as Record<string, unknown>;
    if (kind === 0) related.targets.push(fromJsonRow(postTargets, row));
    else if (kind === 1)
      related.attached.push({
        postId: row.postId as string,
        row: fromJsonRow(media, row.row as Record<string, unknown>),
        used: row.used as number,
      });
    else if (kind === 2) related.approvals.push(fromJsonRow(postApprovals, row));
    else if (kind === 3) related.reviews.push(fromJsonRow(clientReviews, row));
    else related.stagings.push(fromJsonRow(targetStagings, row));
  }
  return related;
}

type Related = ReturnType<typeof relatedOf>;

/** Only a channel still waiting for its time shows its preparation. */
function preparationFor(row: typeof targetStagings.$inferSelect | undefined, t: TargetRow, timeZone: string) {
  return row && t.status === "scheduled" ? preparationOf(row, timeZone) : null;
}

/** `rows` grouped by their post, each group in the rows' order. */
function byPost<R extends { postId: string }>(rows: R[]): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    const group = groups.get(r.postId);
    if (group) group.push(r);
    else groups.set(r.postId, [r]);
  }
  return groups;
}

/** The channel versions of a post's targets, in the shape the composer and the API send them. */
function channelsOf(targets: Array<Pick<TargetRow, "platform" | "accountId" | "version">>) {
  return targets.flatMap((t) => (t.version ? [{ platform: t.platform, accountId: t.accountId, ...t.version }] : []));
}

/** The post as every channel inherits it. */
function base(post: PostRow, items: Array<{ id: string }>) {
  return { content: post.content, hashtags: post.hashtags, mediaIds: items.map((m) => m.id), title: post.title };
}

function presentApproval(row: typeof postApprovals.$inferSelect | undefined) {
  if (!row) return null;
  const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());
  return {
    status: row.status,
    publishNow: row.publishNow,
    submittedBy: row.submittedBy,
    submittedAt: iso(row.submittedAt),
    decidedBy: row.decidedBy,
    decidedAt: iso(row.decidedAt),
    comment: row.comment,
  };
}

/** A page of the posts list as `GET /api/posts` answers it. */
export type ListedPosts = Awaited<ReturnType<PostStore["list"]>>;

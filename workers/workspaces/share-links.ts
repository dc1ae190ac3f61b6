import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { randomToken, sha256Hex } from "../crypto";
import type { Db } from "../db/client";
import { connectedAccounts } from "../db/schema/accounts";
import { clientReviews, shareLinks } from "../db/schema/approvals";
import { posts, postTargets } from "../db/schema/posts";
import { Invalid, NotFound, notFound } from "../errors";
import type { MediaJson, MediaUrlSigner } from "../media";
import type { Actor, PostStore } from "../posts";
import { excerpt, HoldMessages } from "../posts";
import type { ChannelHolds } from "../publishing";
import { placedToken } from "../tenancy/public-token";
import { recordActivity } from "./activity";
import type { ApprovalService } from "./approvals";
import type { Notifications } from "./notifications";
import {
  clientReviewNotice,
  SHARE_LINK_MAX_POSTS,
  ShareMessages,
  sharedTiming,
  shareLinkRefusal,
  shareLinkState,
} from "./share-link-rules";
import type { ClientReviewInput, ShareLinkInput } from "./share-schemas";
import { channelCopy } from "./shared-channels";
import { publishedMedia } from "./version-media";

type LinkRow = typeof shareLinks.$inferSelect;
const DAY_MS = 86_400_000;
/** The client's page signs media URLs for as long as a visit lasts, not for the link's life. */
const CLIENT_MEDIA_TTL_MS = 6 * 60 * 60_000;

interface Deps {
  db: Db;
  posts: PostStore;
  notifications: Notifications;
  /** Publishing's holds: a client's "Request changes" stops the post's channels (ADR 078). */
  holds: ChannelHolds;
  approvals: Pick<ApprovalService, "withdrawal" | "approverIds">;
  mediaUrls: MediaUrlSigner;
  now: () => number;
  origin: string;
}

const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());

/**
 * Client approval links (ADR 016): an approver shares a fixed set of posts with someone who has no account.
 * The token is shown once; only its SHA-256 is stored. A client's decision is recorded with its link and time and
 * its author told; it never schedules or publishes anything, and "Request changes" holds the post (ADR 078).
 */
export class ShareLinkService {
  constructor(private readonly deps: Deps) {}

  private present(link: LinkRow) {
    return {
      id: link.id,
      label: link.label,
      postIds: link.postIds,
      state: shareLinkState(link, this.deps.now()),
      expiresAt: new Date(link.expiresAt).toISOString(),
      revokedAt: iso(link.revokedAt),
      createdAt: new Date(link.createdAt).toISOString(),
      createdBy: link.createdBy,
    };
  }

  async create(actor: Actor, input: ShareLinkInput) {
    const postIds = await this.chosenPosts(actor.workspace.id, input);
    const now = this.deps.now();
    // The token names its workspace, so a client without a session reaches the right shard (ADR 081).
    const token = placedToken(actor.workspace.id, randomToken(32));
    const row: LinkRow = {
      id: crypto.randomUUID(),
      workspaceId: actor.workspace.id,
      tokenHash: await sha256Hex(token),
      label: input.label,
      postIds,
      createdBy: actor.userId,
      expiresAt: now + input.expiresInDays * DAY_MS,
      revokedAt: null,
      createdAt: now,
    };
    await this.deps.db.batch([
      this.deps.db.insert(shareLinks).values(row),
      recordActivity(this.deps.db, {
        workspaceId: row.workspaceId,
        userId: actor.userId,
        action: "link_shared",
        subject: "share_link",
        subjectId: row.id,
        summary: `"${row.label}", ${postIds.length} post${postIds.length === 1 ? "" : "s"}`,
        at: now,
      }),
    ]);
    return { ...this.present(row), url: `${this.deps.origin}/review/${token}` };
  }

  /** The chosen posts (every one must be the workspace's, else 404), or the posts planned in the range. */
  private async chosenPosts(workspaceId: string, input: ShareLinkInput): Promise<string[]> {
    const { db } = this.deps;
    if (input.postIds) {
      const ids = [...new Set(input.postIds)];
      const found = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.workspaceId, workspaceId), inArray(posts.id, ids)));
      if (found.length !== ids.length) throw notFound();
      return ids;
    }
    const rows = await db
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.workspaceId, workspaceId),
          gte(posts.scheduledAt, Date.parse(input.from!)),
          lt(posts.scheduledAt, Date.parse(input.to!)),
        ),
      )
      .orderBy(asc(posts.scheduledAt))
      .limit(SHARE_LINK_MAX_POSTS);
    if (rows.length === 0) throw new Invalid(ShareMessages.emptyRange);
    return rows.map((r) => r.id);
  }

  /** The workspace's links, newest first; with `postId`, only those that share that post. */
  async list(workspaceId: string, postId?: string) {
    const rows = await this.deps.db
      .select()
      .from(shareLinks)
      .where(
        and(
          eq(shareLinks.workspaceId, workspaceId),
          postId
            ? sql`EXISTS (SELECT 1 FROM json_each(${shareLinks.postIds}) WHERE json_each.value = ${postId})`
            : undefined,
        ),
      )
      .orderBy(desc(shareLinks.createdAt))
      .limit(100);
    return rows.map((r) => this.present(r));
  }

  async revoke(actor: Actor, id: string) {
    const [row] = await this.deps.db
      .update(shareLinks)
      .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${this.deps.now()})` })
      .where(and(eq(shareLinks.id, id), eq(shareLinks.workspaceId, actor.workspace.id)))
      .returning();
    if (!row) throw notFound();
    await recordActivity(this.deps.db, {
      workspaceId: row.workspaceId,
      userId: actor.userId,
      action: "link_revoked",
      subject: "share_link",
      subjectId: row.id,
      summary: `"${row.label}"`,
      at: this.deps.now(),
    });
    return this.present(row);
  }

  /** A live link by its token: 404 for an unknown token, 410 once revoked or expired. */
  private async live(token: string): Promise<LinkRow> {
    const [link] = token
      ? await this.deps.db
          .select()
          .from(shareLinks)
          .where(eq(shareLinks.tokenHash, await sha256Hex(token)))
      : [];
    if (!link) throw new NotFound(ShareMessages.invalid);
    const refusal = shareLinkRefusal(link, this.deps.now());
    if (refusal) throw refusal;
    return link;
  }

  /**
   * What the client sees: the link's posts, each channel with what it publishes (its own version, ADR 021), and the
   * decisions already made through this link. Nothing else of the workspace: no ids of accounts, authors or other posts.
   */
  async open(token: string) {
    const link = await this.live(token);
    const { db, mediaUrls, origin } = this.deps;
    const shown = await this.deps.posts.getMany(link.workspaceId, link.postIds);
    const ids = shown.map((p) => p.id);
    const [channels, reviews] =
      ids.length === 0
        ? [[], []]
        : await db.batch([
            db
              .select({
                targetId: postTargets.id,
                postId: postTargets.postId,
                platform: postTargets.platform,
                username: connectedAccounts.username,
                displayName: connectedAccounts.displayName,
              })
              .from(postTargets)
              .innerJoin(connectedAccounts, eq(connectedAccounts.id, postTargets.accountId))
              .where(and(eq(postTargets.workspaceId, link.workspaceId), inArray(postTargets.postId, ids)))
              .orderBy(asc(postTargets.createdAt)),
            db
              .select()
              .from(clientReviews)
              .where(and(eq(clientReviews.linkId, link.id), inArray(clientReviews.postId, ids)))
              .orderBy(asc(clientReviews.createdAt)),
          ]);
    const signed = async (m: MediaJson) => ({
      id: m.id,
      fileType: m.fileType,
      originalName: m.originalName,
      mimeType: m.mimeType,
      altText: m.altText,
      dimensions: m.dimensions,
      url: await mediaUrls.signedMediaUrl(origin, m.id, {
        filename: m.filename,
        ttlMs: CLIENT_MEDIA_TTL_MS,
        workspaceId: link.workspaceId,
      }),
    });
    // Each item signed once, whether posts carry it or only a channel's own version does.
    const items = await publishedMedia(db, link.workspaceId, shown);
    const signedById = new Map(
      await Promise.all([...items.values()].map(async (m) => [m.id, await signed(m)] as const)),
    );
    return {
      label: link.label,
      /** Whose link it is: the page shows that workspace's brand (ADR 085). */
      workspaceId: link.workspaceId,
      expiresAt: new Date(link.expiresAt).toISOString(),
      posts: shown.map((p) => ({
        id: p.id,
        content: p.content,
        hashtags: p.hashtags,
        title: p.title,
        platforms: p.platforms,
        scheduledDate: p.scheduledDate,
        timezone: p.timezone,
        /** Whether that time is still the plan: the page says so rather than "Planned for" a draft or a past time. */
        timing: sharedTiming(p, this.deps.now()),
        publishedAt: p.publishedAt,
        channels: channels
          .filter((c) => c.postId === p.id)
          .flatMap((c) => {
            // A channel added between the two reads waits for the next visit rather than show without its version.
            const target = p.platformPosts.find((t) => t.id === c.targetId);
            if (!target) return [];
            const account = { platform: c.platform, username: c.username, displayName: c.displayName };
            return [{ ...account, ...channelCopy(target.version, signedById) }];
          }),
        media: p.media.map((m) => signedById.get(m.id)!),
        reviews: reviews
          .filter((r) => r.postId === p.id)
          .map((r) => ({ decision: r.decision, comment: r.comment, createdAt: iso(r.createdAt) })),
      })),
    };
  }

  /**
   * Records a client's decision on one of the link's posts, in the activity log too. "Request changes" holds the
   * post's channels not yet sent (and withdraws a pending approval request) until it is edited, and tells its author,
   * whoever shared the link and the approvers; "Approve" tells the author.
   */
  async review(token: string, postId: string, input: ClientReviewInput) {
    const link = await this.live(token);
    if (!link.postIds.includes(postId)) throw notFound();
    const { db, now } = this.deps;
    const [post] = await db
      .select({ userId: posts.userId, content: posts.content })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.workspaceId, link.workspaceId)));
    if (!post) throw notFound();
    const row = {
      id: crypto.randomUUID(),
      linkId: link.id,
      workspaceId: link.workspaceId,
      postId,
      decision: input.decision,
      comment: input.comment || null,
      createdAt: now(),
    };
    const writes = [
      db.insert(clientReviews).values(row),
      recordActivity(db, {
        workspaceId: link.workspaceId,
        userId: null,
        action: row.decision === "approved" ? "client_approved" : "changes_requested",
        subject: "post",
        subjectId: postId,
        summary: `Client link "${link.label}": ${excerpt(post.content)}`,
        at: row.createdAt,
      }),
    ] as const;
    const notice = clientReviewNotice({
      label: link.label,
      decision: row.decision,
      comment: row.comment,
      excerpt: excerpt(post.content),
    });
    let told = [post.userId];
    if (row.decision === "changes_requested") {
      const message = HoldMessages.changesRequested(link.label, row.comment);
      await this.deps.holds.holdForChanges(link.workspaceId, postId, message, [
        ...writes,
        this.deps.approvals.withdrawal(postId),
      ]);
      told = [post.userId, link.createdBy, ...(await this.deps.approvals.approverIds(link.workspaceId))];
    } else await db.batch(writes);
    for (const userId of new Set(told))
      await this.deps.notifications.notify({
        workspaceId: link.workspaceId,
        userId,
        kind: "client_review",
        postId,
        ...notice,
      });
    return { decision: row.decision, comment: row.comment, createdAt: iso(row.createdAt) };
  }
}

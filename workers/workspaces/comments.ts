import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { postComments } from "../db/schema/collaboration";
import { posts } from "../db/schema/posts";
import { notFound } from "../errors";
import type { Actor } from "../posts";
import { excerpt } from "../posts";
import type { People } from "../tenancy/people";
import { recordActivity } from "./activity";
import { mentionedMembers } from "./mentions";
import type { Notifications } from "./notifications";

/** Members' internal comments on a post; an @mention notifies the member in-app and by email. */
export class PostComments {
  constructor(private readonly deps: { db: Db; people: People; notifications: Notifications; now: () => number }) {}

  /** The post of this workspace (404 for another's), for its excerpt. */
  private async post(workspaceId: string, postId: string) {
    const [post] = await this.deps.db
      .select({ id: posts.id, content: posts.content })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)));
    if (!post) throw notFound();
    return post;
  }

  async list(workspaceId: string, postId: string) {
    await this.post(workspaceId, postId);
    const rows = await this.deps.db
      .select()
      .from(postComments)
      .where(and(eq(postComments.postId, postId), eq(postComments.workspaceId, workspaceId)))
      .orderBy(asc(postComments.createdAt))
      .limit(500);
    // The authors from the directory, one query for the page; a comment whose author is gone is not shown.
    const authors = await this.deps.people.byIds(rows.map((c) => c.userId));
    return rows
      .flatMap((c) => {
        const author = authors.get(c.userId);
        return author ? [{ c, author: author.displayName }] : [];
      })
      .map(({ c, author }) => ({
        id: c.id,
        body: c.body,
        author: { id: c.userId, displayName: author },
        mentions: c.mentions,
        createdAt: new Date(c.createdAt).toISOString(),
      }));
  }

  async add(actor: Actor, postId: string, body: string) {
    const { db, now, notifications } = this.deps;
    const post = await this.post(actor.workspace.id, postId);
    const members = await this.deps.people.members(actor.workspace.id);
    const author = members.find((m) => m.id === actor.userId);
    const mentions = mentionedMembers(body, members).filter((id) => id !== actor.userId);
    const row = {
      id: crypto.randomUUID(),
      workspaceId: actor.workspace.id,
      postId,
      userId: actor.userId,
      body,
      mentions,
      createdAt: now(),
    };
    await db.batch([
      db.insert(postComments).values(row),
      recordActivity(db, {
        workspaceId: actor.workspace.id,
        userId: actor.userId,
        action: "commented",
        subject: "post",
        subjectId: postId,
        summary: excerpt(post.content),
        at: row.createdAt,
      }),
    ]);
    const who = author?.displayName ?? "A member";
    for (const userId of mentions)
      await notifications.notify({
        workspaceId: actor.workspace.id,
        userId,
        kind: "mention",
        postId,
        message: `${who} mentioned you on "${excerpt(post.content)}": ${body}`,
        subject: `${who} mentioned you in ${actor.workspace.name}`,
      });
    return {
      id: row.id,
      body,
      author: { id: actor.userId, displayName: who },
      mentions,
      createdAt: new Date(row.createdAt).toISOString(),
    };
  }
}

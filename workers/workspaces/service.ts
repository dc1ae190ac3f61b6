import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import { randomToken, sha256Hex } from "../crypto";
import type { Db } from "../db/client";
import { users } from "../db/schema/core";
import { type Role, workspaceInvites, workspaceMembers, workspaces } from "../db/schema/workspaces";
import { Conflict, Gone, Invalid, notFound } from "../errors";
import type { ClaimMark } from "../http/idempotency";
import type { MailBrand, MailOutbox } from "../mail";
import type { WorkspaceContext } from "../tenancy/membership";
import type { ActivityEntry, ActivityLog } from "./activity";
import { memberSummary, roleChangeSummary, settingsSummary } from "./activity-summaries";
import {
  invitationMail,
  inviteEntry,
  inviteRowOf,
  newInvite,
  pendingInvite,
  presentInvite,
  teammateCount,
} from "./pending-invites";
import { acceptRefusal, leaveRefusal, MemberMessages, type Refusal, removalRefusal, roleChangeRefusal } from "./rules";
import type { InviteInput, WorkspaceInput, WorkspacePatch } from "./schemas";

type WorkspaceRow = typeof workspaces.$inferSelect;

function refuse(refusal: Refusal): void {
  if (refusal) throw refusal;
}

const present = (w: WorkspaceRow, role: Role) => ({
  id: w.id,
  name: w.name,
  timezone: w.timezone,
  approvalRequired: w.approvalRequired,
  mediaRequired: w.mediaRequired,
  personal: w.personalUserId !== null,
  archived: w.archivedAt !== null,
  role,
  createdAt: new Date(w.createdAt).toISOString(),
});

/** A shard's stand-ins for rows that live in the directory (ADR 081); nothing to do on the directory itself. */
export interface ShardAnchors {
  place(shard: string, workspace: typeof workspaces.$inferInsert | null, userIds: string[]): Promise<void>;
  drop(shard: string, workspaceId: string): Promise<void>;
}

type Inviter = { id: string; displayName: string };

/**
 * Workspaces, their members and invitations. Who may call what is decided by the routes' declared
 * actions; the rules that depend on the members (owners, invite state) are in rules.ts.
 */
export class WorkspaceService {
  constructor(
    private readonly deps: {
      db: Db;
      outbox: MailOutbox;
      now: () => number;
      origin: string;
      /** The shard a new workspace is placed on (ADR 081: the emptiest). */
      shardForNew: () => Promise<string>;
      /** The stand-ins of a workspace and its members on a shard that is not the directory (ADR 081). */
      anchors: ShardAnchors;
      /** The activity log of a shard: members and workspaces live in the directory, their log beside the posts. */
      activityIn: (shard: string) => ActivityLog;
      /** How many of the workspace's posts are still on their way out (read in its shard). */
      waitingPosts: (ws: { id: string; shard: string }) => Promise<number>;
      /** Deletes the workspace's files (media, logo, reports) from R2. */
      removeFiles: (workspaceId: string) => Promise<unknown>;
      /** Reads the workspace's account tokens; the call it returns revokes them at the networks. */
      tokenRevocation: (ws: { id: string; shard: string }) => Promise<() => Promise<void>>;
      /** The brand the workspace's mails wear (its brand lives in its shard: ADR 081, 096). */
      mailBrand: (ws: { id: string; name: string; shard: string }) => Promise<MailBrand>;
    },
  ) {}

  /** Records a write in the workspace's log, once it is done (another database than the write's: ADR 078). */
  private async log(ws: { id: string; shard: string }, entry: Omit<ActivityEntry, "workspaceId" | "at">) {
    await this.deps.activityIn(ws.shard).entry({ ...entry, workspaceId: ws.id, at: this.deps.now() });
  }

  /** Who a member is, in the log's words; a user gone from the directory reads as such. */
  private async person(userId: string) {
    const [row] = await this.deps.db
      .select({ displayName: users.displayName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? { displayName: "A former user", email: "unknown" };
  }

  async listMine(userId: string) {
    const rows = await this.deps.db
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(asc(workspaceMembers.joinedAt));
    return rows.map((r) => present(r.workspace, r.role));
  }

  /** A new workspace owned by the user; a request's Idempotency-Key claim is marked with it in its batch (ADR 125). */
  async create(userId: string, input: WorkspaceInput, mark?: ClaimMark) {
    const now = this.deps.now();
    const row: WorkspaceRow = {
      id: crypto.randomUUID(),
      name: input.name,
      timezone: input.timezone,
      approvalRequired: false,
      mediaRequired: true,
      personalUserId: null,
      shard: await this.deps.shardForNew(),
      archivedAt: null,
      movingTo: null,
      moveStep: null,
      createdAt: now,
      updatedAt: now,
    };
    // The shard's stand-ins first: a workspace is never listed before its shard can take its rows.
    await this.deps.anchors.place(row.shard, row, [userId]);
    await this.deps.db.batch([
      this.deps.db.insert(workspaces).values(row),
      this.deps.db.insert(workspaceMembers).values({ workspaceId: row.id, userId, role: "owner", joinedAt: now }),
      ...(mark ? [mark(row.id)] : []),
    ]);
    await this.log(row, {
      userId,
      action: "workspace_created",
      subject: "workspace",
      subjectId: row.id,
      summary: row.name,
    });
    return present(row, "owner");
  }

  /** A workspace the user created, as `create` answered it. */
  created = async (id: string) => present(await this.row(id), "owner");

  async get(ws: WorkspaceContext) {
    const row = await this.row(ws.id);
    return present(row, ws.role);
  }

  async update(ws: WorkspaceContext, by: string, patch: WorkspacePatch) {
    const [row] = await this.deps.db
      .update(workspaces)
      .set({ ...patch, updatedAt: this.deps.now() })
      .where(eq(workspaces.id, ws.id))
      .returning();
    if (!row) throw notFound();
    const summary = settingsSummary(patch);
    await this.log(ws, { userId: by, action: "settings_changed", subject: "workspace", subjectId: ws.id, summary });
    return present(row, ws.role);
  }

  /**
   * Deletes the workspace and, through the foreign keys, everything in it: its directory rows, then its stand-in
   * on its shard, whose keys cascade to the rows there (they do not cross databases). A personal one stays.
   * Its files go first: if that fails the workspace is still there to delete again, never files nothing names.
   * Its accounts' tokens are revoked at the networks last, once nothing in Postline holds them.
   */
  async remove(ws: WorkspaceContext) {
    if (ws.personalUserId !== null) throw new Conflict(MemberMessages.personal);
    const revoke = await this.deps.tokenRevocation(ws);
    await this.deps.removeFiles(ws.id);
    await this.deps.db.delete(workspaces).where(eq(workspaces.id, ws.id));
    await this.deps.anchors.drop(ws.shard, ws.id);
    await revoke();
  }

  /**
   * Archives the workspace: read-only for everyone and out of the switcher, until an owner unarchives it. Refused
   * for a personal workspace and while posts are still on their way out (they would publish from a frozen one).
   */
  async archive(ws: WorkspaceContext, by: string, archived: boolean) {
    if (ws.personalUserId !== null) throw new Conflict(MemberMessages.personalArchive);
    const waiting = archived ? await this.deps.waitingPosts(ws) : 0;
    if (waiting > 0) throw new Conflict(MemberMessages.archiveWaiting(waiting));
    const [row] = await this.deps.db
      .update(workspaces)
      .set({ archivedAt: archived ? this.deps.now() : null, updatedAt: this.deps.now() })
      .where(eq(workspaces.id, ws.id))
      .returning();
    if (!row) throw notFound();
    const action = archived ? "archived" : "unarchived";
    await this.log(ws, { userId: by, action, subject: "workspace", subjectId: ws.id, summary: row.name });
    return present(row, ws.role);
  }

  async members(workspaceId: string) {
    const rows = await this.deps.db
      .select({
        userId: workspaceMembers.userId,
        role: workspaceMembers.role,
        joinedAt: workspaceMembers.joinedAt,
        displayName: users.displayName,
        email: users.email,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(asc(workspaceMembers.joinedAt));
    return rows.map((r) => ({ ...r, joinedAt: new Date(r.joinedAt).toISOString() }));
  }

  async changeRole(ws: WorkspaceContext, by: string, userId: string, to: Role) {
    const member = await this.member(ws.id, userId);
    refuse(roleChangeRefusal({ actor: ws.role, from: member.role, to, owners: await this.owners(ws.id) }));
    await this.deps.db
      .update(workspaceMembers)
      .set({ role: to })
      .where(and(eq(workspaceMembers.workspaceId, ws.id), eq(workspaceMembers.userId, userId)));
    const summary = roleChangeSummary(await this.person(userId), member.role, to);
    await this.log(ws, { userId: by, action: "role_changed", subject: "member", subjectId: userId, summary });
    return { userId, role: to };
  }

  /** Removes a member; their sessions lose the workspace at their next request (membership is read per request). */
  async removeMember(ws: WorkspaceContext, by: string, userId: string) {
    const member = await this.member(ws.id, userId);
    refuse(removalRefusal({ actor: ws.role, member: member.role, owners: await this.owners(ws.id) }));
    await this.deps.db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, ws.id), eq(workspaceMembers.userId, userId)));
    const summary = memberSummary(await this.person(userId), member.role);
    await this.log(ws, { userId: by, action: "member_removed", subject: "member", subjectId: userId, summary });
  }

  async leave(ws: WorkspaceContext, userId: string) {
    refuse(leaveRefusal({ role: ws.role, owners: await this.owners(ws.id) }));
    await this.deps.db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, ws.id), eq(workspaceMembers.userId, userId)));
    const summary = memberSummary(await this.person(userId), ws.role);
    await this.log(ws, { userId, action: "left", subject: "member", subjectId: userId, summary });
  }

  /** The owner hands the workspace to another member and stays on as an admin. */
  async transfer(ws: WorkspaceContext, fromUserId: string, toUserId: string) {
    if (toUserId === fromUserId) throw new Invalid(MemberMessages.transferToSelf);
    await this.member(ws.id, toUserId);
    const at = (userId: string) => and(eq(workspaceMembers.workspaceId, ws.id), eq(workspaceMembers.userId, userId));
    await this.deps.db.batch([
      this.deps.db.update(workspaceMembers).set({ role: "owner" }).where(at(toUserId)),
      this.deps.db.update(workspaceMembers).set({ role: "admin" }).where(at(fromUserId)),
    ]);
    const summary = memberSummary(await this.person(toUserId), "owner");
    await this.log(ws, {
      userId: fromUserId,
      action: "ownership_transferred",
      subject: "member",
      subjectId: toUserId,
      summary,
    });
    return this.members(ws.id);
  }

  /** Emails a single-use invitation link valid for 7 days; only its hash is stored, with a claim's `mark` (ADR 125). */
  async invite(ws: WorkspaceContext, inviter: Inviter, input: InviteInput, mark?: ClaimMark) {
    // Inviting grants a role: the same rule as promoting a viewer to it.
    refuse(roleChangeRefusal({ actor: ws.role, from: "viewer", to: input.role, owners: 1 }));
    const [existing] = await this.deps.db
      .select({ n: count() })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, ws.id), eq(users.email, input.email)));
    if (existing && existing.n > 0) throw new Conflict(MemberMessages.alreadyMember);
    const token = randomToken(32);
    const row = newInvite(ws.id, input, inviter.id, await sha256Hex(token), this.deps.now());
    // The invitation comes from the workspace, in its brand (issue 41); its mail is recorded with it (ADR 129).
    const who = { inviter: inviter.displayName, ws: ws.name, url: `${this.deps.origin}/invite/${token}`, ...input };
    const email = this.deps.outbox.entry(ws.id, invitationMail(await this.deps.mailBrand(ws), who));
    const { db } = this.deps;
    await db.batch([db.insert(workspaceInvites).values(row), email.write, ...(mark ? [mark(row.id)] : [])]);
    await this.deps.outbox.send([email.id]);
    await this.deps.activityIn(ws.shard).entry(inviteEntry(row));
    return presentInvite(row);
  }

  /**
   * The invitation, for the retry of a request that died after its batch (ADR 125, 129): its log entry, in the shard
   * and so in no directory batch, is written if it is missing.
   */
  async finishInvitation(ws: { id: string; shard: string }, id: string) {
    const row = await inviteRowOf(this.deps.db, ws.id, id);
    const log = this.deps.activityIn(ws.shard);
    if (!(await log.has(ws.id, "invite", id))) await log.entry(inviteEntry(row));
    return presentInvite(row);
  }

  async pendingInvites(workspaceId: string) {
    const rows = await this.deps.db
      .select()
      .from(workspaceInvites)
      .where(pendingInvite(workspaceId, this.deps.now()))
      .orderBy(desc(workspaceInvites.createdAt));
    return rows.map(presentInvite);
  }

  /** How many others are in the workspace or invited to it (pending), in one read: the dashboard's first run. */
  teammates(workspaceId: string): Promise<number> {
    return teammateCount(this.deps.db, workspaceId, this.deps.now());
  }

  async revokeInvite(ws: WorkspaceContext, by: string, inviteId: string) {
    const [gone] = await this.deps.db
      .delete(workspaceInvites)
      .where(
        and(
          eq(workspaceInvites.id, inviteId),
          eq(workspaceInvites.workspaceId, ws.id),
          isNull(workspaceInvites.acceptedAt),
        ),
      )
      .returning({ email: workspaceInvites.email, role: workspaceInvites.role });
    if (!gone) throw notFound();
    const summary = `${gone.email} as ${gone.role}`;
    await this.log(ws, { userId: by, action: "invite_withdrawn", subject: "invite", subjectId: inviteId, summary });
  }

  /** What the invite page shows before accepting: the workspace's name, the address and the role. */
  async preview(token: string) {
    const found = await this.inviteByToken(token);
    const state =
      found.invite.acceptedAt !== null ? "used" : found.invite.expiresAt <= this.deps.now() ? "expired" : "pending";
    return { workspaceName: found.workspaceName, email: found.invite.email, role: found.invite.role, state };
  }

  /** The signed-in user joins with the invited role; the invitation is consumed in the same batch. */
  async accept(token: string, user: { id: string; email: string }) {
    const { invite, shard } = await this.inviteByToken(token);
    const now = this.deps.now();
    refuse(acceptRefusal(invite, user.email, now));
    await this.deps.anchors.place(shard, null, [user.id]);
    const [consumed] = await this.deps.db.batch([
      this.deps.db
        .update(workspaceInvites)
        .set({ acceptedAt: now, acceptedBy: user.id })
        .where(and(eq(workspaceInvites.id, invite.id), isNull(workspaceInvites.acceptedAt)))
        .returning({ id: workspaceInvites.id }),
      this.deps.db
        .insert(workspaceMembers)
        .values({ workspaceId: invite.workspaceId, userId: user.id, role: invite.role, joinedAt: now })
        .onConflictDoNothing(),
    ]);
    if (consumed.length === 0) throw new Gone(MemberMessages.inviteUsed);
    const summary = memberSummary(await this.person(user.id), invite.role);
    const joinedWs = { id: invite.workspaceId, shard };
    await this.log(joinedWs, { userId: user.id, action: "joined", subject: "member", subjectId: user.id, summary });
    const [joined] = (await this.listMine(user.id)).filter((w) => w.id === invite.workspaceId);
    return joined!;
  }

  private async row(id: string): Promise<WorkspaceRow> {
    const row = await this.deps.db.query.workspaces.findFirst({ where: eq(workspaces.id, id) });
    if (!row) throw notFound();
    return row;
  }

  private async member(workspaceId: string, userId: string) {
    const row = await this.deps.db.query.workspaceMembers.findFirst({
      where: and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
    });
    if (!row) throw notFound();
    return row;
  }

  private async owners(workspaceId: string): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
    return row?.n ?? 0;
  }

  private async inviteByToken(token: string) {
    const [row] = await this.deps.db
      .select({ invite: workspaceInvites, workspaceName: workspaces.name, shard: workspaces.shard })
      .from(workspaceInvites)
      .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
      .where(eq(workspaceInvites.tokenHash, await sha256Hex(token)));
    if (!row) throw notFound();
    return row;
  }
}

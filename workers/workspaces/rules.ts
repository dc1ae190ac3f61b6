import { Conflict, Forbidden, Gone } from "../errors";
import type { Role } from "../tenancy/roles";

/** Why a membership change is refused (the service throws it); null when allowed. */
export type Refusal = Forbidden | Conflict | Gone | null;

export const MemberMessages = {
  ownerOnly: "Only an owner can make someone an owner or change an owner's role.",
  lastOwner: "A workspace needs an owner: transfer ownership before the last owner leaves or steps down.",
  personal: "Your personal workspace cannot be deleted.",
  personalArchive: "Your personal workspace cannot be archived.",
  archiveWaiting: (n: number) =>
    `${n === 1 ? "1 post is" : `${n} posts are`} still scheduled or waiting for approval here. Publish, unschedule or delete ${n === 1 ? "it" : "them"} before archiving.`,
  inviteUsed: "This invitation has already been used.",
  inviteExpired: "This invitation has expired. Ask for a new one.",
  inviteEmail: "This invitation was sent to a different email address. Sign in with that address to accept it.",
  alreadyMember: "This person is already a member of the workspace.",
  transferToSelf: "Choose another member to transfer ownership to.",
  joined: (workspaceName: string) => `Welcome to ${workspaceName}`,
} as const;

/** An admin manages members but never owners; a workspace always keeps at least one owner. */
export function roleChangeRefusal(change: { actor: Role; from: Role; to: Role; owners: number }): Refusal {
  if ((change.to === "owner" || change.from === "owner") && change.actor !== "owner")
    return new Forbidden(MemberMessages.ownerOnly);
  if (change.from === "owner" && change.to !== "owner" && change.owners <= 1)
    return new Conflict(MemberMessages.lastOwner);
  return null;
}

export function removalRefusal(removal: { actor: Role; member: Role; owners: number }): Refusal {
  if (removal.member === "owner" && removal.actor !== "owner") return new Forbidden(MemberMessages.ownerOnly);
  if (removal.member === "owner" && removal.owners <= 1) return new Conflict(MemberMessages.lastOwner);
  return null;
}

export function leaveRefusal(leaver: { role: Role; owners: number }): Refusal {
  return leaver.role === "owner" && leaver.owners <= 1 ? new Conflict(MemberMessages.lastOwner) : null;
}

export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

/** An invitation is accepted once, before it expires, by the address it was sent to. */
export function acceptRefusal(
  invite: { email: string; expiresAt: number; acceptedAt: number | null },
  email: string,
  now: number,
): Refusal {
  if (invite.acceptedAt !== null) return new Gone(MemberMessages.inviteUsed);
  if (invite.expiresAt <= now) return new Gone(MemberMessages.inviteExpired);
  if (invite.email !== email.trim().toLowerCase()) return new Forbidden(MemberMessages.inviteEmail);
  return null;
}

import type { Role } from "../tenancy/roles";
import type { WorkspacePatch } from "./schemas";

/**
 * The words of the activity log's entries for the workspace's own writes (members, invites, settings). Pure,
 * so the log reads the same whichever way the write came (the API, a page's action).
 */
export function settingsSummary(patch: WorkspacePatch): string {
  const parts: string[] = [];
  if (patch.name !== undefined) parts.push(`name "${patch.name}"`);
  if (patch.timezone !== undefined) parts.push(`time zone ${patch.timezone}`);
  if (patch.approvalRequired !== undefined)
    parts.push(patch.approvalRequired ? "approval required" : "approval not required");
  if (patch.mediaRequired !== undefined) parts.push(patch.mediaRequired ? "media required" : "text-only posts allowed");
  return `Settings: ${parts.join(", ")}`;
}

export const memberSummary = (who: { displayName: string; email: string }, role: Role) =>
  `${who.displayName} (${who.email}) as ${role}`;

export const roleChangeSummary = (who: { displayName: string; email: string }, from: Role, to: Role) =>
  `${who.displayName} (${who.email}): ${from} → ${to}`;

import { z } from "zod";
import { ROLES } from "../tenancy/roles";
import { validTimeZone } from "../tenancy/time-zone";

const name = z
  .string()
  .trim()
  .min(1, "Please enter a workspace name")
  .max(80, "Workspace names are at most 80 characters");
const timezone = z.string().refine((tz) => validTimeZone(tz) !== null, "Please choose a valid timezone");

export const workspaceInput = z.object({ name, timezone: timezone.default("UTC") });
export type WorkspaceInput = z.infer<typeof workspaceInput>;

/** Workspace settings: the fields sent change, the rest stay. */
export const workspacePatch = z
  .object({ name, timezone, approvalRequired: z.boolean(), mediaRequired: z.boolean() })
  .partial()
  .refine((p) => Object.keys(p).length > 0, "Please change at least one setting");
export type WorkspacePatch = z.infer<typeof workspacePatch>;

const role = z.enum(ROLES, { error: `Please choose a role: ${ROLES.join(", ")}` });
export const inviteInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address")),
  role,
});
export type InviteInput = z.infer<typeof inviteInput>;

export const roleInput = z.object({ role });
export const transferInput = z.object({ userId: z.string().min(1, "Choose the member who becomes the owner").max(64) });

const WorkspaceData = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  approvalRequired: z.boolean(),
  mediaRequired: z.boolean(),
  personal: z.boolean(),
  archived: z.boolean(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
const MemberData = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  joinedAt: z.string(),
  displayName: z.string(),
  email: z.string(),
});
const InviteData = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  expiresAt: z.string(),
  createdAt: z.string(),
});

/** Response shapes, for the OpenAPI document. */
export const Data = {
  workspace: WorkspaceData,
  workspaces: z.object({ workspaces: z.array(WorkspaceData) }),
  members: z.object({ members: z.array(MemberData) }),
  member: z.object({ userId: z.string(), role: z.enum(ROLES) }),
  invite: InviteData,
  invites: z.object({ invites: z.array(InviteData) }),
  preview: z.object({
    workspaceName: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    state: z.enum(["pending", "used", "expired"]),
  }),
};

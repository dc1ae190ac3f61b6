import { z } from "zod";
import { ROLES } from "../tenancy/roles";

const Labelled = z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) });
const Item = z.object({
  postId: z.string(),
  workspace: Labelled,
  content: z.string(),
  status: z.string(),
  platforms: z.array(z.string()),
  scheduledAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The last failed channel's reason (failures only). */
  error: z.string().nullable(),
  /** Whether the caller's role in the item's workspace may approve it now. */
  canApprove: z.boolean(),
});

/** GET /api/agency's answer. */
export const AgencyData = z.object({
  workspaces: z.array(Labelled),
  approvals: z.array(Item),
  upcoming: z.array(Item),
  failures: z.array(Item),
});

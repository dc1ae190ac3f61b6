import { z } from "zod";
import type { AccountView } from "../accounts";
import type { PublicUser } from "../auth";
import type { Fits } from "../http/route-registry";
import { PLATFORMS } from "../platform-profile";
import type { SchedulerStatus as SchedulerStatusView } from "../publishing";
import type { WorkspaceContext } from "../tenancy/membership";

/**
 * What the routers that landed before the registry answer, for the document. The assignments at the end
 * make tsc check each schema against the type its service returns, so the two cannot drift apart.
 * Nested parts the document leaves open are loose objects: their named fields are typed, more may come.
 */
const iso = z.string().describe("ISO 8601");
const platform = z.enum(PLATFORMS);

export const User = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  timezone: z.string(),
  createdAt: iso,
});

export const Workspace = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  approvalRequired: z.boolean(),
  mediaRequired: z.boolean(),
  personalUserId: z.string().nullable(),
  shard: z.string(),
  /** Archived: read-only until an owner unarchives it. */
  archived: z.boolean(),
  /** Being moved to another database: read-only for the seconds it takes (writes answer 503, ADR 082). */
  moving: z.boolean(),
  role: z.string(),
});

const AccountRef = z.object({ platform, id: z.string() });

/** GET /api/auth/me: the user (also spread at the top level, as the first clients read it), workspace, accounts. */
export const Me = User.extend({ user: User, workspace: Workspace, connectedAccounts: z.array(AccountRef) });
export const Profile = User.extend({ connectedPlatforms: z.array(platform), connectedAccounts: z.array(AccountRef) });

export const Account = z.looseObject({
  _id: z.string(),
  id: z.string(),
  platform,
  platformUserId: z.string(),
  username: z.string(),
  displayName: z.string(),
  profilePicture: z.string().nullable(),
  followerCount: z.number().nullable(),
  accountType: z.string(),
  connected: z.boolean(),
  status: z.string(),
  statusReason: z.string().nullable(),
  health: z.object({
    state: z.enum(["ok", "expiring", "needs_reconnect"]),
    expiresAt: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  accessExpiresAt: z.string().nullable(),
  lastVerifiedAt: z.string().nullable(),
  connectedAt: iso,
  metadata: z.record(z.string(), z.unknown()),
});

export const Accounts = z.object({ accounts: z.array(Account) });

export const AccountHealth = z.object({
  health: Account.shape.health,
  lastVerifiedAt: z.string().nullable(),
  affectedPosts: z.array(z.looseObject({ id: z.string(), content: z.string(), status: z.string() })),
});
export const Boards = z.looseObject({ boards: z.array(z.looseObject({ id: z.string(), name: z.string() })) });
export const SchedulerStatus = z.object({
  queueDepth: z.number(),
  dueNow: z.number(),
  late: z.number(),
  stuck: z.number(),
  scheduled: z.number(),
  failed: z.number(),
  unconfirmed: z.number(),
  /** The shard's latest minute cron: when it started, what it claimed, how long it took. */
  lastCronRun: z.object({ at: iso, claimed: z.number(), durationMs: z.number() }).nullable(),
  healthy: z.boolean(),
});

export type AnswerChecks = [
  Fits<z.input<typeof User>, PublicUser>,
  Fits<z.input<typeof Workspace>, WorkspaceContext>,
  Fits<z.input<typeof Account>, AccountView>,
  Fits<z.input<typeof SchedulerStatus>, SchedulerStatusView>,
];

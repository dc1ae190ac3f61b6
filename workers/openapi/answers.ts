import { z } from "zod";
import type { AccountView } from "../accounts/view";
import type { PublicUser } from "../auth/service";
import type { MediaJson } from "../media/present";
import { PLATFORMS } from "../platform-profile";
import type { PostStore } from "../posts/store";
import type { WorkspaceContext } from "../tenancy/membership";

/**
 * What the routers that landed before the registry answer, for the document. The assignments at the end
 * make tsc check each schema against the type its service returns, so the two cannot drift apart.
 * Nested parts the document leaves open are loose objects: their named fields are typed, more may come.
 */
const iso = z.string().describe("ISO 8601");
const platform = z.enum(PLATFORMS);

export const Pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });

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
  role: z.string(),
});

const AccountRef = z.object({ platform, id: z.string() });

/** GET /api/auth/me: the user (also spread at the top level, as the first clients read it), workspace, accounts. */
export const Me = User.extend({ user: User, workspace: Workspace, connectedAccounts: z.array(AccountRef) });
export const Profile = User.extend({ connectedPlatforms: z.array(platform), connectedAccounts: z.array(AccountRef) });

export const Media = z.object({
  _id: z.string(),
  id: z.string(),
  url: z.string(),
  publicId: z.string(),
  originalName: z.string(),
  filename: z.string(),
  displayName: z.string(),
  fileType: z.enum(["image", "video"]),
  mimeType: z.string(),
  format: z.string(),
  size: z.number(),
  humanSize: z.string(),
  dimensions: z.object({ width: z.number(), height: z.number() }).nullable(),
  duration: z.number().nullable(),
  folder: z.string(),
  tags: z.array(z.string()),
  altText: z.string(),
  usage: z.object({ timesUsed: z.number() }),
  createdAt: iso,
  updatedAt: iso,
});
export const MediaPage = z.object({
  media: z.array(Media),
  counts: z.object({ all: z.number(), image: z.number(), video: z.number() }),
  pagination: Pagination,
});

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

const PlatformPost = z.looseObject({
  id: z.string(),
  platform,
  accountId: z.string(),
  status: z.string(),
  dueAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  remoteId: z.string().nullable(),
  permalink: z.string().nullable(),
  partIds: z.array(z.string()),
  error: z.object({ kind: z.string().nullable(), message: z.string() }).nullable(),
});

/** SPEC §3 Post as posts/shape.ts presents it. */
export const Post = z.looseObject({
  _id: z.string(),
  id: z.string(),
  content: z.string(),
  title: z.string().nullable(),
  platforms: z.array(platform),
  selectedAccounts: z.record(z.string(), z.array(z.string())),
  images: z.array(Media),
  videos: z.array(Media),
  media: z.array(Media),
  hashtags: z.array(z.string()),
  mentions: z.array(z.string()),
  status: z.string(),
  scheduledDate: z.string().nullable(),
  timezone: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  approval: z.looseObject({ status: z.string() }).nullable(),
  channels: z.array(z.looseObject({ platform, accountId: z.string() })),
  platformPosts: z.array(PlatformPost),
});
export const PostPage = z.object({ posts: z.array(Post), pagination: Pagination });

/** Pre-flight: messages for the whole post, problems per channel. */
export const Preflight = z.object({
  messages: z.array(z.string()),
  problems: z.array(z.looseObject({ message: z.string() })),
});

export const AccountHealth = z.object({
  health: Account.shape.health,
  lastVerifiedAt: z.string().nullable(),
  affectedPosts: z.array(z.looseObject({ id: z.string(), content: z.string(), status: z.string() })),
});
export const Boards = z.looseObject({ boards: z.array(z.looseObject({ id: z.string(), name: z.string() })) });
export const SchedulerStatus = z.looseObject({
  queueDepth: z.number(),
  dueNow: z.number(),
  late: z.number(),
  lastCronRun: z.string().nullable(),
  healthy: z.boolean(),
});

/** Compiles only while the service's type fits the schema: tsc checks each pair (see the comment at the top). */
type Fits<Schema, Value extends Named<Schema>> = Value;
/** A loose object's named fields, without its index signature (an interface has none). */
type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
export type AnswerChecks = [
  Fits<z.input<typeof User>, PublicUser>,
  Fits<z.input<typeof Workspace>, WorkspaceContext>,
  Fits<z.input<typeof Media>, MediaJson>,
  Fits<z.input<typeof Account>, AccountView>,
  Fits<z.input<typeof Post>, Awaited<ReturnType<PostStore["get"]>>>,
];

import { z } from "zod";
import { type Fits, Pagination } from "../http/route-registry";
import { Media } from "../media";
import { PLATFORMS } from "../platform-profile";
import type { PostStore } from "./store";

const platform = z.enum(PLATFORMS);

const options = z
  .record(z.string(), z.unknown())
  .describe("The channel's platform options, as a request's channels[].options sets them.");

/** What a channel publishes (ADR 021): its own version where it has one, else the post's. */
const Version = z.object({
  customized: z.boolean(),
  text: z.string(),
  caption: z.string(),
  parts: z.array(z.string()),
  mediaIds: z.array(z.string()),
  title: z.string().nullable(),
  options,
  firstComment: z.string().nullable(),
});

const PlatformPost = z.object({
  id: z.string(),
  platform,
  accountId: z.string(),
  version: Version,
  firstComment: z
    .object({ status: z.string(), remoteId: z.string().nullable(), error: z.string().nullable() })
    .nullable(),
  status: z.string(),
  dueAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  remoteId: z.string().nullable(),
  permalink: z.string().nullable(),
  partIds: z.array(z.string()),
  error: z.object({ kind: z.string().nullable(), message: z.string() }).nullable(),
  /** A queued channel's next attempt after a retryable failure. */
  retry: z.object({ at: z.string(), attempt: z.number(), of: z.number(), reason: z.string().nullable() }).nullable(),
  /** Media prepared ahead of the due time (ADR 029). */
  preparation: z.object({ state: z.string(), message: z.string().nullable() }).nullable(),
});

/** A channel's own version as the composer and the API send it (only what it overrides). */
const Channel = z.object({
  platform,
  accountId: z.string(),
  text: z.string().optional(),
  media: z.array(z.string()).optional(),
  title: z.string().optional(),
  options: options.optional(),
  firstComment: z.string().optional(),
  thread: z.array(z.string()).optional(),
});

/**
 * SPEC §3 Post as posts/shape.ts presents it. Closed (`additionalProperties: false` in the document): a field the
 * answer carries and this schema lacks fails the API document's tests.
 */
export const Post = z.object({
  _id: z.string(),
  id: z.string(),
  /** The member who wrote it: a contributor may edit and delete only their own (ADR 127). */
  authorId: z.string(),
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
  youtubeVideo: Media.nullable(),
  metadata: z.object({ category: z.string(), source: z.string() }),
  /** The latest approval request and its decision. */
  approval: z
    .object({
      status: z.string(),
      publishNow: z.boolean(),
      submittedBy: z.string(),
      submittedAt: z.string().nullable(),
      decidedBy: z.string().nullable(),
      decidedAt: z.string().nullable(),
      comment: z.string().nullable(),
    })
    .nullable(),
  clientReviews: z.array(
    z.object({
      id: z.string(),
      decision: z.string(),
      comment: z.string().nullable(),
      createdAt: z.string().nullable(),
    }),
  ),
  channels: z.array(Channel),
  platformPosts: z.array(PlatformPost),
});
export const PostPage = z.object({ posts: z.array(Post), pagination: Pagination });

/** Pre-flight: messages for the whole post, problems per channel. */
export const Preflight = z.object({
  messages: z.array(z.string()),
  problems: z.array(z.object({ platform, accountId: z.string().nullable(), message: z.string() })),
});

export type PostChecks = [Fits<z.input<typeof Post>, Awaited<ReturnType<PostStore["get"]>>>];

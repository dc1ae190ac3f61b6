import { z } from "zod";
import { type Fits, Pagination } from "../http/route-registry";
import { Media } from "../media";
import { PLATFORMS } from "../platform-profile";
import type { PostStore } from "./store";

const platform = z.enum(PLATFORMS);

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
  problems: z.array(z.object({ platform, accountId: z.string().nullable(), message: z.string() })),
});

export type PostChecks = [Fits<z.input<typeof Post>, Awaited<ReturnType<PostStore["get"]>>>];

import { z } from "zod";
import { PlatformError, type PublishMedia } from "./types";

/** What the PDS and the AppView answer (the lexicons' output schemas), as the Bluesky client reads them. */

export const strongRef = z.object({ uri: z.string().startsWith("at://"), cid: z.string().min(1) });
export const session = z.object({
  accessJwt: z.string().min(1),
  refreshJwt: z.string().min(1),
  handle: z.string(),
  did: z.string().startsWith("did:"),
});
export const blobRef = z.object({
  $type: z.literal("blob"),
  ref: z.object({ $link: z.string().min(1) }),
  mimeType: z.string(),
  size: z.number(),
});
export const record = z.object({
  uri: z.string(),
  cid: z.string().optional(),
  value: z
    .object({
      text: z.string().optional(),
      createdAt: z.string().optional(),
      reply: z.object({ root: strongRef, parent: strongRef }).optional(),
      langs: z.array(z.string()).optional(),
    })
    .passthrough(),
});
export const profile = z.object({
  did: z.string(),
  handle: z.string(),
  displayName: z.string().optional(),
  avatar: z.string().optional(),
  followersCount: z.number().optional(),
});
export const postView = z.object({
  uri: z.string(),
  likeCount: z.number().optional(),
  repostCount: z.number().optional(),
  replyCount: z.number().optional(),
  quoteCount: z.number().optional(),
});
/** A reply in app.bsky.feed.getPostThread's answer. */
export const threadReply = z.object({
  post: z.object({
    uri: z.string(),
    author: z.object({ handle: z.string() }),
    record: z.object({ text: z.string().optional(), createdAt: z.string().optional() }).passthrough(),
  }),
});

/** The parts of an at:// URI (at://<did>/<collection>/<rkey>). */
export function parseAtUri(uri: string): { repo: string; collection: string; rkey: string } {
  const m = /^at:\/\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(uri);
  if (!m) throw new PlatformError("permanent", `Not a Bluesky post: ${uri}`, { platform: "bluesky" });
  return { repo: m[1]!, collection: m[2]!, rkey: m[3]! };
}

/** Where the post is seen: bsky.app by DID (stable when the handle changes). */
export function postUrl(did: string, rkey: string): string {
  return `https://bsky.app/profile/${did}/post/${rkey}`;
}

/** app.bsky.embed.defs#aspectRatio, when the media's size is known. */
export const aspectOf = (m: Pick<PublishMedia, "width" | "height">) =>
  m.width && m.height ? { aspectRatio: { width: m.width, height: m.height } } : {};

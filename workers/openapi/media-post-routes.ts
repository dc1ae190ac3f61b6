import { z } from "zod";
import { confirmQuery } from "../http/confirm-query";
import { describeRoute, noData } from "../http/route-registry";
import {
  completeUploadSchema,
  listMediaSchema,
  MAX_FILES_PER_UPLOAD,
  Media,
  MediaPage,
  prepareVariantSchema,
  startUploadSchema,
  updateMediaSchema,
  uploadFieldsSchema,
} from "../media";
import {
  addToQueueFlag,
  confirmBody,
  deleteQuery,
  listPostsSchema,
  Post,
  PostPage,
  Preflight,
  postFieldsSchema,
} from "../posts";
import { seenBody } from "../publishing";

/** Media and posts: routers that landed before the registry, documented with the schemas their handlers parse with. */
const d = describeRoute;

/** The upload form: the fields media/routes.ts parses, and the files. */
const uploadForm = uploadFieldsSchema.extend({ files: z.array(z.file()).min(1).max(MAX_FILES_PER_UPLOAD) });
/** A raw body of one of these media types. */
const raw = (...types: string[]) =>
  Object.fromEntries(types.map((t) => [t, { schema: { type: "string", contentEncoding: "binary" } }]));

// Media library.
d({
  method: "get",
  path: "/api/media",
  tag: "Media",
  summary: "List media with filters, sort and counts per type",
  query: listMediaSchema,
  data: MediaPage,
});
d({
  method: "get",
  path: "/api/media/search",
  tag: "Media",
  summary: "Search media",
  query: listMediaSchema,
  data: MediaPage,
});
d({
  method: "get",
  path: "/api/media/folders",
  tag: "Media",
  summary: "Folders with counts",
  data: z.object({ folders: z.array(z.object({ name: z.string(), count: z.number(), size: z.number() })) }),
});
d({
  method: "get",
  path: "/api/media/folders/{folder}",
  tag: "Media",
  summary: "Media in a folder",
  query: listMediaSchema,
  data: MediaPage,
});
d({
  method: "get",
  path: "/api/media/stats",
  tag: "Media",
  summary: "Totals by type and size",
  data: z.looseObject({ totalFiles: z.number(), totalSize: z.number(), images: z.number(), videos: z.number() }),
});
d({
  method: "get",
  path: "/api/media/recent",
  tag: "Media",
  summary: "Most recent uploads (limit, default 10)",
  query: listMediaSchema.pick({ limit: true }),
  data: z.object({ media: z.array(Media) }),
});
d({
  method: "post",
  path: "/api/media/upload",
  idempotent: true,
  tag: "Media",
  summary: "Upload up to 10 files (multipart: files, folder, tags, altText)",
  form: uploadForm,
  errors: [415],
  status: 201,
  data: z.array(Media),
});
d({
  method: "post",
  path: "/api/media/uploads",
  idempotent: true,
  tag: "Media",
  summary: "Start a multipart upload for a large file",
  body: startUploadSchema,
  errors: [415],
  status: 201,
  data: z.object({ uploadId: z.string(), mediaId: z.string(), partSize: z.number(), parts: z.number() }),
});
d({
  method: "put",
  path: "/api/media/uploads/{id}/parts/{n}",
  tag: "Media",
  summary: "Upload one part (raw body)",
  bodyContent: { "application/octet-stream": { schema: { type: "string", contentEncoding: "binary" } } },
  data: z.object({ partNumber: z.number(), etag: z.string() }),
});
d({
  method: "post",
  path: "/api/media/uploads/{id}/complete",
  idempotent: true,
  tag: "Media",
  summary: "Join the parts and check the file",
  body: completeUploadSchema,
  status: 201,
  data: Media,
});
d({
  method: "delete",
  path: "/api/media/uploads/{id}",
  tag: "Media",
  summary: "Abort a multipart upload",
  data: noData,
});
d({
  method: "put",
  path: "/api/media/{id}/thumbnail",
  tag: "Media",
  summary: "Store the item's thumbnail (raw WebP, JPEG or PNG body, at most 640×640 and 256 KB)",
  bodyContent: raw("image/webp", "image/jpeg", "image/png"),
  // Bytes that are not one of those images.
  errors: [415],
  data: Media,
});
d({
  method: "put",
  path: "/api/media/{id}/captions/{lang}",
  tag: "Media",
  summary:
    "Store a video's captions in one language (raw text/vtt body, WebVTT, at most 20,000 bytes; lang like en or pt-BR)",
  bodyContent: { "text/vtt": { schema: { type: "string" } } },
  // A body that is not WebVTT.
  errors: [415],
  data: Media,
});
d({
  method: "delete",
  path: "/api/media/{id}/captions/{lang}",
  tag: "Media",
  summary: "Remove a video's captions in one language",
  data: Media,
});
d({
  method: "post",
  path: "/api/media/{id}/variants",
  idempotent: true,
  tag: "Media",
  summary:
    "Store a copy of an image prepared in the browser for one network (cropped, resized, JPEG); 422 unless that network now takes it",
  form: prepareVariantSchema.extend({
    crop: z.string().describe("JSON {x, y, width, height} in the original's pixels"),
  }),
  data: Media,
});
d({ method: "get", path: "/api/media/{id}", tag: "Media", summary: "One media item", data: Media });
d({
  method: "patch",
  path: "/api/media/{id}",
  tag: "Media",
  summary: "Edit alt text, tags or folder",
  body: updateMediaSchema,
  data: Media,
});
d({
  method: "delete",
  path: "/api/media/{id}",
  tag: "Media",
  summary: "Delete media (409 with the posts using it unless ?confirm=true)",
  query: confirmQuery,
  errors: [409],
  data: z.looseObject({ id: z.string() }),
});

// Posts.
d({
  method: "get",
  path: "/api/posts",
  tag: "Posts",
  summary: "List posts with pagination and filters",
  query: listPostsSchema,
  data: PostPage,
});
d({
  method: "post",
  path: "/api/posts/preflight",
  tag: "Posts",
  summary: "Per-channel problems before scheduling",
  body: postFieldsSchema,
  data: Preflight,
});
d({
  method: "post",
  path: "/api/posts/validate",
  tag: "Posts",
  summary:
    "Dry run: every check the composer runs (fields, limits, media, per-channel pre-flight, schedule time); creates nothing",
  body: postFieldsSchema,
  data: Preflight.extend({ valid: z.boolean() }),
});
d({
  method: "post",
  path: "/api/posts",
  tag: "Posts",
  summary:
    "Create a draft, scheduled or publish-now post; addToQueue puts each channel in its account's next free slot",
  body: postFieldsSchema.extend(addToQueueFlag.shape),
  status: 201,
  idempotent: true,
  data: Post,
});
d({ method: "get", path: "/api/posts/{id}", tag: "Posts", summary: "One post with per-channel status", data: Post });
d({
  method: "get",
  path: "/api/posts/{id}/duplicates",
  tag: "Posts",
  summary: "Channels that published the post's exact text lately (a repost there is a duplicate)",
  data: z.object({ duplicates: z.array(z.looseObject({ id: z.string() })) }),
});
d({
  method: "put",
  path: "/api/posts/{id}",
  tag: "Posts",
  summary: "Edit or reschedule a post; addToQueue moves each channel to its account's next free slot",
  body: postFieldsSchema.extend(addToQueueFlag.shape),
  // A channel sending it now, or live on a network, keeps what it sent.
  errors: [409],
  data: Post,
});
d({
  method: "delete",
  path: "/api/posts/{id}",
  tag: "Posts",
  summary: "Delete a post (?deleteRemote=true also deletes it on the platforms that allow it)",
  query: deleteQuery,
  // A channel is sending it right now.
  errors: [409],
  data: z.object({ id: z.string(), remote: z.array(z.looseObject({ platform: z.string(), deleted: z.boolean() })) }),
});
d({
  idempotent: true,
  method: "post",
  path: "/api/posts/{id}/publish",
  tag: "Posts",
  summary: "Publish now",
  data: Post,
});
d({
  method: "post",
  path: "/api/posts/{id}/targets/{targetId}/retry",
  idempotent: true,
  tag: "Posts",
  summary: "Retry one failed or unconfirmed channel",
  data: Post,
});
d({
  method: "post",
  path: "/api/posts/{id}/targets/{targetId}/confirm",
  idempotent: true,
  tag: "Posts",
  summary: "Mark an unconfirmed channel as published (optional permalink)",
  body: confirmBody,
  data: Post,
});
d({
  method: "post",
  path: "/api/posts/{id}/targets/{targetId}/first-comment/retry",
  idempotent: true,
  tag: "Posts",
  summary: "Retry a channel's failed first comment alone (the post itself is never sent again)",
  data: Post,
});
d({
  method: "get",
  path: "/api/notifications/failures",
  tag: "Scheduler",
  summary: "Failed channels not yet shown to the user",
  data: z.object({ failures: z.array(z.looseObject({ postId: z.string() })) }),
});
d({
  method: "post",
  path: "/api/notifications/failures/seen",
  tag: "Scheduler",
  summary: "Mark failures as shown",
  body: seenBody,
  data: noData,
});

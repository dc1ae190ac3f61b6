import { z } from "zod";
import { appPasswordBody, connectBody } from "../accounts";
import { analyzeSchema, generateSchema, hashtagsSchema, mentionsSchema, optimizeSchema } from "../ai";
import { describeRoute, noData } from "../http/route-registry";
import {
  completeUploadSchema,
  listMediaSchema,
  MAX_FILES_PER_UPLOAD,
  Media,
  MediaPage,
  startUploadSchema,
  updateMediaSchema,
  uploadFieldsSchema,
} from "../media";
import { addToQueueFlag, listPostsSchema, Post, PostPage, Preflight, postFieldsSchema } from "../posts";
import { seenBody } from "../publishing";
import { Account, AccountHealth, Accounts, Boards, SchedulerStatus } from "./answers";

/**
 * Accounts, scheduler, AI, media and posts: routers that landed before the registry, documented with the
 * schemas their handlers parse with. New routes are described beside their handlers.
 */
const d = describeRoute;

/** The upload form: the fields media/routes.ts parses, and the files. */
const uploadForm = uploadFieldsSchema.extend({ files: z.array(z.file()).min(1).max(MAX_FILES_PER_UPLOAD) });

// Social accounts (OAuth connect and management).
d({
  method: "get",
  path: "/api/auth/{platform}",
  tag: "Accounts",
  summary:
    "Start connecting: full-page redirect to the platform's consent page (?variant=; Mastodon: ?instance=<domain>; Bluesky: ?instance=<handle>)",
  redirect: "The platform's consent page",
});
d({
  method: "post",
  path: "/api/auth/{platform}/connect",
  tag: "Accounts",
  summary: "Start connecting: returns data.authUrl",
  body: connectBody,
  data: z.object({ authUrl: z.string() }),
});
d({
  method: "post",
  path: "/api/auth/{platform}/app-password",
  tag: "Accounts",
  summary: "Connect with a handle and an app password (Bluesky); the password is never stored",
  body: appPasswordBody,
  data: z.object({ accounts: z.array(z.object({ id: z.string(), platform: z.string(), username: z.string() })) }),
  status: 201,
});
d({
  method: "get",
  path: "/api/auth/{platform}/callback",
  tag: "Accounts",
  summary: "OAuth return from the platform; redirects to /settings?tab=accounts",
  auth: false,
  redirect: "/settings?tab=accounts, with the outcome in the query",
});
d({
  method: "get",
  path: "/api/auth/bluesky/client-metadata.json",
  tag: "Accounts",
  summary: "Postline's AT Protocol OAuth client metadata document: its URL is the client_id Bluesky servers fetch",
  auth: false,
  answer: {
    "application/json": {
      schema: {
        type: "object",
        required: ["client_id", "redirect_uris", "scope", "dpop_bound_access_tokens"],
        properties: {
          client_id: { type: "string" },
          redirect_uris: { type: "array", items: { type: "string" } },
          scope: { type: "string" },
          dpop_bound_access_tokens: { const: true },
        },
      },
    },
  },
});
d({
  method: "get",
  path: "/api/auth/instagram/instagram-only",
  tag: "Accounts",
  summary: "Start the Instagram Login (Instagram only) connect",
  redirect: "Instagram's consent page",
});
d({
  method: "get",
  path: "/api/auth/{platform}/status",
  tag: "Accounts",
  summary: "Whether the platform is connected",
  data: z.object({ connected: z.boolean(), accounts: z.array(Account) }),
});
d({
  method: "get",
  path: "/api/auth/{platform}/accounts",
  tag: "Accounts",
  summary: "The platform's connected accounts",
  data: z.object({ connected: z.boolean(), accounts: z.array(Account) }),
});
d({
  method: "get",
  path: "/api/auth/youtube/channel",
  tag: "Accounts",
  summary: "The connected YouTube channel (data.channel, null when none) and every channel",
  data: z.object({ channel: Account.nullable(), channels: z.array(Account) }),
});
d({
  method: "post",
  path: "/api/auth/instagram/disconnect",
  tag: "Accounts",
  summary: "Disconnect every Instagram account",
  data: z.object({ removed: z.number() }),
  errors: [409],
});
d({
  method: "delete",
  path: "/api/auth/{platform}/disconnect/{id}",
  tag: "Accounts",
  summary: "Disconnect one account (spec path)",
  data: z.object({ account: Account }),
  errors: [409],
});
d({
  method: "delete",
  path: "/api/auth/{platform}/accounts/{id}",
  tag: "Accounts",
  summary: "Disconnect one account (spec path)",
  data: z.object({ account: Account }),
  errors: [409],
});
d({
  method: "get",
  path: "/api/accounts",
  tag: "Accounts",
  summary: "All connected accounts (never tokens)",
  data: Accounts,
});
d({ method: "get", path: "/api/accounts/{id}", tag: "Accounts", summary: "One connected account", data: Account });
d({
  method: "post",
  path: "/api/accounts/{id}/refresh",
  tag: "Accounts",
  summary: "Refresh the account's token and profile now",
  data: Account,
});
d({
  method: "delete",
  path: "/api/accounts/{id}",
  tag: "Accounts",
  summary: "Disconnect an account",
  data: z.object({ account: Account }),
  errors: [409],
});
d({
  method: "get",
  path: "/api/accounts/{id}/health",
  tag: "Accounts",
  summary: "Connection health (ok, expiring on a date, needs reconnect) and the scheduled posts it affects",
  data: AccountHealth,
});
d({
  method: "get",
  path: "/api/accounts/{id}/boards",
  tag: "Accounts",
  summary: "The account's boards and their sections (Pinterest): where a pin may go",
  data: Boards,
});
d({
  method: "post",
  path: "/api/accounts/{id}/boards",
  tag: "Accounts",
  summary: "Create a board on the account (Pinterest): {name, privacy PUBLIC|SECRET}; answers the boards with it",
  data: Boards,
});

// Scheduler.
d({
  method: "get",
  path: "/api/scheduler/status",
  tag: "Scheduler",
  summary: "Queue depth, last cron run, due and late counts",
  data: SchedulerStatus,
});
d({
  method: "get",
  path: "/api/scheduler/upcoming",
  tag: "Scheduler",
  summary: "The caller's next scheduled targets",
  data: z.object({ upcoming: z.array(z.looseObject({ postId: z.string() })) }),
});
d({
  method: "post",
  path: "/api/scheduler/trigger",
  idempotent: true,
  tag: "Scheduler",
  summary: "Claim the caller's due posts now",
  data: z.object({ claimed: z.number() }),
});

// AI assistant.
d({
  method: "post",
  path: "/api/ai/generate-content",
  tag: "AI",
  summary: "Generate content per platform",
  body: generateSchema,
  data: z.looseObject({
    content: z.record(z.string(), z.looseObject({ content: z.string() })),
    suggestions: z.array(z.looseObject({ content: z.string() })),
  }),
});
d({
  method: "post",
  path: "/api/ai/suggest-hashtags",
  tag: "AI",
  summary: "Suggest hashtags",
  body: hashtagsSchema,
  data: z.looseObject({ hashtags: z.array(z.string()), platform: z.string(), provider: z.string() }),
});
d({
  method: "post",
  path: "/api/ai/suggest-mentions",
  tag: "AI",
  summary: "Suggest mentions",
  body: mentionsSchema,
  data: z.looseObject({ mentions: z.array(z.unknown()), platform: z.string(), provider: z.string() }),
});
d({
  method: "post",
  path: "/api/ai/optimize-content",
  tag: "AI",
  summary: "Optimize content for a platform",
  body: optimizeSchema,
  data: z.looseObject({
    original: z.string(),
    optimizedContent: z.string(),
    improvements: z.array(z.string()),
    provider: z.string(),
  }),
});
d({
  method: "post",
  path: "/api/ai/analyze-content",
  tag: "AI",
  summary: "Readability and length analysis",
  body: analyzeSchema,
  data: z.looseObject({
    platform: z.string(),
    characterCount: z.number(),
    score: z.number(),
    strengths: z.array(z.string()),
    suggestions: z.array(z.string()),
    provider: z.string(),
  }),
});
d({
  method: "get",
  path: "/api/ai/test-connection",
  tag: "AI",
  summary: "Check the provider answers",
  data: z.looseObject({ connected: z.boolean(), provider: z.string(), model: z.string() }),
});
d({
  method: "get",
  path: "/api/ai/health",
  tag: "AI",
  summary: "Provider health",
  data: z.looseObject({ status: z.string(), provider: z.string(), model: z.string() }),
});
d({
  method: "get",
  path: "/api/ai/info",
  tag: "AI",
  summary: "Provider, model and limits",
  data: z.looseObject({
    provider: z.string(),
    model: z.string(),
    features: z.array(z.string()),
    tones: z.array(z.string()),
  }),
});
d({
  method: "get",
  path: "/api/ai/usage",
  tag: "AI",
  summary: "The caller's AI usage summary",
  data: z.looseObject({
    totals: z.looseObject({ requests: z.number() }),
    byFeature: z.array(z.looseObject({ feature: z.string() })),
  }),
});

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
  data: Post,
});
d({
  method: "delete",
  path: "/api/posts/{id}",
  tag: "Posts",
  summary: "Delete a post (?deleteRemote=true also deletes it on the platforms that allow it)",
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

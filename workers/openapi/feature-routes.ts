import { z } from "zod";
import { appPasswordBody, connectBody } from "../accounts/routes";
import { analyzeSchema, generateSchema, hashtagsSchema, mentionsSchema, optimizeSchema } from "../ai/schemas";
import { describeRoute } from "../http/route-registry";
import { completeUploadSchema, listMediaSchema, startUploadSchema, updateMediaSchema } from "../media/schema";
import { listPostsSchema } from "../posts/query";
import { postFieldsSchema } from "../posts/rules";
import { addToQueueFlag } from "../posts/schemas";

/**
 * Accounts, scheduler, AI, media and posts: routers that landed before the registry, documented with the
 * schemas their handlers parse with. New routes are described beside their handlers.
 */
const d = describeRoute;

// Social accounts (OAuth connect and management).
d({
  method: "get",
  path: "/api/auth/{platform}",
  tag: "Accounts",
  summary:
    "Start connecting: full-page redirect to the platform's consent page (?variant=; Mastodon: ?instance=<domain>; Bluesky: ?instance=<handle>)",
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
});
d({
  method: "get",
  path: "/api/auth/bluesky/client-metadata.json",
  tag: "Accounts",
  summary: "Postline's AT Protocol OAuth client metadata document: its URL is the client_id Bluesky servers fetch",
  auth: false,
});
d({
  method: "get",
  path: "/api/auth/instagram/instagram-only",
  tag: "Accounts",
  summary: "Start the Instagram Login (Instagram only) connect",
});
d({
  method: "get",
  path: "/api/auth/{platform}/status",
  tag: "Accounts",
  summary: "Whether the platform is connected",
});
d({
  method: "get",
  path: "/api/auth/{platform}/accounts",
  tag: "Accounts",
  summary: "The platform's connected accounts",
});
d({
  method: "get",
  path: "/api/auth/youtube/channel",
  tag: "Accounts",
  summary: "The connected YouTube channel (data.channel, null when none) and every channel",
});
d({
  method: "post",
  path: "/api/auth/instagram/disconnect",
  tag: "Accounts",
  summary: "Disconnect every Instagram account",
});
d({
  method: "delete",
  path: "/api/auth/{platform}/disconnect/{id}",
  tag: "Accounts",
  summary: "Disconnect one account (spec path)",
});
d({
  method: "delete",
  path: "/api/auth/{platform}/accounts/{id}",
  tag: "Accounts",
  summary: "Disconnect one account (spec path)",
});
d({ method: "get", path: "/api/accounts", tag: "Accounts", summary: "All connected accounts (never tokens)" });
d({ method: "get", path: "/api/accounts/{id}", tag: "Accounts", summary: "One connected account" });
d({
  method: "post",
  path: "/api/accounts/{id}/refresh",
  tag: "Accounts",
  summary: "Refresh the account's token and profile now",
});
d({ method: "delete", path: "/api/accounts/{id}", tag: "Accounts", summary: "Disconnect an account" });
d({
  method: "get",
  path: "/api/accounts/{id}/health",
  tag: "Accounts",
  summary: "Connection health (ok, expiring on a date, needs reconnect) and the scheduled posts it affects",
});
d({
  method: "get",
  path: "/api/accounts/{id}/boards",
  tag: "Accounts",
  summary: "The account's boards and their sections (Pinterest): where a pin may go",
});
d({
  method: "post",
  path: "/api/accounts/{id}/boards",
  tag: "Accounts",
  summary: "Create a board on the account (Pinterest): {name, privacy PUBLIC|SECRET}; answers the boards with it",
});

// Scheduler.
d({
  method: "get",
  path: "/api/scheduler/status",
  tag: "Scheduler",
  summary: "Queue depth, last cron run, due and late counts",
});
d({ method: "get", path: "/api/scheduler/upcoming", tag: "Scheduler", summary: "The caller's next scheduled targets" });
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
});
d({ method: "post", path: "/api/ai/suggest-hashtags", tag: "AI", summary: "Suggest hashtags", body: hashtagsSchema });
d({ method: "post", path: "/api/ai/suggest-mentions", tag: "AI", summary: "Suggest mentions", body: mentionsSchema });
d({
  method: "post",
  path: "/api/ai/optimize-content",
  tag: "AI",
  summary: "Optimize content for a platform",
  body: optimizeSchema,
});
d({
  method: "post",
  path: "/api/ai/analyze-content",
  tag: "AI",
  summary: "Readability and length analysis",
  body: analyzeSchema,
});
d({ method: "get", path: "/api/ai/test-connection", tag: "AI", summary: "Check the provider answers" });
d({ method: "get", path: "/api/ai/health", tag: "AI", summary: "Provider health" });
d({ method: "get", path: "/api/ai/info", tag: "AI", summary: "Provider, model and limits" });
d({ method: "get", path: "/api/ai/usage", tag: "AI", summary: "The caller's AI usage summary" });

// Media library.
d({
  method: "get",
  path: "/api/media",
  tag: "Media",
  summary: "List media with filters, sort and counts per type",
  query: listMediaSchema,
});
d({ method: "get", path: "/api/media/search", tag: "Media", summary: "Search media", query: listMediaSchema });
d({ method: "get", path: "/api/media/folders", tag: "Media", summary: "Folders with counts" });
d({
  method: "get",
  path: "/api/media/folders/{folder}",
  tag: "Media",
  summary: "Media in a folder",
  query: listMediaSchema,
});
d({ method: "get", path: "/api/media/stats", tag: "Media", summary: "Totals by type and size" });
d({ method: "get", path: "/api/media/recent", tag: "Media", summary: "Most recent uploads (limit, default 10)" });
d({
  method: "post",
  path: "/api/media/upload",
  idempotent: true,
  tag: "Media",
  summary: "Upload up to 10 files (multipart: files, folder, tags, altText)",
  status: 201,
});
d({
  method: "post",
  path: "/api/media/uploads",
  idempotent: true,
  tag: "Media",
  summary: "Start a multipart upload for a large file",
  body: startUploadSchema,
  status: 201,
});
d({ method: "put", path: "/api/media/uploads/{id}/parts/{n}", tag: "Media", summary: "Upload one part (raw body)" });
d({
  method: "post",
  path: "/api/media/uploads/{id}/complete",
  idempotent: true,
  tag: "Media",
  summary: "Join the parts and check the file",
  body: completeUploadSchema,
});
d({ method: "delete", path: "/api/media/uploads/{id}", tag: "Media", summary: "Abort a multipart upload" });
d({ method: "get", path: "/api/media/{id}", tag: "Media", summary: "One media item" });
d({
  method: "patch",
  path: "/api/media/{id}",
  tag: "Media",
  summary: "Edit alt text, tags or folder",
  body: updateMediaSchema,
});
d({
  method: "delete",
  path: "/api/media/{id}",
  tag: "Media",
  summary: "Delete media (409 with the posts using it unless ?confirm=true)",
});

// Posts.
d({
  method: "get",
  path: "/api/posts",
  tag: "Posts",
  summary: "List posts with pagination and filters",
  query: listPostsSchema,
});
d({
  method: "post",
  path: "/api/posts/preflight",
  tag: "Posts",
  summary: "Per-channel problems before scheduling",
  body: postFieldsSchema,
});
d({
  method: "post",
  path: "/api/posts/validate",
  tag: "Posts",
  summary:
    "Dry run: every check the composer runs (fields, limits, media, per-channel pre-flight, schedule time); creates nothing",
  body: postFieldsSchema,
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
});
d({ method: "get", path: "/api/posts/{id}", tag: "Posts", summary: "One post with per-channel status" });
d({
  method: "get",
  path: "/api/posts/{id}/duplicates",
  tag: "Posts",
  summary: "Channels that published the post's exact text lately (a repost there is a duplicate)",
});
d({
  method: "put",
  path: "/api/posts/{id}",
  tag: "Posts",
  summary: "Edit or reschedule a post; addToQueue moves each channel to its account's next free slot",
  body: postFieldsSchema.extend(addToQueueFlag.shape),
});
d({
  method: "delete",
  path: "/api/posts/{id}",
  tag: "Posts",
  summary: "Delete a post (?deleteRemote=true also deletes it on the platforms that allow it)",
});
d({ idempotent: true, method: "post", path: "/api/posts/{id}/publish", tag: "Posts", summary: "Publish now" });
d({
  method: "post",
  path: "/api/posts/{id}/targets/{targetId}/retry",
  idempotent: true,
  tag: "Posts",
  summary: "Retry one failed or unconfirmed channel",
});
d({
  method: "post",
  path: "/api/posts/{id}/targets/{targetId}/confirm",
  idempotent: true,
  tag: "Posts",
  summary: "Mark an unconfirmed channel as published (optional permalink)",
});
d({
  method: "post",
  path: "/api/posts/{id}/targets/{targetId}/first-comment/retry",
  idempotent: true,
  tag: "Posts",
  summary: "Retry a channel's failed first comment alone (the post itself is never sent again)",
});
d({
  method: "get",
  path: "/api/notifications/failures",
  tag: "Scheduler",
  summary: "Failed channels not yet shown to the user",
});
d({ method: "post", path: "/api/notifications/failures/seen", tag: "Scheduler", summary: "Mark failures as shown" });

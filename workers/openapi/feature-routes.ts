import { z } from "zod";
import { appPasswordBody, connectBody, newBoardBody } from "../accounts";
import { analyzeSchema, generateSchema, hashtagsSchema, mentionsSchema, optimizeSchema } from "../ai";
import { confirmQuery } from "../http/confirm-query";
import { describeRoute } from "../http/route-registry";
import { Account, AccountHealth, Accounts, Boards, SchedulerStatus } from "./answers";

/**
 * Accounts, scheduler and AI: routers that landed before the registry, documented with the
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
  summary: "The platform's connected accounts (also at the top level, as the first clients read them)",
  data: z.object({ accounts: z.array(Account) }),
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
  query: confirmQuery,
  data: z.object({ removed: z.number() }),
  errors: [409],
});
d({
  method: "delete",
  path: "/api/auth/{platform}/disconnect/{id}",
  tag: "Accounts",
  summary: "Disconnect one account (spec path)",
  query: confirmQuery,
  data: z.object({ account: Account }),
  errors: [409],
});
d({
  method: "delete",
  path: "/api/auth/{platform}/accounts/{id}",
  tag: "Accounts",
  summary: "Disconnect one account (spec path)",
  query: confirmQuery,
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
  // The platform refused the refresh (its words in message).
  errors: [409],
});
d({
  method: "delete",
  path: "/api/accounts/{id}",
  tag: "Accounts",
  summary: "Disconnect an account",
  query: confirmQuery,
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
  // Pinterest failed.
  errors: [502],
});
d({
  method: "post",
  path: "/api/accounts/{id}/boards",
  tag: "Accounts",
  summary: "Create a board on the account (Pinterest): {name, privacy PUBLIC|SECRET}; answers the boards with it",
  body: newBoardBody,
  status: 201,
  data: Boards,
  // Pinterest failed.
  errors: [502],
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
  // The AI service failed or refused (502), or could not be reached (503).
  errors: [502],
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
  // The AI service failed or refused (502), or could not be reached (503).
  errors: [502],
  tag: "AI",
  summary: "Suggest hashtags",
  body: hashtagsSchema,
  data: z.looseObject({ hashtags: z.array(z.string()), platform: z.string(), provider: z.string() }),
});
d({
  method: "post",
  path: "/api/ai/suggest-mentions",
  // The AI service failed or refused (502), or could not be reached (503).
  errors: [502],
  tag: "AI",
  summary: "Suggest mentions",
  body: mentionsSchema,
  data: z.looseObject({ mentions: z.array(z.unknown()), platform: z.string(), provider: z.string() }),
});
d({
  method: "post",
  path: "/api/ai/optimize-content",
  // The AI service failed or refused (502), or could not be reached (503).
  errors: [502],
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
  // The AI service failed or refused (502), or could not be reached (503).
  errors: [502],
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
  errors: [502, 503],
  tag: "AI",
  summary: "Check the provider answers",
  data: z.looseObject({ connected: z.boolean(), provider: z.string(), model: z.string() }),
});
d({
  method: "get",
  path: "/api/ai/health",
  errors: [503],
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

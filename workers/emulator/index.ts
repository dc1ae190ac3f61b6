import { Hono } from "hono";
import { z } from "zod";
import { addBlueskyVisitorPost, blueskyAppView, blueskyPds, plcDirectory } from "./bluesky";
import { blueskyServiceAuth, blueskyVideo } from "./bluesky-video";
import { advanceClock, type EmuEnv, emuContext, setEmuSettings } from "./context";
import { clearFaults, faultMiddleware, faultSchema, setFault } from "./faults";
import { feedsHost } from "./feeds";
import { googleAccounts, googleApis, googleOAuth, youtubeAnalytics } from "./google";
import { gbpAccountManagement, gbpBusinessInformation, gbpPerformance } from "./google-business";
import { gbpPosts } from "./google-business-posts";
import { addVisitorReview, editVisitorReview } from "./google-business-reviews";
import { linkedinApi, linkedinWww } from "./linkedin";
import { addMastodonVisitorStatus, INSTANCES, mastodonInstance } from "./mastodon";
import { addVisitorMetaComment } from "./meta/comments";
import { graphFacebook, ruploadFacebook, wwwFacebook } from "./meta/facebook";
import { apiInstagram, graphInstagram, wwwInstagram } from "./meta/instagram";
import { addVisitorMessage } from "./meta/messaging";
import { graphThreads, threadsNet } from "./meta/threads";
import { addVisitorThreadsReply } from "./meta/threads-replies";
import { openaiEmulator } from "./openai";
import { pinterestApi, pinterestWww } from "./pinterest";
import { PIN_UPLOAD_HOST, pinterestUploads } from "./pinterest-media";
import { tiktokOpen, tiktokUpload, tiktokWww } from "./tiktok";
import { revokeAll } from "./tokens";
import { viewPost } from "./viewer";
import { X_DEMO_USER_ID, xApi, xWeb } from "./x";
import { addVisitorDm } from "./x-dms";
import { addVisitorReply } from "./x-replies";
import { addVisitorYouTubeComment } from "./youtube-comments";

/**
 * The platform emulator: a stateful stand-in for the real platform APIs, written from PLATFORMS.md on
 * its own (it shares no code with the clients). Mounted at /sandbox only when PLATFORMS_MODE=sandbox.
 * Each upstream host is a sub-app at /sandbox/<host>, serving that host's real paths.
 */
const clockSchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0, "advanceMs must be ≥ 0")
    .max(400 * 86_400_000),
});

const settingsSchema = z
  .object({
    instagramQuotaTotal: z.number().int().min(1, "instagramQuotaTotal must be ≥ 1").max(1000).optional(),
    tiktokAudited: z.union([z.literal(0), z.literal(1)], { error: "tiktokAudited must be 0 or 1" }).optional(),
    /** Business Profile requests a minute per API; 0 is a project whose API access Google has not approved. */
    businessProfileQuota: z.number().int().min(0).max(300).optional(),
    pinterestTrialAccess: z.union([z.literal(0), z.literal(1)]).optional(),
  })
  .strict();

const revokeSchema = z.object({ platform: z.string().min(1, "platform is required") });

/**
 * Someone comments on a published post now, or without `postId` posts on their own (a mention when the text names
 * the account, X, Mastodon and Bluesky): the inbox's on-demand source. A Facebook or Instagram comment is also pushed to the app as
 * a signed Meta webhook when the app has subscribed (meta/webhooks.ts).
 */
const commentSchema = z.object({
  platform: z.enum(
    ["twitter", "threads", "facebook", "instagram", "mastodon", "bluesky", "google_business", "youtube"],
    {
      message:
        "On-demand comments exist for twitter, threads, facebook, instagram, mastodon, bluesky, youtube and google_business (reviews) so far",
    },
  ),
  postId: z.string().min(1).optional(),
  /** Mastodon: the server the status is written on (mastodon.social when absent). */
  instance: z.string().min(1).optional(),
  author: z.string().trim().min(1, "author is required").max(50),
  text: z.string().trim().min(1, "text is required").max(280),
  /** google_business: the review's stars (postId: the location, `locations/{id}`). */
  rating: z.number().int().min(1).max(5).optional(),
  /** false: Meta's delivery of this comment is lost (it gives up after retries), so only a poll finds it. */
  webhook: z.boolean().default(true),
});

/** A Business Profile reviewer edits their review now (its resource name): new words, stars, or both. */
const reviewEditSchema = z
  .object({
    name: z.string().min(1, "name is required"),
    text: z.string().trim().min(1).max(4_000).optional(),
    rating: z.number().int().min(1).max(5).optional(),
  })
  .refine((e) => e.text !== undefined || e.rating !== undefined, { message: "text or rating is required" });

/** Someone writes to a Page, an Instagram account or an X user now (`to`: its id; the first demo one's by default). */
const messageSchema = z.object({
  platform: z.enum(["facebook", "instagram", "twitter"], {
    message: "On-demand messages exist for facebook, instagram and twitter",
  }),
  to: z.string().min(1).optional(),
  from: z.string().trim().min(1, "from is required").max(50),
  text: z.string().trim().min(1, "text is required").max(2_000),
  /** google_business: the review's stars (postId: the location, `locations/{id}`). */
  rating: z.number().int().min(1).max(5).optional(),
  /** false: Meta's delivery of this message is lost, so only a read of the conversations finds it. */
  webhook: z.boolean().default(true),
});

async function body(req: Request): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    return {};
  }
}

export function createEmulator() {
  const app = new Hono<EmuEnv>().basePath("/sandbox");
  app.use("*", emuContext);

  // Test and demo controls.
  app.get("/clock", (c) => c.json({ now: c.var.now, iso: new Date(c.var.now).toISOString() }));
  app.post("/clock", async (c) => {
    const parsed = clockSchema.safeParse(await body(c.req.raw));
    if (!parsed.success) return c.json({ error: { message: parsed.error.issues[0]!.message } }, 400);
    await advanceClock(c.var.db, parsed.data.advanceMs);
    const now = c.var.now + parsed.data.advanceMs;
    return c.json({ now, iso: new Date(now).toISOString() });
  });
  app.post("/settings", async (c) => {
    const parsed = settingsSchema.safeParse(await body(c.req.raw));
    if (!parsed.success) return c.json({ error: { message: parsed.error.issues[0]!.message } }, 400);
    await setEmuSettings(c.var.db, parsed.data);
    return c.json({ settings: parsed.data });
  });
  app.post("/faults", async (c) => {
    const parsed = faultSchema.safeParse(await body(c.req.raw));
    if (!parsed.success) return c.json({ error: { message: parsed.error.issues[0]!.message } }, 400);
    await setFault(c.var.db, parsed.data);
    return c.json({ armed: parsed.data });
  });
  app.delete("/faults", async (c) => {
    await clearFaults(c.var.db);
    return c.json({ cleared: true });
  });
  // The user removing the app in the platform's own settings: every token it issued on that platform stops working.
  app.post("/revoke", async (c) => {
    const parsed = revokeSchema.safeParse(await body(c.req.raw));
    if (!parsed.success) return c.json({ error: { message: parsed.error.issues[0]!.message } }, 400);
    const revoked = await revokeAll(c.var.db, parsed.data.platform, c.var.now);
    return c.json({ revoked });
  });

  app.post("/comments", async (c) => {
    const parsed = commentSchema.safeParse(await body(c.req.raw));
    if (!parsed.success) return c.json({ error: { message: parsed.error.issues[0]!.message } }, 400);
    const { platform } = parsed.data;
    const made =
      platform === "facebook" || platform === "instagram"
        ? await addVisitorMetaComment(c, { ...parsed.data, platform })
        : platform === "mastodon"
          ? await addMastodonVisitorStatus(c.var.db, parsed.data, c.var.now)
          : platform === "bluesky"
            ? await addBlueskyVisitorPost(c, parsed.data)
            : platform === "google_business"
              ? await addVisitorReview(c.var.db, parsed.data, c.var.now)
              : await (platform === "threads"
                  ? addVisitorThreadsReply
                  : platform === "youtube"
                    ? addVisitorYouTubeComment
                    : addVisitorReply)(c.var.db, parsed.data, c.var.now);
    if (!made) return c.json({ error: { message: `No post ${parsed.data.postId} on ${parsed.data.platform}` } }, 404);
    return c.json(made, 201);
  });

  app.post("/review-edits", async (c) => {
    const parsed = reviewEditSchema.safeParse(await body(c.req.raw));
    if (!parsed.success) return c.json({ error: { message: parsed.error.issues[0]!.message } }, 400);
    const edited = await editVisitorReview(c.var.db, parsed.data, c.var.now);
    if (!edited) return c.json({ error: { message: `No review ${parsed.data.name}` } }, 404);
    return c.json(edited, 200);
  });

  app.post("/messages", async (c) => {
    const parsed = messageSchema.safeParse(await body(c.req.raw));
    if (!parsed.success) return c.json({ error: { message: parsed.error.issues[0]!.message } }, 400);
    const { platform, to, from, text } = parsed.data;
    const made =
      platform === "twitter"
        ? await addVisitorDm(c.var.db, { to: to ?? X_DEMO_USER_ID, from, text }, c.var.now)
        : await addVisitorMessage(c, { ...parsed.data, platform });
    if (!made) return c.json({ error: { message: `No account ${parsed.data.to} on ${parsed.data.platform}` } }, 404);
    return c.json(made, 201);
  });

  // Where the app's permalinks lead in sandbox mode.
  app.get("/view", viewPost);

  app.use("/:host/*", faultMiddleware);
  // Platform hosts mount here, one sub-app per host: app.route("/<host>", subApp).
  app.route("/graph.facebook.com", graphFacebook);
  app.route("/www.facebook.com", wwwFacebook);
  app.route("/rupload.facebook.com", ruploadFacebook);
  app.route("/graph.instagram.com", graphInstagram);
  app.route("/api.instagram.com", apiInstagram);
  app.route("/www.instagram.com", wwwInstagram);
  app.route("/graph.threads.net", graphThreads);
  app.route("/threads.net", threadsNet);
  app.route("/api.openai.com", openaiEmulator);
  app.route("/www.linkedin.com", linkedinWww);
  app.route("/api.linkedin.com", linkedinApi);
  app.route("/accounts.google.com", googleAccounts);
  app.route("/oauth2.googleapis.com", googleOAuth);
  app.route("/www.googleapis.com", googleApis);
  app.route("/youtubeanalytics.googleapis.com", youtubeAnalytics);
  app.route("/mybusinessaccountmanagement.googleapis.com", gbpAccountManagement);
  app.route("/mybusinessbusinessinformation.googleapis.com", gbpBusinessInformation);
  app.route("/mybusiness.googleapis.com", gbpPosts);
  app.route("/businessprofileperformance.googleapis.com", gbpPerformance);
  app.route("/x.com", xWeb);
  app.route("/api.x.com", xApi);
  app.route("/bsky.social", blueskyPds);
  // A PDS answers app.bsky.* reads by piping them to its AppView (what @atproto/api's agent calls).
  app.route("/bsky.social", blueskyAppView);
  app.route("/bsky.social", blueskyServiceAuth);
  app.route("/video.bsky.app", blueskyVideo);
  app.route("/plc.directory", plcDirectory);
  app.route("/public.api.bsky.app", blueskyAppView);
  app.route("/www.pinterest.com", pinterestWww);
  app.route("/api.pinterest.com", pinterestApi);
  app.route(`/${PIN_UPLOAD_HOST}`, pinterestUploads);
  // Each Mastodon instance is a host of its own, with its own limits.
  for (const instance of INSTANCES) app.route(`/${instance.domain}`, mastodonInstance(instance));
  app.route("/www.tiktok.com", tiktokWww);
  app.route("/open.tiktokapis.com", tiktokOpen);
  app.route("/open-upload.tiktokapis.com", tiktokUpload);
  app.route("/feeds.example", feedsHost);

  app.notFound((c) => c.json({ error: { message: `Emulator: no route for ${c.req.method} ${c.req.path}` } }, 404));
  return app;
}

export const emulator = createEmulator();
export { serveOwnOriginWith } from "./web";

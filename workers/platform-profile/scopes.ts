import type { Platform } from "./types";

/**
 * §5.1: upload, read (also needed by Analytics), force-ssl for delete and comments, analytics. Apart from
 * OAUTH_SCOPES so YouTube's Terms dialog can name what is asked without bundling every platform's list.
 */
export const YOUTUBE_SCOPES = ["youtube.upload", "youtube.readonly", "youtube.force-ssl", "yt-analytics.readonly"];

/**
 * The OAuth scopes a connect asks for (a reconnect asks for the missing ones among them). Beside the profiles
 * rather than in them: only the clients read them, and apart they stay out of the UI's bundle (in the profiles,
 * 0.3 kB gzip on every page). Instagram's are the Facebook Login's, asked for with Facebook's Page scopes;
 * `instagramLogin` is the Instagram API with Instagram Login ("Instagram Only").
 */
export const OAUTH_SCOPES = {
  instagram: [
    "instagram_basic",
    "instagram_content_publish",
    "instagram_manage_insights",
    "instagram_manage_comments",
    "instagram_manage_messages",
  ],
  instagramLogin: [
    "instagram_business_basic",
    "instagram_business_content_publish",
    "instagram_business_manage_insights",
    "instagram_business_manage_comments",
    "instagram_business_manage_messages",
  ],
  facebook: [
    "pages_show_list",
    "pages_read_engagement",
    "pages_manage_posts",
    "pages_manage_engagement",
    "pages_messaging",
    "read_insights",
    "business_management",
  ],
  // §6.1; `offline.access` is what brings a refresh token, `media.write` the media upload, `dm.*` the inbox's DMs,
  // `tweet.moderate.write` and `like.write` its hides and likes of replies (ADR 083).
  twitter: [
    "tweet.read",
    "tweet.write",
    "users.read",
    "offline.access",
    "media.write",
    "dm.read",
    "dm.write",
    "tweet.moderate.write",
    "like.write",
  ],
  // §4.1: member sign-in and posting, plus posting and statistics as an administered organization.
  linkedin: [
    "openid",
    "profile",
    "email",
    "w_member_social",
    "r_organization_social",
    "w_organization_social",
    "rw_organization_admin",
    "r_member_postAnalytics",
  ],
  youtube: YOUTUBE_SCOPES.map((scope) => `https://www.googleapis.com/auth/${scope}`),
  // AT Protocol OAuth: `atproto` is required; transition:generic is what an app password may do (no DMs).
  bluesky: ["atproto", "transition:generic"],
  // §11.2: granular scopes, the least that reads the profile and statuses and writes statuses and media; the
  // inbox reads mentions and favourites them (ADR 091).
  mastodon: [
    "read:accounts",
    "read:statuses",
    "read:notifications",
    "write:media",
    "write:statuses",
    "write:favourites",
  ],
  // §11.3: the profile and its counts, Direct Post, and the videos' metrics (Display API video.list).
  tiktok: ["user.info.basic", "user.info.profile", "user.info.stats", "video.publish", "video.list"],
  // Accounts, locations, local posts and the Performance API all take this one scope.
  google_business: ["https://www.googleapis.com/auth/business.manage"],
  // §11.4: boards listed and created in the composer, pins created and read, the profile read at connect.
  pinterest: ["boards:read", "boards:write", "pins:read", "pins:write", "user_accounts:read"],
  threads: [
    "threads_basic",
    "threads_content_publish",
    "threads_manage_insights",
    "threads_read_replies",
    "threads_manage_replies",
    "threads_delete",
  ],
} satisfies Record<Platform | "instagramLogin", string[]>;

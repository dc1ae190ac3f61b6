import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { emuObjects, emuTokens } from "../db/schema/emulator";
import { avatar, initialsOf } from "./avatar";
import { mountConsent } from "./consent";
import type { EmuEnv } from "./context";
import { numericId, opaqueToken } from "./ids";
import { addVisitorStatus, mountNotifications, type NotificationEnv, visitorAccount } from "./mastodon-notifications";
import { followerCount, postMetrics } from "./metrics";
import {
  createObject,
  deleteObject,
  type EmuObject,
  findObjects,
  getObject,
  incrementCounter,
  listObjects,
} from "./objects";
import { clientCredentials, multipartParts, s256, scopeList, sniffImage } from "./request";
import { checkToken, issueToken, redeemCode, type TokenRow } from "./tokens";

/**
 * Mastodon instances, written from docs.joinmastodon.org (methods/apps, oauth, statuses, media, instance and
 * api/rate-limits), never from our client. Each instance is its own platform: its apps, tokens, accounts and
 * statuses are its own (stored under `mastodon:<domain>`), and so are its limits, which `GET /api/v2/instance`
 * reports and `POST /api/v1/statuses` enforces. Errors are `{"error": "..."}` as the docs show them.
 */
export interface InstanceConfig {
  domain: string;
  title: string;
  maxCharacters: number;
  maxMediaAttachments: number;
  imageSizeLimit: number;
  videoSizeLimit: number;
  users: { id: string; username: string; displayName: string }[];
}

const MB = 1024 * 1024;
/** api/rate-limits: every endpoint 300 calls per 5 minutes per account; media uploads 30 per 30 minutes. */
const WINDOW_MS = 5 * 60_000;
const WINDOW_LIMIT = 300;
const MEDIA_WINDOW_MS = 30 * 60_000;
const MEDIA_LIMIT = 30;
/** methods/statuses: "Idempotency keys are stored for up to 1 hour." */
const IDEMPOTENCY_MS = 3_600_000;
const CODE_TTL_MS = 10 * 60_000;
/** methods/instance's example configuration.media_attachments.supported_mime_types (images and videos). */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/heic", "image/heif", "image/avif"];
const VIDEO_TYPES = ["video/webm", "video/mp4", "video/quicktime", "video/ogg"];
const VISIBILITIES = ["public", "unlisted", "private", "direct"];
/** api/oauth-scopes: the top-level scopes and their granular forms. */
const TOP_SCOPES = ["read", "write", "push", "follow", "profile", "admin:read", "admin:write"];

/** Two instances with different limits, so accounts on each are held to their own server's rules. */
export const INSTANCES: InstanceConfig[] = [
  {
    domain: "mastodon.social",
    title: "Mastodon",
    maxCharacters: 500,
    maxMediaAttachments: 4,
    imageSizeLimit: 16 * MB,
    videoSizeLimit: 103_809_024,
    users: [
      { id: "109302115783457111", username: "postline", displayName: "Postline Demo" },
      { id: "109302115783457222", username: "jordan", displayName: "Jordan Rivera" },
    ],
  },
  {
    domain: "mastodon.example",
    title: "Example Social",
    maxCharacters: 1000,
    maxMediaAttachments: 6,
    imageSizeLimit: 8 * MB,
    videoSizeLimit: 40 * MB,
    // The same account id as on mastodon.social: ids are per instance.
    users: [{ id: "109302115783457111", username: "bakery", displayName: "Sunrise Bakery" }],
  },
];

type MastoEnv = { Bindings: Env; Variables: EmuEnv["Variables"] & { token: TokenRow; userId: string } };

const fail = (c: Context, status: number, error: string) => c.json({ error }, status as 400);

/** A request's parameters as Mastodon reads them: JSON, or form/multipart fields where `name[]` repeats. */
async function params(c: Context): Promise<Map<string, string | string[]>> {
  const out = new Map<string, string | string[]>();
  const type = c.req.header("Content-Type") ?? "";
  const put = (key: string, value: string) => {
    if (key.endsWith("[]")) {
      const list = out.get(key.slice(0, -2));
      out.set(key.slice(0, -2), [...(Array.isArray(list) ? list : []), value]);
    } else out.set(key, value);
  };
  if (type.includes("application/json")) {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    for (const [k, v] of Object.entries(body ?? {})) {
      if (Array.isArray(v)) out.set(k, v.map(String));
      else if (v !== null && v !== undefined && typeof v !== "object") out.set(k, String(v));
    }
  } else if (type.includes("multipart/")) {
    for (const part of (await multipartParts(c.req.raw)) ?? [])
      if (part.name && part.filename === null) put(part.name, new TextDecoder().decode(part.bytes));
  } else for (const [k, v] of new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer()))) put(k, v);
  return out;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const many = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(/\s+/));

/** Whether a granted scope list covers `needed` ("write" covers "write:statuses"). */
function covers(granted: string, needed: string): boolean {
  const list = scopeList(granted);
  return list.includes(needed) || list.includes(needed.split(":")[0]!);
}

function validScope(scope: string): boolean {
  return TOP_SCOPES.includes(scope) || /^(read|write|admin:read|admin:write):[a-z_]+$/.test(scope);
}

/**
 * Mastodon's countable length: graphemes of the content warning plus the text, each URL counting as
 * `characters_reserved_per_url` (23) and a remote mention as its local part only.
 */
export function countableLength(text: string, spoiler: string): number {
  const countable = text
    .replace(/https?:\/\/\S+/g, "x".repeat(23))
    .replace(/(^|[^\w])@(\w+)@[\w.-]+\w/g, (_m, pre: string, user: string) => `${pre}@${user}`);
  const segments = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return [...segments.segment(spoiler + countable)].length;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Statuses are stored with their source text; the API renders `content` as Mastodon does, in paragraphs. */
function contentHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br />")}</p>`)
    .join("");
}

export function mastodonInstance(cfg: InstanceConfig) {
  const P = `mastodon:${cfg.domain}`;
  const origin = `https://${cfg.domain}`;
  const app = new Hono<MastoEnv>();

  const userById = (id: string) => cfg.users.find((u) => u.id === id);

  function accountView(userId: string, now: number) {
    const u = userById(userId)!;
    return {
      id: u.id,
      username: u.username,
      acct: u.username,
      display_name: u.displayName,
      locked: false,
      bot: false,
      created_at: "2022-11-07T10:00:00.000Z",
      note: "",
      url: `${origin}/@${u.username}`,
      uri: `${origin}/users/${u.username}`,
      avatar: avatar(initialsOf(u.displayName), u.id),
      avatar_static: avatar(initialsOf(u.displayName), u.id),
      followers_count: followerCount(`${cfg.domain}:${u.id}`, now),
      following_count: 120,
      statuses_count: 0,
      emojis: [],
      fields: [],
    };
  }

  function instanceView() {
    return {
      domain: cfg.domain,
      title: cfg.title,
      version: "4.5.0",
      source_url: "https://github.com/mastodon/mastodon",
      description: `${cfg.title}: an emulated Mastodon server for the Postline sandbox`,
      languages: ["en"],
      configuration: {
        urls: { streaming: `wss://${cfg.domain}` },
        accounts: { max_featured_tags: 10, max_pinned_statuses: 5 },
        statuses: {
          max_characters: cfg.maxCharacters,
          max_media_attachments: cfg.maxMediaAttachments,
          characters_reserved_per_url: 23,
        },
        media_attachments: {
          description_limit: 1500,
          image_matrix_limit: 33_177_600,
          image_size_limit: cfg.imageSizeLimit,
          supported_mime_types: [...IMAGE_TYPES, ...VIDEO_TYPES],
          video_frame_rate_limit: 120,
          video_matrix_limit: 8_294_400,
          video_size_limit: cfg.videoSizeLimit,
        },
        polls: { max_options: 4, max_characters_per_option: 50, min_expiration: 300, max_expiration: 2_629_746 },
        translation: { enabled: false },
      },
      registrations: { enabled: false, approval_required: false, message: null },
      api_versions: { mastodon: 7 },
    };
  }

  function mediaView(m: EmuObject, now: number) {
    const ready = m.readyAt === null || m.readyAt <= now;
    const file = `${origin}/system/media_attachments/files/${m.id}/original.${String(m.data.ext)}`;
    return {
      id: m.id,
      type: m.data.type,
      url: ready ? file : null,
      preview_url: `${origin}/system/media_attachments/files/${m.id}/small.jpg`,
      remote_url: null,
      text_url: null,
      meta: {},
      description: m.data.description ?? null,
      blurhash: null,
    };
  }

  async function statusView(c: Context<MastoEnv>, s: EmuObject) {
    const now = c.var.now;
    const replies = await listObjects(c.var.db, P, "status", s.owner, { limit: 100 });
    const own = replies.filter((r) => r.data.replyTo === s.id).length;
    const grown = postMetrics(`${P}:${s.id}`, s.createdAt, now);
    // A visitor's status (grown or written on demand) carries its author's name.
    const user = userById(s.owner) ?? { id: s.owner, username: String(s.data.author), displayName: "" };
    const media = [];
    for (const id of (s.data.mediaIds as string[]) ?? []) {
      const m = await getObject(c.var.db, P, id);
      if (m) media.push(mediaView(m, now));
    }
    return {
      id: s.id,
      created_at: new Date(s.createdAt).toISOString(),
      in_reply_to_id: s.data.replyTo ?? null,
      in_reply_to_account_id: s.data.replyTo ? s.owner : null,
      sensitive: Boolean(s.data.sensitive),
      spoiler_text: s.data.spoilerText ?? "",
      visibility: s.data.visibility,
      language: s.data.language ?? null,
      uri: `${origin}/users/${user.username}/statuses/${s.id}`,
      url: `${origin}/@${user.username}/${s.id}`,
      replies_count: own + grown.comments,
      reblogs_count: grown.shares,
      favourites_count: grown.likes,
      edited_at: null,
      content: contentHtml(String(s.data.text ?? "")),
      reblog: null,
      application: { name: s.data.appName ?? "Web", website: null },
      account: userById(s.owner) ? accountView(s.owner, now) : visitorAccount(origin, s.owner, user.username),
      media_attachments: media,
      mentions: [],
      tags: [],
      emojis: [],
      card: null,
      poll: null,
    };
  }

  /** The instance's app registration, by client id. */
  const appOf = async (c: Context<MastoEnv>, clientId: string | null) => {
    const row = clientId ? await getObject(c.var.db, P, clientId) : null;
    return row?.kind === "app" ? row : null;
  };

  // ------------------------------------------------------------ OAuth (methods/oauth)

  // The authorize page checks the app before showing consent: an unknown client, a redirect URI it did not
  // register or a scope beyond its own is an error page, not a consent.
  app.get("/oauth/authorize", async (c, next) => {
    const q = new URL(c.req.url).searchParams;
    const registered = await appOf(c, q.get("client_id"));
    const problem = !registered
      ? "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method."
      : !(registered.data.redirectUris as string[]).includes(q.get("redirect_uri") ?? "")
        ? "The redirect uri included is not valid."
        : !scopeList(q.get("scope") ?? "read").every((s) => covers(String(registered.data.scopes), s))
          ? "The requested scope is invalid, unknown, or malformed."
          : q.get("code_challenge") && q.get("code_challenge_method") !== "S256"
            ? "Only S256 is supported as code_challenge_method."
            : null;
    if (problem)
      return c.html(`<!doctype html><title>Error</title><h1>An error has occurred</h1><p>${problem}</p>`, 400);
    await next();
  });
  mountConsent(app as unknown as Hono<EmuEnv>, "/oauth/authorize", {
    platform: P,
    brand: `${cfg.title} (${cfg.domain})`,
    subject: cfg.users[0]!.id,
    choices: cfg.users.map((u) => ({ id: u.id, label: `@${u.username}@${cfg.domain}`, detail: u.displayName })),
    multiple: false,
    codeTtlMs: CODE_TTL_MS,
    deny: {
      error: "access_denied",
      error_description: "The resource owner or authorization server denied the request.",
    },
  });

  /** A user token (authorization code) or an app token (client credentials); Mastodon's tokens do not expire. */
  async function tokenAnswer(c: Context<MastoEnv>, kind: string, subject: string, clientId: string, scopes: string) {
    const now = c.var.now;
    const grant = { subject, selected: [clientId] };
    const token = await issueToken(c.var.db, { platform: P, kind, grant, scopes, now, ttlMs: null, prefix: "" });
    return { access_token: token.token, token_type: "Bearer", scope: scopes, created_at: Math.floor(now / 1000) };
  }

  app.post("/oauth/token", async (c) => {
    const form = await params(c);
    const flat = new URLSearchParams([...form].map(([k, v]) => [k, one(v) ?? ""]));
    const { clientId, clientSecret } = clientCredentials(c, flat);
    const registered = await appOf(c, clientId);
    if (!registered || registered.data.clientSecret !== clientSecret)
      return c.json(
        {
          error: "invalid_client",
          error_description:
            "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
        },
        401,
      );
    const requested = flat.get("scope");
    if (requested && !scopeList(requested).every((s) => covers(String(registered.data.scopes), s)))
      return c.json(
        { error: "invalid_scope", error_description: "The requested scope is invalid, unknown, or malformed." },
        400,
      );
    const now = c.var.now;
    const invalidGrant = () =>
      c.json(
        {
          error: "invalid_grant",
          error_description:
            "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
        },
        400,
      );
    if (flat.get("grant_type") === "authorization_code") {
      const row = await redeemCode(c.var.db, {
        platform: P,
        code: flat.get("code") ?? "",
        clientId: clientId!,
        redirectUri: flat.get("redirect_uri") ?? "",
        now,
      });
      if (!row) return invalidGrant();
      // PKCE (4.3+): a code issued with a challenge needs the verifier that made it.
      const verifier = flat.get("code_verifier");
      if (row.codeChallenge && (!verifier || (await s256(verifier)) !== row.codeChallenge)) return invalidGrant();
      return c.json(await tokenAnswer(c, "access", row.grant.selected[0] ?? row.grant.subject, clientId!, row.scopes));
    }
    if (flat.get("grant_type") === "client_credentials") {
      return c.json(await tokenAnswer(c, "app", `app:${clientId}`, clientId!, requested ?? "read"));
    }
    return c.json(
      {
        error: "unsupported_grant_type",
        error_description: "The authorization grant type is not supported by the authorization server.",
      },
      400,
    );
  });

  app.post("/oauth/revoke", async (c) => {
    const form = await params(c);
    const token = one(form.get("token"));
    const check = await checkToken(c.var.db, P, token, c.var.now);
    // Idempotent: an unknown or already revoked token is fine too.
    if (check.ok)
      await c.var.db.update(emuTokens).set({ revokedAt: c.var.now }).where(eq(emuTokens.token, check.row.token));
    return c.json({});
  });

  // ------------------------------------------------------------ apps (methods/apps)

  app.post("/api/v1/apps", async (c) => {
    const body = await params(c);
    const name = one(body.get("client_name"));
    const uris = many(body.get("redirect_uris") ?? body.get("redirect_uri")).filter(Boolean);
    if (!name) return fail(c, 422, "Validation failed: Name can't be blank");
    if (uris.length === 0) return fail(c, 422, "Validation failed: Redirect URI can't be blank");
    for (const uri of uris) {
      if (uri === "urn:ietf:wg:oauth:2.0:oob") continue;
      try {
        new URL(uri);
      } catch {
        return fail(c, 422, "Validation failed: Redirect URI must be an absolute URI.");
      }
    }
    const scopes = scopeList(one(body.get("scopes")) ?? "read");
    if (!scopes.every(validScope)) return fail(c, 422, "Validation failed: Scopes are invalid");
    const id = numericId(6);
    const clientId = opaqueToken("", 32);
    const data = {
      name,
      website: one(body.get("website")) ?? null,
      scopes: scopes.join(" "),
      redirectUris: uris,
      clientSecret: opaqueToken("", 32),
      appId: id,
    };
    await createObject(c.var.db, { id: clientId, platform: P, kind: "app", owner: id, createdAt: c.var.now, data });
    return c.json({
      id,
      name,
      website: data.website,
      scopes,
      redirect_uri: uris.join("\n"),
      redirect_uris: uris,
      client_id: clientId,
      client_secret: data.clientSecret,
      client_secret_expires_at: 0,
    });
  });

  // ------------------------------------------------------------ public reads

  app.get("/api/v2/instance", (c) => c.json(instanceView()));

  // ------------------------------------------------------------ authenticated API

  // Every /api call with a token: 401 without a valid one, then the account's 5-minute window.
  app.use("/api/*", async (c, next) => {
    if (c.req.path.endsWith("/api/v1/apps") || c.req.path.endsWith("/api/v2/instance")) return next();
    const header = c.req.header("Authorization");
    const check = await checkToken(c.var.db, P, header?.startsWith("Bearer ") ? header.slice(7) : null, c.var.now);
    if (!check.ok) return fail(c, 401, "The access token is invalid");
    c.set("token", check.row);
    c.set("userId", check.row.grant.subject);
    const windows: [string, number, number][] = [["all", WINDOW_MS, WINDOW_LIMIT]];
    if (c.req.method === "POST" && /\/api\/v[12]\/media$/.test(c.req.path))
      windows.push(["media", MEDIA_WINDOW_MS, MEDIA_LIMIT]);
    // The headers describe the window closest to running out (api/rate-limits).
    let tightest = { limit: 0, used: 0, resetAt: 0 };
    for (const [name, ms, limit] of windows) {
      const window = Math.floor(c.var.now / ms);
      const used = await incrementCounter(c.var.db, {
        id: `${P}:rl:${name}:${check.row.grant.subject}:${window}`,
        platform: P,
        kind: "ratelimit",
        owner: check.row.grant.subject,
        createdAt: c.var.now,
      });
      // The reset is a wall-clock time, as a client compares it with its own clock.
      const resetAt = Date.now() + ((window + 1) * ms - c.var.now);
      if (tightest.limit === 0 || limit - used < tightest.limit - tightest.used) tightest = { limit, used, resetAt };
    }
    const headers = {
      "X-RateLimit-Limit": String(tightest.limit),
      "X-RateLimit-Remaining": String(Math.max(0, tightest.limit - tightest.used)),
      "X-RateLimit-Reset": new Date(tightest.resetAt).toISOString(),
    };
    if (tightest.used > tightest.limit) return c.json({ error: "Too many requests" }, 429, headers);
    await next();
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  });

  const needs = (c: Context<MastoEnv>, scope: string) =>
    covers(c.var.token.scopes, scope) ? null : fail(c, 403, "This action is outside the authorized scopes");

  app.get("/api/v1/apps/verify_credentials", async (c) => {
    const registered = await appOf(c, c.var.token.grant.selected[0] ?? null);
    if (!registered) return fail(c, 401, "The access token is invalid");
    return c.json({
      id: registered.data.appId,
      name: registered.data.name,
      website: registered.data.website,
      scopes: scopeList(String(registered.data.scopes)),
      redirect_uri: (registered.data.redirectUris as string[]).join("\n"),
      redirect_uris: registered.data.redirectUris,
    });
  });

  app.get("/api/v1/accounts/verify_credentials", (c) => {
    if (!userById(c.var.userId)) return fail(c, 403, "This method requires an authenticated user");
    return (
      needs(c, "read:accounts") ??
      c.json({
        ...accountView(c.var.userId, c.var.now),
        source: { privacy: "public", sensitive: false, language: "en", note: "", fields: [] },
      })
    );
  });

  // ------------------------------------------------------------ media (methods/media)

  app.post("/api/v2/media", async (c) => {
    const denied = needs(c, "write:media");
    if (denied) return denied;
    const parts = await multipartParts(c.req.raw);
    const file = parts?.find((p) => p.name === "file" && p.filename !== null);
    if (!file) return fail(c, 422, "Validation failed: File content type is invalid, File is invalid");
    const field = (name: string) => {
      const p = parts?.find((x) => x.name === name && x.filename === null);
      return p ? new TextDecoder().decode(p.bytes) : undefined;
    };
    const declared = file.type ?? "";
    const kind = IMAGE_TYPES.includes(declared) ? "image" : VIDEO_TYPES.includes(declared) ? "video" : null;
    // The file must be what it says: an image is checked by its signature, as the server's processing would.
    if (!kind || (kind === "image" && sniffImage(file.bytes) === null))
      return fail(c, 422, "Validation failed: File content type is invalid, File is invalid");
    const limit = kind === "image" ? cfg.imageSizeLimit : cfg.videoSizeLimit;
    if (file.bytes.length > limit)
      return fail(c, 422, `Validation failed: File file size must be less than ${Math.round(limit / MB)} MB`);
    const description = field("description");
    if (description && description.length > 1500)
      return fail(c, 422, "Validation failed: Description is too long (maximum is 1500 characters)");
    const now = c.var.now;
    // Images are processed at once (200); video is processed in the background (202), a minute per full 10 MB.
    const readyAt = kind === "video" ? now + Math.floor(file.bytes.length / (10 * MB)) * 60_000 : null;
    const m = await createObject(c.var.db, {
      id: numericId(18),
      platform: P,
      kind: "media",
      owner: c.var.userId,
      createdAt: now,
      readyAt,
      data: {
        type: kind === "image" ? (declared === "image/gif" ? "gifv" : "image") : "video",
        ext: declared.split("/")[1],
        description,
        size: file.bytes.length,
        statusId: null,
      },
    });
    // methods/media: a 202's attachment has no url yet, however quick the processing; GET /api/v1/media/:id tells.
    return kind === "image" ? c.json(mediaView(m, now), 200) : c.json({ ...mediaView(m, now), url: null }, 202);
  });

  app.get("/api/v1/media/:id", async (c) => {
    const m = await getObject(c.var.db, P, c.req.param("id"));
    if (m?.kind !== "media" || m.owner !== c.var.userId) return fail(c, 404, "Record not found");
    const view = mediaView(m, c.var.now);
    return c.json(view, view.url ? 200 : 206);
  });

  // ------------------------------------------------------------ statuses (methods/statuses)

  app.post("/api/v1/statuses", async (c) => {
    const denied = needs(c, "write:statuses");
    if (denied) return denied;
    const db = c.var.db;
    const now = c.var.now;
    const user = c.var.userId;
    const key = c.req.header("Idempotency-Key");
    const idemId = key ? `${P}:idem:${user}:${key}` : null;
    if (idemId) {
      const seen = await getObject(db, P, idemId);
      if (seen && now - seen.createdAt < IDEMPOTENCY_MS) {
        const earlier = await getObject(db, P, String(seen.data.statusId));
        if (earlier) return c.json(await statusView(c, earlier));
      }
    }
    const body = await params(c);
    const text = one(body.get("status")) ?? "";
    const spoiler = one(body.get("spoiler_text")) ?? "";
    const mediaIds = many(body.get("media_ids")).filter(Boolean);
    const visibility = one(body.get("visibility")) ?? "public";
    const replyTo = one(body.get("in_reply_to_id"));
    if (!text.trim() && mediaIds.length === 0) return fail(c, 422, "Validation failed: Text can't be blank");
    if (countableLength(text, spoiler) > cfg.maxCharacters)
      return fail(c, 422, `Validation failed: Text character limit of ${cfg.maxCharacters} exceeded`);
    if (!VISIBILITIES.includes(visibility))
      return fail(c, 422, "Validation failed: Visibility is not included in the list");
    if (mediaIds.length > cfg.maxMediaAttachments)
      return fail(c, 422, `Cannot attach more than ${cfg.maxMediaAttachments} files`);
    const media: EmuObject[] = [];
    for (const id of mediaIds) {
      const m = await getObject(db, P, id);
      if (m?.kind !== "media" || m.owner !== user || m.data.statusId) return fail(c, 404, "Record not found");
      if (m.readyAt !== null && m.readyAt > now)
        return fail(c, 422, "Cannot attach files that have not finished processing. Try again in a moment!");
      media.push(m);
    }
    if (media.some((m) => m.data.type === "video") && media.length > 1)
      return fail(c, 422, "Cannot attach a video to a post that already contains images");
    if (replyTo) {
      const parent = await getObject(db, P, replyTo);
      if (parent?.kind !== "status") return fail(c, 404, "Record not found");
    }
    const id = numericId(18);
    const registered = await appOf(c, c.var.token.grant.selected[0] ?? null);
    const status = await createObject(db, {
      id,
      platform: P,
      kind: "status",
      owner: user,
      createdAt: now,
      data: {
        text,
        spoilerText: spoiler,
        sensitive: one(body.get("sensitive")) === "true" || Boolean(spoiler),
        visibility,
        language: one(body.get("language")) ?? null,
        replyTo: replyTo ?? null,
        mediaIds,
        appName: registered?.data.name ?? null,
      },
    });
    for (const m of media)
      await db
        .update(emuObjects)
        .set({ data: { ...m.data, statusId: id } })
        .where(and(eq(emuObjects.platform, P), eq(emuObjects.id, m.id)));
    if (idemId)
      await db
        .insert(emuObjects)
        .values({ id: idemId, platform: P, kind: "idempotency", owner: user, createdAt: now, data: { statusId: id } })
        .onConflictDoUpdate({ target: emuObjects.id, set: { createdAt: now, data: { statusId: id } } });
    return c.json(await statusView(c, status));
  });

  /** A status the token may read: the author's own, or any public or unlisted one. */
  async function readable(c: Context<MastoEnv>, id: string) {
    const s = await getObject(c.var.db, P, id);
    if (s?.kind !== "status") return null;
    return s.owner === c.var.userId || ["public", "unlisted"].includes(String(s.data.visibility)) ? s : null;
  }

  app.get("/api/v1/statuses/:id", async (c) => {
    const s = await readable(c, c.req.param("id"));
    return s ? c.json(await statusView(c, s)) : fail(c, 404, "Record not found");
  });

  app.get("/api/v1/statuses/:id/source", async (c) => {
    const s = await readable(c, c.req.param("id"));
    if (!s || s.owner !== c.var.userId) return fail(c, 404, "Record not found");
    return c.json({ id: s.id, text: s.data.text, spoiler_text: s.data.spoilerText ?? "" });
  });

  app.get("/api/v1/statuses/:id/context", async (c) => {
    const s = await readable(c, c.req.param("id"));
    if (!s) return fail(c, 404, "Record not found");
    // Anyone's replies, level by level (a visitor's reply and the account's answer to it are both in the thread).
    const all: EmuObject[] = [];
    for (let level = [s.id]; level.length > 0 && all.length < 500; ) {
      const found = await findObjects(c.var.db, P, "status", { data: { replyTo: { in: level } } });
      all.push(...found);
      level = found.map((r) => r.id);
    }
    const descendants: EmuObject[] = [];
    const walk = (parent: string) => {
      for (const r of all.filter((x) => x.data.replyTo === parent).sort((a, b) => a.createdAt - b.createdAt)) {
        descendants.push(r);
        walk(r.id);
      }
    };
    walk(s.id);
    const ancestors: EmuObject[] = [];
    for (let up = s.data.replyTo as string | null; up; ) {
      const parent = await getObject(c.var.db, P, up);
      if (parent?.kind !== "status") break;
      ancestors.unshift(parent);
      up = parent.data.replyTo as string | null;
    }
    return c.json({
      ancestors: await Promise.all(ancestors.map((a) => statusView(c, a))),
      descendants: await Promise.all(descendants.map((d) => statusView(c, d))),
    });
  });

  app.delete("/api/v1/statuses/:id", async (c) => {
    const denied = needs(c, "write:statuses");
    if (denied) return denied;
    const s = await getObject(c.var.db, P, c.req.param("id"));
    if (s?.kind !== "status" || s.owner !== c.var.userId) return fail(c, 404, "Record not found");
    const view = await statusView(c, s);
    await deleteObject(c.var.db, P, s.id);
    // Delete and redraft: the answer carries the source text.
    return c.json({ ...view, text: s.data.text });
  });

  app.get("/api/v1/accounts/:id/statuses", async (c) => {
    const id = c.req.param("id");
    if (!userById(id)) return fail(c, 404, "Record not found");
    const q = new URL(c.req.url).searchParams;
    const limit = Math.min(40, Math.max(1, Number(q.get("limit") ?? 20) || 20));
    const list = (await listObjects(c.var.db, P, "status", id, { limit: 200 }))
      .filter((s) => !(q.get("exclude_replies") === "true" && s.data.replyTo))
      .filter((s) => s.owner === c.var.userId || s.data.visibility === "public")
      .slice(0, limit);
    return c.json(await Promise.all(list.map((s) => statusView(c, s))));
  });

  mountNotifications(app as unknown as Hono<NotificationEnv>, {
    P,
    origin,
    users: cfg.users,
    statusView: (c, s) => statusView(c as never, s),
    needs: (c, scope) => needs(c as never, scope),
    fail,
  });
  app.notFound((c) => fail(c, 404, "Record not found"));
  return app;
}

/** A visitor's status on the instance (`POST /sandbox/comments`): null without such an instance or parent. */
export function addMastodonVisitorStatus(
  db: Parameters<typeof addVisitorStatus>[0],
  input: { instance?: string; postId?: string; author: string; text: string },
  now: number,
) {
  const instance = INSTANCES.find((i) => i.domain === (input.instance ?? INSTANCES[0]!.domain));
  return instance ? addVisitorStatus(db, instance, input, now) : Promise.resolve(null);
}

/** The author of a stored status, for the sandbox post viewer. */
export function mastodonAuthor(domain: string, userId: string): string {
  const user = INSTANCES.find((i) => i.domain === domain)?.users.find((u) => u.id === userId);
  return user ? `${user.displayName} (@${user.username}@${domain})` : userId;
}

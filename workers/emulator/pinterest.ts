import { type Context, Hono } from "hono";
import { avatar } from "./avatar";
import { mountConsent } from "./consent";
import { type EmuEnv, emuSetting } from "./context";
import { numericId } from "./ids";
import { followerCount, postMetrics } from "./metrics";
import { createObject, deleteObject, type EmuObject, getObject, incrementCounter, listObjects } from "./objects";
import { mediaSourceProblem, mountMediaRoutes } from "./pinterest-media";
import { type DemoUser, missingScope, P, type PinEnv, pinError } from "./pinterest-shared";
import { clientCredentials, jsonBody, readLooseParams, scopeList } from "./request";
import { checkToken, consumeToken, issueToken, redeemCode, type TokenRow } from "./tokens";

/**
 * Pinterest API v5, written from developers.pinterest.com (the v5 OpenAPI description in pinterest/api-description,
 * the authentication, rate-limit and access-tier pages), never from our client: OAuth on www.pinterest.com/oauth/
 * and `POST /v5/oauth/token` (HTTP Basic, continuous refresh tokens of 60 days), the user account, boards and their
 * sections, pins by image URL, base64 or registered video, pin analytics, delete. Errors are `{code, message}`.
 */
const ACCESS_TTL_S = 30 * 86_400;
/** Continuous refresh: a refresh token lasts 60 days and each refresh hands out a fresh one. */
const REFRESH_TTL_S = 60 * 86_400;
/** Standard access: 100 requests per second per user per app; Trial access: 1,000 requests a day for the app. */
const STANDARD_PER_SECOND = 100;
const TRIAL_PER_DAY = 1000;
/** query_start_date: "Cannot be more than 90 days back from today." */
const ANALYTICS_DAYS = 90;
const DAY = 86_400_000;

export const USERS: DemoUser[] = [
  {
    id: "1125968064125436823",
    username: "sunrisebakery",
    business: "Sunrise Bakery",
    boards: [
      { id: "1125968132843520001", name: "Recipes", sections: [{ id: "5412316754112", name: "Breads" }] },
      { id: "1125968132843520002", name: "Shop favourites", sections: [] },
    ],
  },
  {
    id: "1125968064125436999",
    username: "jordanrivera",
    business: "Jordan Rivera Studio",
    boards: [{ id: "1125968132843529001", name: "Portfolio", sections: [] }],
  },
];

/** "Business (@username)" of a demo account, for the sandbox post viewer. */
export function pinterestAuthor(userId: string): string {
  const u = USERS.find((x) => x.id === userId);
  return u ? `${u.business} (@${u.username})` : userId;
}

// ---------------------------------------------------------------- www.pinterest.com

export const pinterestWww = new Hono<EmuEnv>();

mountConsent(pinterestWww, "/oauth/", {
  platform: P,
  brand: "Pinterest",
  subject: USERS[0]!.id,
  choices: USERS.map((u) => ({ id: u.id, label: u.business, detail: `@${u.username}` })),
  multiple: false,
  codeTtlMs: 10 * 60_000,
  required: ["scope", "state"],
});

// ---------------------------------------------------------------- api.pinterest.com

export const pinterestApi = new Hono<PinEnv>();

pinterestApi.post("/v5/oauth/token", async (c) => {
  const form = await readLooseParams(c);
  // The token endpoint takes the app's id and secret as HTTP Basic only.
  const { clientId } = c.req.header("Authorization")?.startsWith("Basic ")
    ? clientCredentials(c, form)
    : { clientId: null };
  if (!clientId) return pinError(c, 401, 2, "Authentication failed.");
  const now = c.var.now;
  const grant = form.get("grant_type");
  if (grant === "authorization_code") {
    const row = await redeemCode(c.var.db, {
      platform: P,
      code: form.get("code") ?? "",
      clientId,
      redirectUri: form.get("redirect_uri") ?? "",
      now,
    });
    if (!row) return pinError(c, 400, 1, "Invalid authorization code or redirect_uri.");
    return c.json(await tokenPair(c, row.grant, row.scopes, "authorization_code"));
  }
  if (grant === "refresh_token") {
    const check = await checkToken(c.var.db, P, form.get("refresh_token"), now);
    if (!check.ok || check.row.kind !== "refresh") return pinError(c, 400, 1, "Invalid refresh token.");
    // A narrower `scope` may be asked for; never a wider one.
    const asked = scopeList(form.get("scope") ?? "");
    const had = scopeList(check.row.scopes);
    if (asked.some((s) => !had.includes(s))) return pinError(c, 400, 1, "Requested scope exceeds the granted scope.");
    if (!(await consumeToken(c.var.db, P, "refresh", check.row.token, now)))
      return pinError(c, 400, 1, "Invalid refresh token.");
    return c.json(
      await tokenPair(c, check.row.grant, asked.length ? asked.join(",") : check.row.scopes, "refresh_token"),
    );
  }
  return pinError(c, 400, 1, "grant_type must be authorization_code or refresh_token.");
});

async function tokenPair(c: Context<PinEnv>, grant: TokenRow["grant"], scopes: string, type: string) {
  const now = c.var.now;
  const common = { platform: P, grant, scopes, now };
  const access = await issueToken(c.var.db, { ...common, kind: "access", ttlMs: ACCESS_TTL_S * 1000, prefix: "pina_" });
  const refresh = await issueToken(c.var.db, {
    ...common,
    kind: "refresh",
    ttlMs: REFRESH_TTL_S * 1000,
    prefix: "pinr_",
  });
  return {
    access_token: access.token,
    refresh_token: refresh.token,
    response_type: type,
    token_type: "bearer",
    expires_in: ACCESS_TTL_S,
    refresh_token_expires_in: REFRESH_TTL_S,
    refresh_token_expires_at: Math.floor((now + REFRESH_TTL_S * 1000) / 1000),
    scope: scopeList(scopes).join(" "),
  };
}

/** Every other call: a live access token, then the rate limit of the app's access tier. */
pinterestApi.use("/v5/*", async (c, next) => {
  if (c.req.path.endsWith("/v5/oauth/token")) return next();
  const h = c.req.header("Authorization");
  const check = await checkToken(c.var.db, P, h?.startsWith("Bearer ") ? h.slice(7) : null, c.var.now);
  const user = check.ok && check.row.kind === "access" ? USERS.find((u) => u.id === check.row.grant.selected[0]) : null;
  if (!check.ok || !user) return pinError(c, 401, 2, "Authentication failed.");
  c.set("token", check.row);
  c.set("user", user);
  const trial = (await emuSetting(c.var.db, "pinterestTrialAccess")) === 1;
  const windowMs = trial ? DAY : 1000;
  const limit = trial ? TRIAL_PER_DAY : STANDARD_PER_SECOND;
  const window = Math.floor(c.var.now / windowMs);
  const owner = trial ? "app" : user.id;
  const used = await incrementCounter(c.var.db, {
    id: `pinrl:${owner}:${window}`,
    platform: P,
    kind: "ratelimit",
    owner,
    createdAt: c.var.now,
  });
  const headers = {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(Math.max(0, limit - used)),
    // Seconds until the window resets.
    "x-ratelimit-reset": String(Math.ceil(((window + 1) * windowMs - c.var.now) / 1000)),
  };
  if (used > limit) {
    const res = pinError(
      c,
      429,
      8,
      trial
        ? "Your app has Trial access: it may make 1,000 requests a day. Apply for Standard access to raise the limit."
        : "You have exceeded your rate limit. Try again later.",
    );
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  }
  await next();
  for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
});

pinterestApi.get("/v5/user_account", (c) => {
  const denied = missingScope(c, "user_accounts:read");
  if (denied) return denied;
  const u = c.var.user;
  return c.json({
    account_type: "BUSINESS",
    id: u.id,
    username: u.username,
    business_name: u.business,
    profile_image: avatar(u.business.slice(0, 2).toUpperCase(), "#E60023"),
    website_url: "https://example.com",
    follower_count: followerCount(`pinterest:${u.id}`, c.var.now),
    following_count: 120,
    monthly_views: 4200,
    board_count: u.boards.length,
    pin_count: 0,
  });
});

// ---------------------------------------------------------------- boards

interface Board {
  id: string;
  name: string;
  description: string | null;
  privacy: string;
  sections: { id: string; name: string }[];
}

/** The demo account's boards: the ones it came with, then those created through the API, oldest first. */
async function boardsOf(c: Context<PinEnv>): Promise<Board[]> {
  const created = await listObjects(c.var.db, P, "board", c.var.user.id, { limit: 250 });
  return [
    ...c.var.user.boards.map((b) => ({ ...b, description: null, privacy: "PUBLIC" })),
    ...created.reverse().map((o) => ({ ...(o.data as unknown as Omit<Board, "id">), id: o.id })),
  ];
}

export async function boardOf(c: Context<PinEnv>, id: unknown): Promise<Board | null> {
  return (await boardsOf(c)).find((b) => b.id === id) ?? null;
}

const boardJson = (c: Context<PinEnv>, b: Board) => ({
  id: b.id,
  name: b.name,
  description: b.description,
  privacy: b.privacy,
  owner: { username: c.var.user.username },
  follower_count: 0,
  collaborator_count: 0,
});

/** Bookmark pagination: the bookmark is the offset of the next page, opaque to the caller. */
function page<T>(c: Context, items: T[]) {
  const size = Number(c.req.query("page_size") ?? 25);
  if (!Number.isInteger(size) || size < 1 || size > 250) return null;
  const at = Number(atob(c.req.query("bookmark") ?? "") || 0);
  const next = at + size < items.length ? btoa(String(at + size)) : null;
  return { items: items.slice(at, at + size), bookmark: next };
}

pinterestApi.get("/v5/boards", async (c) => {
  const denied = missingScope(c, "boards:read");
  if (denied) return denied;
  const out = page(
    c,
    (await boardsOf(c)).map((b) => boardJson(c, b)),
  );
  return out ? c.json(out) : pinError(c, 400, 1, "page_size must be between 1 and 250.");
});

pinterestApi.post("/v5/boards", async (c) => {
  const denied = missingScope(c, "boards:read", "boards:write");
  if (denied) return denied;
  const body = await jsonBody(c);
  const name = typeof body?.name === "string" ? body.name.trim() : "";
  if (!name) return pinError(c, 400, 1, "Invalid request: name is required.");
  if (name.length > 180) return pinError(c, 400, 1, "Invalid request: name is longer than 180 characters.");
  const privacy = body?.privacy ?? "PUBLIC";
  if (!["PUBLIC", "PROTECTED", "SECRET"].includes(privacy))
    return pinError(c, 400, 1, "Invalid request: privacy must be PUBLIC, PROTECTED or SECRET.");
  if ((await boardsOf(c)).some((b) => b.name.toLowerCase() === name.toLowerCase()))
    return pinError(c, 409, 58, "Try a different name. You already have a board with this name.");
  const board: Board = {
    id: numericId(18),
    name,
    description: typeof body?.description === "string" ? body.description : null,
    privacy,
    sections: [],
  };
  const { id, ...data } = board;
  await createObject(c.var.db, { id, platform: P, kind: "board", owner: c.var.user.id, data, createdAt: c.var.now });
  return c.json(boardJson(c, board), 201);
});

pinterestApi.get("/v5/boards/:board_id/sections", async (c) => {
  const denied = missingScope(c, "boards:read");
  if (denied) return denied;
  const board = await boardOf(c, c.req.param("board_id"));
  if (!board) return pinError(c, 404, 40, "Board not found.");
  const out = page(c, board.sections);
  return out ? c.json(out) : pinError(c, 400, 1, "page_size must be between 1 and 250.");
});

// ---------------------------------------------------------------- pins

/** A stored pin as the API answers it: its video's upload id is kept for the emulator, not shown (PinMediaWithVideo). */
const pinJson = (o: EmuObject) => {
  const { media_id: _upload, ...media } = (o.data.media ?? {}) as Record<string, unknown>;
  return {
    id: o.id,
    created_at: new Date(o.createdAt).toISOString().replace(/\.\d{3}Z$/, ""),
    ...(o.data as Record<string, unknown>),
    media,
    is_owner: true,
  };
};

async function ownPins(c: Context<PinEnv>, boardId?: string) {
  const all = await listObjects(c.var.db, P, "pin", c.var.user.id, { limit: 1000 });
  return (boardId ? all.filter((p) => p.data.board_id === boardId) : all).map(pinJson);
}

pinterestApi.post("/v5/pins", async (c) => {
  const denied = missingScope(c, "boards:read", "pins:read", "pins:write");
  if (denied) return denied;
  const body = await jsonBody(c);
  if (!body) return pinError(c, 400, 1, "Invalid request: the body must be a JSON object.");
  const text = (field: string, max: number) => {
    const v = body[field];
    if (v === undefined || v === null) return null;
    if (typeof v !== "string" || v.length > max) return false;
    return v;
  };
  const title = text("title", 100);
  const description = text("description", 800);
  const altText = text("alt_text", 500);
  const link = text("link", 2048);
  if (title === false) return pinError(c, 400, 1, "Invalid request: title must be at most 100 characters.");
  if (description === false) return pinError(c, 400, 1, "Invalid request: description must be at most 800 characters.");
  if (altText === false) return pinError(c, 400, 1, "Invalid request: alt_text must be at most 500 characters.");
  if (link === false || (link !== null && !/^https?:\/\/[^\s]+$/.test(link)))
    return pinError(c, 400, 1, "Invalid request: link must be a URL of at most 2,048 characters.");
  const board = await boardOf(c, body.board_id);
  if (!board) return pinError(c, 404, 40, "Board not found.");
  const section = body.board_section_id ?? null;
  if (section !== null && !board.sections.some((s) => s.id === section))
    return pinError(c, 404, 41, "Board section not found.");
  const media = await mediaSourceProblem(c, body.media_source);
  if ("problem" in media) return pinError(c, media.status, media.code, media.problem);
  const pin = await createObject(c.var.db, {
    id: numericId(18),
    platform: P,
    kind: "pin",
    owner: c.var.user.id,
    data: {
      board_id: board.id,
      board_section_id: section,
      title,
      description,
      alt_text: altText,
      link,
      creative_type: { video: "VIDEO", carousel: "CAROUSEL", image: "REGULAR" }[media.kind],
      media: media.json,
      board_owner: { username: c.var.user.username },
      // Trial access: pins an app makes are visible only to the account that made them.
      visible_only_to_creator: (await emuSetting(c.var.db, "pinterestTrialAccess")) === 1,
    },
    createdAt: c.var.now,
  });
  return c.json(pinJson(pin), 201);
});

pinterestApi.get("/v5/pins", async (c) => {
  const denied = missingScope(c, "pins:read");
  if (denied) return denied;
  const out = page(c, await ownPins(c));
  return out ? c.json(out) : pinError(c, 400, 1, "page_size must be between 1 and 250.");
});

pinterestApi.get("/v5/boards/:board_id/pins", async (c) => {
  const denied = missingScope(c, "boards:read", "pins:read");
  if (denied) return denied;
  const board = await boardOf(c, c.req.param("board_id"));
  if (!board) return pinError(c, 404, 40, "Board not found.");
  const out = page(c, await ownPins(c, board.id));
  return out ? c.json(out) : pinError(c, 400, 1, "page_size must be between 1 and 250.");
});

async function ownPin(c: Context<PinEnv>) {
  const pin = await getObject(c.var.db, P, c.req.param("pin_id") ?? "");
  return pin?.kind === "pin" && pin.owner === c.var.user.id ? pin : null;
}

pinterestApi.get("/v5/pins/:pin_id", async (c) => {
  const denied = missingScope(c, "boards:read", "pins:read");
  if (denied) return denied;
  const pin = await ownPin(c);
  return pin ? c.json(pinJson(pin)) : pinError(c, 404, 50, "Pin not found.");
});

pinterestApi.delete("/v5/pins/:pin_id", async (c) => {
  const denied = missingScope(c, "boards:read", "pins:write");
  if (denied) return denied;
  const pin = await ownPin(c);
  if (!pin) return pinError(c, 404, 50, "Pin not found.");
  await deleteObject(c.var.db, P, pin.id);
  return c.body(null, 204);
});

const METRIC_TYPES = new Set([
  "IMPRESSION",
  "OUTBOUND_CLICK",
  "PIN_CLICK",
  "SAVE",
  "SAVE_RATE",
  "TOTAL_COMMENTS",
  "TOTAL_REACTIONS",
  "USER_FOLLOW",
  "PROFILE_VISIT",
  "VIDEO_MRC_VIEW",
  "VIDEO_10S_VIEW",
  "VIDEO_START",
]);

/** `{all: {summary_metrics, lifetime_metrics, daily_metrics}}` for the requested days, from the pin's growth curve. */
pinterestApi.get("/v5/pins/:pin_id/analytics", async (c) => {
  const denied = missingScope(c, "boards:read", "pins:read");
  if (denied) return denied;
  const pin = await ownPin(c);
  if (!pin) return pinError(c, 404, 50, "Pin not found.");
  const start = Date.parse(`${c.req.query("start_date")}T00:00:00Z`);
  const end = Date.parse(`${c.req.query("end_date")}T00:00:00Z`);
  const today = Math.floor(c.var.now / DAY) * DAY;
  if (Number.isNaN(start) || Number.isNaN(end) || end < start)
    return pinError(c, 400, 1, "start_date and end_date must be dates (YYYY-MM-DD), end_date not before start_date.");
  if (start < today - ANALYTICS_DAYS * DAY)
    return pinError(c, 400, 1, "start_date cannot be more than 90 days back from today.");
  const types = (c.req.query("metric_types") ?? "").split(",").filter(Boolean);
  if (!types.length || types.some((t) => !METRIC_TYPES.has(t)))
    return pinError(c, 400, 1, `metric_types must name Pin metrics, like IMPRESSION,SAVE.`);
  // The period's sums are what the pin gathered from its creation (or the start) to the end date's close.
  const to = Math.min(c.var.now, end + DAY);
  const m = postMetrics(pin.id, pin.createdAt, to);
  const before = start > pin.createdAt ? postMetrics(pin.id, pin.createdAt, start) : null;
  const sum = (k: keyof typeof m) => m[k] - (before?.[k] ?? 0);
  const all: Record<string, number> = {
    IMPRESSION: sum("impressions"),
    OUTBOUND_CLICK: sum("clicks"),
    PIN_CLICK: Math.floor(sum("reach") / 10),
    SAVE: sum("saves"),
    SAVE_RATE: m.impressions ? m.saves / m.impressions : 0,
    USER_FOLLOW: Math.floor(sum("shares") / 2),
    PROFILE_VISIT: sum("shares"),
    VIDEO_MRC_VIEW: pin.data.creative_type === "VIDEO" ? sum("views") : 0,
    VIDEO_10S_VIEW: pin.data.creative_type === "VIDEO" ? Math.floor(sum("views") / 2) : 0,
    VIDEO_START: pin.data.creative_type === "VIDEO" ? sum("views") : 0,
  };
  const summary = Object.fromEntries(types.filter((t) => t in all).map((t) => [t, all[t]!]));
  const lifetime = postMetrics(pin.id, pin.createdAt, c.var.now);
  return c.json({
    all: {
      summary_metrics: summary,
      lifetime_metrics: { TOTAL_COMMENTS: lifetime.comments, TOTAL_REACTIONS: lifetime.likes },
      daily_metrics: [],
    },
  });
});

mountMediaRoutes(pinterestApi);

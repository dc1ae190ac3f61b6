import { Hono } from "hono";
import { mountConsent } from "../consent";
import type { EmuContext, EmuEnv } from "../context";
import { issueToken, redeemCode } from "../tokens";
import { type DemoIgAccount, IG_LOGIN_ACCOUNTS } from "./demo";
import { appSecretValid, igObjectEdge } from "./facebook";
import {
  GraphError,
  graphErrorResponse,
  graphSegments,
  noAppPermission,
  objectNotFound,
  readParams,
  requirePermission,
  requireToken,
  usageHeaders,
} from "./graph-core";
import * as ig from "./ig-media";
import { messagingEdge, personProfile } from "./messaging";

/**
 * Instagram API with Instagram Login (PLATFORMS.md §2.1): www.instagram.com consent, api.instagram.com
 * code exchange, graph.instagram.com long-lived exchange, refresh and the publishing API.
 */
const TOKENS = "instagram";
const SHORT_TTL_MS = 3_600_000;
const LONG_TTL_S = 5183944;
const REFRESH_MIN_AGE_MS = 24 * 3_600_000;
const MOUNT = "/sandbox/graph.instagram.com";

function accountsOf(selected: string[]): DemoIgAccount[] {
  return IG_LOGIN_ACCOUNTS.filter((a) => selected.includes(a.id));
}

async function dispatch(c: EmuContext) {
  const seg = graphSegments(c, MOUNT, true);
  const p = await readParams(c);
  const { db, now } = c.var;
  if (seg[0] === "access_token") {
    if (p.grant_type !== "ig_exchange_token") throw new GraphError(400, "Unsupported grant_type", 100);
    if (!p.client_secret) throw new GraphError(400, "Missing client_secret", 101);
    const short = await requireToken(c, TOKENS, p);
    if (short.kind !== "short") throw new GraphError(400, "Only short-lived tokens can be exchanged", 100);
    const long = await issueToken(db, {
      platform: TOKENS,
      kind: "long",
      grant: short.grant,
      scopes: short.scopes,
      now,
      ttlMs: LONG_TTL_S * 1000,
      prefix: "IGAAL",
    });
    return { access_token: long.token, token_type: "bearer", expires_in: LONG_TTL_S };
  }
  if (seg[0] === "refresh_access_token") {
    if (p.grant_type !== "ig_refresh_token") throw new GraphError(400, "Unsupported grant_type", 100);
    const current = await requireToken(c, TOKENS, p);
    if (current.kind !== "long") throw new GraphError(400, "Only long-lived tokens can be refreshed", 100);
    if (now - current.issuedAt < REFRESH_MIN_AGE_MS)
      throw new GraphError(400, "The access token must be at least 24 hours old to be refreshed", 100);
    const next = await issueToken(db, {
      platform: TOKENS,
      kind: "long",
      grant: current.grant,
      scopes: current.scopes,
      now,
      ttlMs: LONG_TTL_S * 1000,
      prefix: "IGAAL",
    });
    return { access_token: next.token, token_type: "bearer", expires_in: LONG_TTL_S };
  }
  const token = await requireToken(c, TOKENS, p);
  const mine = accountsOf(token.grant.selected);
  const [id, edge] = seg;
  if (!id) throw new GraphError(400, "Unsupported request.", 100);
  const account = id === "me" ? mine[0] : mine.find((a) => a.id === id);
  if (account) {
    usageHeaders(c, account.id);
    if (c.req.method === "POST" && (edge === "media" || edge === "media_publish"))
      requirePermission(token, "instagram_business_content_publish", noAppPermission());
    if (!edge && c.req.method === "GET") return ig.userFields(c, account, p, await ig.mediaCountOf(c, account.id));
    if (edge === "media" && c.req.method === "POST") return ig.createContainer(c, account, p);
    if (edge === "media" && c.req.method === "GET") return ig.listMedia(c, account, p);
    if (edge === "stories" && c.req.method === "GET") return ig.listStories(c, account, p);
    if (edge === "media_publish" && c.req.method === "POST") return ig.publishContainer(c, account, p);
    if (edge === "content_publishing_limit") return ig.publishingLimit(c, account);
    if (edge === "insights") return ig.userInsights(c, account, p);
    const permission = "instagram_business_manage_messages";
    const messaging = await messagingEdge(c, token, { store: "instagram", owner: account.id, permission }, edge, p);
    if (messaging) return messaging;
    throw objectNotFound(`${id}/${edge}`);
  }
  const obj = await ig.findIgObject(c, id);
  if (obj && mine.some((a) => a.id === obj.owner)) {
    if (edge === "comments" && c.req.method === "POST")
      requirePermission(token, "instagram_business_manage_comments", noAppPermission());
    return igObjectEdge(c, obj, edge, p);
  }
  const permission = "instagram_business_manage_messages";
  const owners = mine.map((a) => ({ store: "instagram" as const, owner: a.id, permission }));
  const person = edge ? null : await personProfile(c, token, owners, id, p);
  if (person) return person;
  throw objectNotFound(id);
}

export const graphInstagram = new Hono<EmuEnv>().all("*", async (c) => {
  usageHeaders(c);
  try {
    return c.json((await dispatch(c)) as object);
  } catch (err) {
    if (err instanceof GraphError) return graphErrorResponse(c, err);
    throw err;
  }
});

/** Code exchange; its errors use the older `error_type`/`error_message` shape. */
export const apiInstagram = new Hono<EmuEnv>().post("/oauth/access_token", async (c) => {
  const p = await readParams(c);
  const { db, now } = c.var;
  const fail = (message: string) => c.json({ error_type: "OAuthException", code: 400, error_message: message }, 400);
  if (p.grant_type !== "authorization_code") return fail("Invalid grant_type");
  if (!appSecretValid(p.client_id, p.client_secret)) return fail("Invalid client_secret");
  if (!p.code || !p.redirect_uri) return fail("Missing code or redirect_uri");
  const code = await redeemCode(db, {
    platform: TOKENS,
    code: p.code.replace(/#_$/, ""),
    clientId: p.client_id!,
    redirectUri: p.redirect_uri,
    now,
  });
  if (!code) return fail("Matching code was not found or was already used");
  const short = await issueToken(db, {
    platform: TOKENS,
    kind: "short",
    grant: code.grant,
    scopes: code.scopes,
    now,
    ttlMs: SHORT_TTL_MS,
    prefix: "IGAAS",
  });
  return c.json({ data: [{ access_token: short.token, user_id: code.grant.selected[0], permissions: code.scopes }] });
});

const consent = {
  platform: TOKENS,
  brand: "Instagram",
  subject: "instagram-demo",
  multiple: false,
  fragment: "#_",
  codeTtlMs: 3_600_000,
  required: ["scope"],
  choices: IG_LOGIN_ACCOUNTS.map((a) => ({
    id: a.id,
    label: `@${a.username}`,
    detail: `${a.name} · ${a.accountType === "BUSINESS" ? "Business" : "Creator"} account`,
  })),
};
export const wwwInstagram = new Hono<EmuEnv>();
mountConsent(wwwInstagram, "/oauth/authorize", consent);
// Older docs send the browser to api.instagram.com/oauth/authorize; both work.
mountConsent(apiInstagram, "/oauth/authorize", consent);

import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { Db } from "../db/client";
import { emuTokens } from "../db/schema/emulator";
import { type BlobInfo, blobsOf, isTid, postProblem } from "./bluesky-lexicon";
import { addVisitorPost, type BlueskyHost, listNotifications } from "./bluesky-notifications";
import { mountBlueskyOAuth, refuseTokenUse } from "./bluesky-oauth";
import type { EmuEnv } from "./context";
import { followerCount, postMetrics } from "./metrics";
import { countObjects, createObject, deleteObject, findObjects, getObject, incrementCounter } from "./objects";
import { bearer, jsonBody, sniffImage } from "./request";
import { consumeToken } from "./tokens";

/**
 * Bluesky (AT Protocol), from the lexicons and docs.bsky.app: the PLC directory (plc.directory/<did> answers a
 * DID document), a PDS at bsky.social (sessions, blobs, repo records, handle resolution) and the public AppView
 * (public.api.bsky.app: posts with their counts, profiles, threads). Errors are XRPC's `{error, message}`;
 * creates cost 3 points of 5,000 an hour and 35,000 a day per DID, answered in `ratelimit-*` headers.
 */

export const PLATFORM = "bluesky";
const PDS = "https://bsky.social";
/** The PDS's own service DID: the `aud` a service-auth token for its blob uploads names. */
export const PDS_DID = "did:web:bsky.social";
const ACCESS_TTL_MS = 2 * 3_600_000;
const REFRESH_TTL_MS = 90 * 86_400_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** docs.bsky.app/docs/advanced-guides/rate-limits. */
const POINTS = { create: 3, delete: 1, perHour: 5000, perDay: 35_000 };
/** createSession, per handle: 30 in 5 minutes and 300 a day (same page). */
const SESSION_LIMITS = [
  { name: "5min", ms: 5 * 60_000, limit: 30 },
  { name: "day", ms: DAY, limit: 300 },
];
/** Largest blob the PDS takes at upload; the embed's own limit (2 MB images) is checked when a record uses it. */
const BLOB_UPLOAD_MAX = 50 * 1024 * 1024;

interface DemoAccount {
  did: string;
  handle: string;
  displayName: string;
  password: string;
  appPassword: string;
}

/** The sandbox's Bluesky people; Postline's demo signs in with the app password. */
export const BLUESKY_ACCOUNTS: DemoAccount[] = [
  {
    did: "did:plc:pstlndemo2kitchen3bakery",
    handle: "postline-demo.bsky.social",
    displayName: "Postline Demo",
    password: "demo-main-password",
    appPassword: "pstl-demo-bsky-apps",
  },
  {
    did: "did:plc:jrdnrvera4friend5mention",
    handle: "jordan.bsky.social",
    displayName: "Jordan Rivera",
    password: "jordan-main-password",
    appPassword: "jrdn-riva-bsky-apps",
  },
];

/** "Name (@handle)" of a demo account, for the sandbox post viewer. */
export function bskyAuthorName(did: string): string {
  const a = BLUESKY_ACCOUNTS.find((x) => x.did === did);
  return a ? `${a.displayName} (@${a.handle})` : did;
}

const byHandleOrDid = (id: string) =>
  BLUESKY_ACCOUNTS.find((a) => a.did === id || a.handle === id.toLowerCase().replace(/^@/, ""));

type Ctx = Context<EmuEnv>;

export function xrpcError(c: Ctx, status: 400 | 401 | 404 | 409 | 413 | 429 | 500, error: string, message: string) {
  return c.json({ error, message }, status);
}

// ---- tokens: JWT-shaped (the SDKs read `exp`), kept in emu_tokens so they can be refreshed and revoked ----

export const b64url = (v: string | Uint8Array) =>
  btoa(typeof v === "string" ? v : String.fromCharCode(...v))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function jwt(scope: string, did: string, now: number, ttlMs: number): string {
  const header = b64url(
    JSON.stringify({ typ: scope === "com.atproto.access" ? "at+jwt" : "refresh+jwt", alg: "ES256K" }),
  );
  const payload = b64url(
    JSON.stringify({
      scope,
      sub: did,
      aud: PDS_DID,
      iat: Math.floor(now / 1000),
      exp: Math.floor((now + ttlMs) / 1000),
      jti: crypto.randomUUID(),
    }),
  );
  return `${header}.${payload}.${b64url(crypto.getRandomValues(new Uint8Array(32)))}`;
}

async function issueSession(db: Db, account: DemoAccount, now: number) {
  const accessJwt = jwt("com.atproto.access", account.did, now, ACCESS_TTL_MS);
  const refreshJwt = jwt("com.atproto.refresh", account.did, now, REFRESH_TTL_MS);
  const grant = { subject: account.did, selected: [account.did] };
  await db.insert(emuTokens).values([
    {
      token: accessJwt,
      platform: PLATFORM,
      kind: "access",
      grant,
      scopes: "com.atproto.access",
      issuedAt: now,
      expiresAt: now + ACCESS_TTL_MS,
      revokedAt: null,
    },
    {
      token: refreshJwt,
      platform: PLATFORM,
      kind: "refresh",
      grant,
      scopes: "com.atproto.refresh",
      issuedAt: now,
      expiresAt: now + REFRESH_TTL_MS,
      revokedAt: null,
    },
  ]);
  return { accessJwt, refreshJwt, handle: account.handle, did: account.did, active: true };
}

/** The account a token of `kind` belongs to, or the XRPC error the PDS answers (ExpiredToken is a 400). */
export async function authed(
  c: Ctx,
  kind: "access" | "refresh",
  opts: { allowExpired?: boolean } = {},
): Promise<DemoAccount | Response> {
  const dpop = /^DPoP (.+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
  const token = dpop ?? bearer(c);
  if (!token) return xrpcError(c, 401, "AuthMissing", "Authentication Required");
  const row = await c.var.db
    .select()
    .from(emuTokens)
    .where(and(eq(emuTokens.token, token), eq(emuTokens.platform, PLATFORM)))
    .get();
  if (!row || row.revokedAt !== null || row.kind !== kind)
    return xrpcError(c, 401, "InvalidToken", "Token could not be verified");
  const refused = await refuseTokenUse(c, dpop ? "DPoP" : "Bearer", token, row.grant.dpopJkt);
  if (refused) return refused;
  if (!opts.allowExpired && row.expiresAt !== null && row.expiresAt <= c.var.now)
    return xrpcError(c, 400, "ExpiredToken", "Token has expired");
  return (
    BLUESKY_ACCOUNTS.find((a) => a.did === row.grant.subject) ?? xrpcError(c, 401, "InvalidToken", "Unknown account")
  );
}

// ---- CIDs: CIDv1, sha2-256, base32 (records dag-cbor 0x71, blobs raw 0x55) ----

const B32 = "abcdefghijklmnopqrstuvwxyz234567";

export async function cid(codec: 0x71 | 0x55, data: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>));
  const bytes = [0x01, codec, 0x12, 0x20, ...digest];
  let out = "b";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

// ---- repo state in emu_objects: records keyed by their at-uri, blobs by did + cid ----

const atUri = (did: string, collection: string, rkey: string) => `at://${did}/${collection}/${rkey}`;
export const blobId = (did: string, blobCid: string) => `bsky-blob:${did}:${blobCid}`;

interface StoredRecord {
  /** The parent's at-uri for a reply (what the sandbox viewer threads by), else null. */
  replyTo: string | null;
  uri: string;
  cid: string;
  collection: string;
  rkey: string;
  value: Record<string, unknown>;
}

async function records(db: Db, did: string, collection: string) {
  const rows = await findObjects(db, PLATFORM, collection, { owner: did });
  return rows.map((r) => ({ ...(r.data as unknown as StoredRecord), indexedAt: r.createdAt }));
}

/**
 * Takes `points` from the DID's hourly and daily buckets (fixed windows, as the PDS's limiter keeps them);
 * null when allowed, else the window that ran out. Either way the headers describe the hourly window.
 */
async function spend(db: Db, did: string, points: number, now: number) {
  const windows = [
    { name: "hour", ms: HOUR, limit: POINTS.perHour },
    { name: "day", ms: DAY, limit: POINTS.perDay },
  ];
  const used: number[] = [];
  for (const w of windows) {
    const start = Math.floor(now / w.ms) * w.ms;
    const n = await incrementCounter(db, {
      id: `bsky-points:${w.name}:${did}:${start}`,
      platform: PLATFORM,
      kind: "points",
      owner: did,
      createdAt: start,
    });
    used.push(n * points);
  }
  const hourStart = Math.floor(now / HOUR) * HOUR;
  const headers = {
    "ratelimit-limit": String(POINTS.perHour),
    "ratelimit-remaining": String(Math.max(0, POINTS.perHour - used[0]!)),
    "ratelimit-reset": String(Math.ceil((hourStart + HOUR) / 1000)),
    "ratelimit-policy": `${POINTS.perHour};w=3600`,
  };
  const over = windows.findIndex((w, i) => used[i]! > w.limit);
  return { headers, over: over === -1 ? null : windows[over]!.name };
}

function tooMany(c: Ctx, headers: Record<string, string>) {
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  return xrpcError(c, 429, "RateLimitExceeded", "Rate Limit Exceeded");
}

// ---- the PLC directory ----

function didDocument(account: DemoAccount) {
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
    id: account.did,
    alsoKnownAs: [`at://${account.handle}`],
    verificationMethod: [
      {
        id: `${account.did}#atproto`,
        type: "Multikey",
        controller: account.did,
        publicKeyMultibase: "zQ3shXjHeiBuRCKmM36cuYnm7YEMzhGnCmCyW92sRJ9pribSF",
      },
    ],
    service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: PDS }],
  };
}

export const plcDirectory = new Hono<EmuEnv>().get("/:did", (c) => {
  const account = BLUESKY_ACCOUNTS.find((a) => a.did === c.req.param("did"));
  if (!account) return c.json({ message: `DID not registered: ${c.req.param("did")}` }, 404);
  return c.json(didDocument(account));
});

// ---- the PDS (and entryway) at bsky.social ----

function resolveHandle(c: Ctx) {
  const handle = c.req.query("handle");
  if (!handle) return xrpcError(c, 400, "InvalidRequest", 'Error: Params must have the property "handle"');
  const account = BLUESKY_ACCOUNTS.find((a) => a.handle === handle.toLowerCase());
  if (!account) return xrpcError(c, 400, "InvalidRequest", "Unable to resolve handle");
  return c.json({ did: account.did });
}

export const blueskyPds = new Hono<EmuEnv>()
  .get("/xrpc/com.atproto.identity.resolveHandle", resolveHandle)
  .post("/xrpc/com.atproto.server.createSession", async (c) => {
    const body = await jsonBody(c);
    if (typeof body?.identifier !== "string" || typeof body.password !== "string")
      return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "identifier" and "password"');
    const account = byHandleOrDid(body.identifier);
    for (const w of SESSION_LIMITS) {
      const start = Math.floor(c.var.now / w.ms) * w.ms;
      const n = await incrementCounter(c.var.db, {
        id: `bsky-sessions:${w.name}:${body.identifier.toLowerCase()}:${start}`,
        platform: PLATFORM,
        kind: "sessions",
        owner: body.identifier.toLowerCase(),
        createdAt: start,
      });
      if (n > w.limit)
        return tooMany(c, {
          "ratelimit-limit": String(w.limit),
          "ratelimit-remaining": "0",
          "ratelimit-reset": String(Math.ceil((start + w.ms) / 1000)),
          "ratelimit-policy": `${w.limit};w=${w.ms / 1000}`,
        });
    }
    if (!account || (body.password !== account.appPassword && body.password !== account.password))
      return xrpcError(c, 401, "AuthenticationRequired", "Invalid identifier or password");
    return c.json(await issueSession(c.var.db, account, c.var.now));
  })
  .post("/xrpc/com.atproto.server.refreshSession", async (c) => {
    const account = await authed(c, "refresh");
    if (account instanceof Response) return account;
    // The refresh token is single use: the new session replaces it, and of two racing with it only one gets one.
    if (!(await consumeToken(c.var.db, PLATFORM, "refresh", bearer(c), c.var.now)))
      return xrpcError(c, 401, "InvalidToken", "Token could not be verified");
    return c.json(await issueSession(c.var.db, account, c.var.now));
  })
  // The PDS's deleteSession: authenticated with the refresh JWT (an expired one too), it revokes that token.
  .post("/xrpc/com.atproto.server.deleteSession", async (c) => {
    const account = await authed(c, "refresh", { allowExpired: true });
    if (account instanceof Response) return account;
    await c.var.db
      .update(emuTokens)
      .set({ revokedAt: c.var.now })
      .where(and(eq(emuTokens.token, bearer(c)!), eq(emuTokens.platform, PLATFORM)));
    return c.body(null, 200);
  })
  .get("/xrpc/com.atproto.server.getSession", async (c) => {
    const account = await authed(c, "access");
    if (account instanceof Response) return account;
    return c.json({ handle: account.handle, did: account.did, didDoc: didDocument(account), active: true });
  })
  .post("/xrpc/com.atproto.repo.uploadBlob", async (c) => {
    const account = await authed(c, "access");
    if (account instanceof Response) return account;
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) return xrpcError(c, 400, "InvalidRequest", "Request body is empty");
    if (bytes.length > BLOB_UPLOAD_MAX) return xrpcError(c, 413, "PayloadTooLarge", "request entity too large");
    // The PDS sniffs the type from the bytes and keeps the declared one only when it cannot tell.
    const declared = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
    const mimeType = sniffImage(bytes) ?? (declared || "application/octet-stream");
    const ref = await cid(0x55, bytes);
    const id = blobId(account.did, ref);
    if (!(await getObject(c.var.db, PLATFORM, id)))
      await createObject(c.var.db, {
        id,
        platform: PLATFORM,
        kind: "blob",
        owner: account.did,
        data: { mimeType, size: bytes.length },
        createdAt: c.var.now,
      });
    return c.json({ blob: { $type: "blob", ref: { $link: ref }, mimeType, size: bytes.length } });
  })
  .post("/xrpc/com.atproto.repo.createRecord", async (c) => {
    const account = await authed(c, "access");
    if (account instanceof Response) return account;
    const body = await jsonBody(c);
    if (!body || typeof body.collection !== "string" || !body.record)
      return xrpcError(c, 400, "InvalidRequest", 'Input must have the properties "repo", "collection" and "record"');
    if (body.repo !== account.did && body.repo !== account.handle)
      return xrpcError(c, 401, "AuthenticationRequired", "Authentication Required");
    if (body.collection !== "app.bsky.feed.post" && body.collection !== LIKE)
      return xrpcError(c, 400, "InvalidRequest", `Unsupported collection in this emulator: ${body.collection}`);
    const rkey = typeof body.rkey === "string" ? body.rkey : null;
    if (rkey !== null && !isTid(rkey))
      return xrpcError(
        c,
        400,
        "InvalidRequest",
        `Invalid record key for app.bsky.feed.post: ${rkey} is not a valid TID`,
      );
    const { headers, over } = await spend(c.var.db, account.did, POINTS.create, c.var.now);
    if (over) return tooMany(c, headers);
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    const blobs = new Map<string, BlobInfo>();
    for (const ref of blobsOf(body.record)) {
      const row = await getObject(c.var.db, PLATFORM, blobId(account.did, ref));
      if (row) blobs.set(ref, row.data as unknown as BlobInfo);
    }
    const problem =
      body.collection === LIKE ? likeProblem(body.record) : postProblem(body.record, (ref) => blobs.get(ref) ?? null);
    if (problem) return xrpcError(c, 400, "InvalidRequest", `Invalid ${body.collection} record: ${problem}`);
    const key = rkey ?? nextTid(c.var.now);
    const uri = atUri(account.did, body.collection, key);
    // An existing key fails deep in the repository's tree ("There is already a value at key"), which the PDS
    // does not word for the caller: a 500.
    if (await getObject(c.var.db, PLATFORM, uri))
      return xrpcError(c, 500, "InternalServerError", "Internal Server Error");
    const value = body.record as Record<string, unknown>;
    const recordCid = await cid(0x71, new TextEncoder().encode(JSON.stringify(value)));
    const parent = (value.reply as { parent?: { uri?: unknown } } | undefined)?.parent?.uri;
    const stored: StoredRecord = {
      uri,
      cid: recordCid,
      collection: body.collection,
      rkey: key,
      value,
      replyTo: typeof parent === "string" ? parent : null,
    };
    await createObject(c.var.db, {
      id: uri,
      platform: PLATFORM,
      kind: body.collection,
      owner: account.did,
      data: stored as unknown as Record<string, unknown>,
      createdAt: c.var.now,
    });
    const rev = nextTid(c.var.now);
    return c.json({
      uri,
      cid: recordCid,
      commit: { cid: await cid(0x71, new TextEncoder().encode(rev)), rev },
      validationStatus: "valid",
    });
  })
  .get("/xrpc/com.atproto.repo.getRecord", async (c) => {
    const { repo, collection, rkey } = c.req.query();
    if (!repo || !collection || !rkey)
      return xrpcError(c, 400, "InvalidRequest", 'Params must have the properties "repo", "collection" and "rkey"');
    // Any repo the network holds: the sandbox's people and its visitors.
    const account = byHandleOrDid(repo);
    const uri = atUri(account?.did ?? repo, collection, rkey);
    const row = await getObject(c.var.db, PLATFORM, uri);
    if (!row) return xrpcError(c, 400, "RecordNotFound", `Could not locate record: ${uri}`);
    const rec = row.data as unknown as StoredRecord;
    return c.json({ uri: rec.uri, cid: rec.cid, value: rec.value });
  })
  .get("/xrpc/com.atproto.repo.listRecords", async (c) => {
    const { repo, collection } = c.req.query();
    if (!repo || !collection)
      return xrpcError(c, 400, "InvalidRequest", 'Params must have the properties "repo" and "collection"');
    const account = byHandleOrDid(repo);
    if (!account) return xrpcError(c, 400, "InvalidRequest", `Could not find repo: ${repo}`);
    const limit = Math.min(100, Math.max(1, Number(c.req.query("limit") ?? 50) || 50));
    const reverse = c.req.query("reverse") === "true";
    const cursor = c.req.query("cursor");
    // Newest key first unless reversed; the cursor is the last key answered.
    let list = (await records(c.var.db, account.did, collection)).sort((a, b) => (a.rkey < b.rkey ? 1 : -1));
    if (reverse) list.reverse();
    if (cursor) list = list.filter((r) => (reverse ? r.rkey > cursor : r.rkey < cursor));
    const page = list.slice(0, limit);
    return c.json({
      records: page.map((r) => ({ uri: r.uri, cid: r.cid, value: r.value })),
      ...(page.length === limit && { cursor: page.at(-1)!.rkey }),
    });
  })
  .post("/xrpc/com.atproto.repo.deleteRecord", async (c) => {
    const account = await authed(c, "access");
    if (account instanceof Response) return account;
    const body = await jsonBody(c);
    if (!body || typeof body.collection !== "string" || typeof body.rkey !== "string")
      return xrpcError(c, 400, "InvalidRequest", 'Input must have the properties "repo", "collection" and "rkey"');
    if (body.repo !== account.did && body.repo !== account.handle)
      return xrpcError(c, 401, "AuthenticationRequired", "Authentication Required");
    const { headers, over } = await spend(c.var.db, account.did, POINTS.delete, c.var.now);
    if (over) return tooMany(c, headers);
    // Deleting a key that holds nothing is not an error: the repository is simply unchanged.
    await deleteObject(c.var.db, PLATFORM, atUri(account.did, body.collection, body.rkey));
    const rev = nextTid(c.var.now);
    return c.json({ commit: { cid: await cid(0x71, new TextEncoder().encode(rev)), rev } });
  });

/** A fresh TID on the emulator clock, for keys the caller leaves to the server and for commit revisions. */
function nextTid(now: number): string {
  const A = "234567abcdefghijklmnopqrstuvwxyz";
  let v =
    (BigInt(now) * 1000n + BigInt(Math.floor(Math.random() * 1000))) * 1024n + BigInt(Math.floor(Math.random() * 1024));
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = A[Number(v & 31n)]! + out;
    v >>= 5n;
  }
  return out;
}

// ---- the AppView ----

function profileBasic(did: string, visitorHandle?: string) {
  const a = BLUESKY_ACCOUNTS.find((x) => x.did === did);
  return { did, handle: a?.handle ?? visitorHandle ?? "handle.invalid", displayName: a?.displayName ?? "", labels: [] };
}

const LIKE = "app.bsky.feed.like";

/** app.bsky.feed.like: a strong ref to the subject and when it was liked. */
function likeProblem(record: unknown): string | null {
  const r = record as { subject?: { uri?: unknown; cid?: unknown }; createdAt?: unknown };
  if (typeof r.subject?.uri !== "string" || !r.subject.uri.startsWith("at://") || typeof r.subject.cid !== "string")
    return "Record/subject must be a strong ref (uri and cid)";
  if (typeof r.createdAt !== "string" || Number.isNaN(Date.parse(r.createdAt)))
    return "Record/createdAt must be a valid datetime";
  return null;
}

async function repliesTo(db: Db, uri: string) {
  const rows = await findObjects(db, PLATFORM, "app.bsky.feed.post", { data: { replyTo: uri } });
  return rows.map((r) => ({ ...(r.data as unknown as StoredRecord), indexedAt: r.createdAt, owner: r.owner }));
}

/** A PostView: counts grow with the post's age like every emulated network's, replies are the real ones too. */
async function postView(db: Db, rec: StoredRecord & { indexedAt: number }, owner: string, now: number) {
  const m = postMetrics(rec.uri, rec.indexedAt, now);
  const replies = await repliesTo(db, rec.uri);
  return {
    uri: rec.uri,
    cid: rec.cid,
    author: profileBasic(owner, (rec as { handle?: string }).handle),
    record: rec.value,
    replyCount: m.comments + replies.length,
    repostCount: m.shares,
    likeCount: m.likes,
    quoteCount: Math.floor(m.shares / 4),
    bookmarkCount: m.saves,
    indexedAt: new Date(rec.indexedAt).toISOString(),
    labels: [],
  };
}

async function findPost(db: Db, uri: string) {
  const row = await getObject(db, PLATFORM, uri);
  return row ? { rec: { ...(row.data as unknown as StoredRecord), indexedAt: row.createdAt }, owner: row.owner } : null;
}

// The PDS is its own authorization server (AT Protocol OAuth, bluesky-oauth.ts).
mountBlueskyOAuth(blueskyPds as unknown as Hono<EmuEnv>, BLUESKY_ACCOUNTS);

/** What the notifications file needs from the PDS and AppView here (it shares no module state with them). */
function notificationHost(c: Ctx): BlueskyHost {
  return {
    cid: (value) => cid(0x71, new TextEncoder().encode(JSON.stringify(value))),
    tid: nextTid,
    postView: async (rec, owner) => {
      const found = await findPost(c.var.db, rec.uri);
      return postView(c.var.db, found!.rec, owner, c.var.now);
    },
  };
}

/** A visitor's post on Bluesky now (`POST /sandbox/comments`): a reply to the at-uri `postId`, or its own. */
export const addBlueskyVisitorPost = (c: Ctx, input: { postId?: string; author: string; text: string }) =>
  addVisitorPost(c, notificationHost(c), input);

export const blueskyAppView = new Hono<EmuEnv>()
  .get("/xrpc/com.atproto.identity.resolveHandle", resolveHandle)
  .get("/xrpc/app.bsky.notification.listNotifications", async (c) => {
    const account = await authed(c, "access");
    if (account instanceof Response) return account;
    return listNotifications(c, notificationHost(c), account);
  })
  .get("/xrpc/app.bsky.feed.getPosts", async (c) => {
    const uris = (c.req.queries("uris") ?? []).filter(Boolean);
    if (uris.length === 0) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "uris"');
    if (uris.length > 25) return xrpcError(c, 400, "InvalidRequest", "uris must not have more than 25 elements");
    const posts = [];
    // Posts that are gone (deleted, never existed) are left out, as the AppView does.
    for (const uri of uris) {
      const found = await findPost(c.var.db, uri);
      if (found) posts.push(await postView(c.var.db, found.rec, found.owner, c.var.now));
    }
    return c.json({ posts });
  })
  .get("/xrpc/app.bsky.feed.getPostThread", async (c) => {
    const uri = c.req.query("uri");
    if (!uri) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "uri"');
    const found = await findPost(c.var.db, uri);
    if (!found) return xrpcError(c, 400, "NotFound", `Post not found: ${uri}`);
    const replies = await repliesTo(c.var.db, uri);
    return c.json({
      thread: {
        $type: "app.bsky.feed.defs#threadViewPost",
        post: await postView(c.var.db, found.rec, found.owner, c.var.now),
        replies: await Promise.all(
          replies.map(async (r) => ({
            $type: "app.bsky.feed.defs#threadViewPost",
            post: await postView(c.var.db, r, r.owner, c.var.now),
            replies: [],
          })),
        ),
      },
    });
  })
  .get("/xrpc/app.bsky.actor.getProfile", async (c) => {
    const actor = c.req.query("actor");
    if (!actor) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "actor"');
    const account = byHandleOrDid(actor);
    if (!account) return xrpcError(c, 400, "InvalidRequest", "Profile not found");
    const posts = await countObjects(c.var.db, PLATFORM, "app.bsky.feed.post", { owner: account.did });
    return c.json({
      ...profileBasic(account.did),
      description: "",
      followersCount: followerCount(account.did, c.var.now),
      followsCount: 180,
      postsCount: posts,
      indexedAt: new Date(c.var.now).toISOString(),
    });
  });

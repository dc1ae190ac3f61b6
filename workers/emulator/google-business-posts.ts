import { type Context, Hono } from "hono";
import { GBP, type GbpEnv, gbpAuth, locationOf, rpcError } from "./google-business";
import { gbpReviews } from "./google-business-reviews";
import { numericId } from "./ids";
import {
  createObject,
  deleteObject,
  type EmuObject,
  getObject,
  incrementCounter,
  listObjects,
  updateObject,
} from "./objects";
import { type JsonBody, jsonBody } from "./request";

/**
 * accounts.locations.localPosts (My Business API v4, mybusiness.googleapis.com): create, list, get, patch and
 * delete a location's posts. A create, patch or delete is an edit: at most 10 a minute per profile. What the API
 * refuses it answers as INVALID_ARGUMENT with a google.mybusiness.v4.ValidationError naming each field. A post
 * is PROCESSING while its photo is fetched (30 s here), then LIVE; one that breaks the content policy (a phone
 * number in the text: the call button is for that) is REJECTED, still listed.
 */
const SUMMARY_MAX = 1500;
const TITLE_MAX = 58;
const EDITS_PER_MINUTE = 10;
const PROCESSING_MS = 30_000;
const TOPICS = ["STANDARD", "EVENT", "OFFER", "ALERT"];
const ACTIONS = ["BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL", "GET_OFFER"];
const PHONE = /\+?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;

export const gbpPosts = new Hono<GbpEnv>();
gbpPosts.use("*", gbpAuth("mybusiness.googleapis.com"));

type Problem = { field: string; message: string; value?: unknown };

const isUrl = (v: unknown) => {
  try {
    return typeof v === "string" && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};

const validDate = (d: JsonBody | undefined) =>
  !!d && Number.isInteger(d.year) && d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= 31;
const dayOf = (d: JsonBody) => Date.UTC(d.year, d.month - 1, d.day);
const minutesOf = (t: JsonBody | undefined) => (t ? (t.hours ?? 0) * 60 + (t.minutes ?? 0) : null);

/** What the API would refuse in this LocalPost, field by field. */
export function localPostProblems(post: JsonBody): Problem[] {
  const out: Problem[] = [];
  const topic = post.topicType;
  if (!TOPICS.includes(topic)) out.push({ field: "topic_type", message: "topic_type is required", value: topic });
  const summary = post.summary ?? "";
  if (typeof summary !== "string" || [...summary].length > SUMMARY_MAX)
    out.push({ field: "summary", message: `summary must be at most ${SUMMARY_MAX} characters` });
  if (!summary && !(post.media?.length > 0) && topic !== "EVENT" && topic !== "OFFER")
    out.push({ field: "summary", message: "summary is required" });
  if (topic === "ALERT" && post.alertType !== "COVID_19")
    out.push({ field: "alert_type", message: "alert_type is required for an ALERT post", value: post.alertType });
  const cta = post.callToAction;
  if (cta && topic !== "OFFER") {
    if (!ACTIONS.includes(cta.actionType))
      out.push({ field: "call_to_action.action_type", message: "Invalid action type", value: cta.actionType });
    else if (cta.actionType === "CALL" && cta.url)
      out.push({ field: "call_to_action.url", message: "url must not be set for CALL", value: cta.url });
    else if (cta.actionType !== "CALL" && !isUrl(cta.url))
      out.push({ field: "call_to_action.url", message: "A valid url is required", value: cta.url });
  }
  if (topic === "EVENT" || topic === "OFFER") {
    const event = post.event;
    if (!event?.title || [...String(event.title)].length > TITLE_MAX)
      out.push({ field: "event.title", message: `event.title is required, at most ${TITLE_MAX} characters` });
    const s = event?.schedule;
    if (!validDate(s?.startDate) || !validDate(s?.endDate))
      out.push({ field: "event.schedule", message: "event.schedule needs a start_date and an end_date" });
    else {
      const start = dayOf(s.startDate) + (minutesOf(s.startTime) ?? 0) * 60_000;
      const end = dayOf(s.endDate) + (minutesOf(s.endTime) ?? 24 * 60) * 60_000;
      if (end <= start) out.push({ field: "event.schedule", message: "The end must be after the start" });
    }
  }
  if (post.offer) {
    if (topic !== "OFFER") out.push({ field: "offer", message: "offer is only for OFFER posts" });
    if (post.offer.redeemOnlineUrl && !isUrl(post.offer.redeemOnlineUrl))
      out.push({ field: "offer.redeem_online_url", message: "Invalid url", value: post.offer.redeemOnlineUrl });
    if (post.offer.couponCode && String(post.offer.couponCode).length > TITLE_MAX)
      out.push({ field: "offer.coupon_code", message: `coupon_code must be at most ${TITLE_MAX} characters` });
  }
  for (const [i, m] of (Array.isArray(post.media) ? post.media : []).entries()) {
    if (!["PHOTO", "VIDEO"].includes(m?.mediaFormat))
      out.push({ field: `media[${i}].media_format`, message: "media_format must be PHOTO or VIDEO" });
    if (!isUrl(m?.sourceUrl))
      out.push({ field: `media[${i}].source_url`, message: "A fetchable source_url is required" });
  }
  return out;
}

function invalid(c: Context, problems: Problem[]) {
  return rpcError(c, 400, "Request contains an invalid argument.", [
    {
      "@type": "type.googleapis.com/google.mybusiness.v4.ValidationError",
      errorDetails: problems.map((p) => ({ code: 3, field: p.field, message: p.message, value: p.value })),
    },
  ]);
}

/** Counts an edit against the profile's 10 a minute; the answer when over. */
async function overEditQuota(c: Context<GbpEnv>, parent: string) {
  const minute = Math.floor(c.var.now / 60_000);
  const edits = await incrementCounter(c.var.db, {
    id: `gbp-edits:${parent}:${minute}`,
    platform: GBP,
    kind: "counter",
    owner: parent,
    createdAt: c.var.now,
  });
  if (edits <= EDITS_PER_MINUTE) return null;
  return rpcError(c, 429, "Too many edits to this profile. Try again later.", [
    {
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason: "RATE_LIMIT_EXCEEDED",
      domain: "googleapis.com",
      metadata: { quota_limit: "EditsPerMinutePerProfile", quota_limit_value: String(EDITS_PER_MINUTE) },
    },
  ]);
}

function present(obj: EmuObject, now: number) {
  const post = obj.data as JsonBody;
  const state = PHONE.test(post.summary ?? "")
    ? "REJECTED"
    : post.media?.length && now < obj.createdAt + PROCESSING_MS
      ? "PROCESSING"
      : "LIVE";
  const id = obj.id.split("/").pop();
  return {
    ...post,
    name: obj.id,
    state,
    createTime: new Date(obj.createdAt).toISOString(),
    updateTime: new Date(Number(post.updatedAt ?? obj.createdAt)).toISOString(),
    searchUrl: `https://local.google.com/place?id=${obj.owner.split("/").pop()}&use=posts&lpsid=${id}`,
    updatedAt: undefined,
  };
}

const WRITABLE = ["languageCode", "summary", "callToAction", "event", "media", "topicType", "alertType", "offer"];
const pick = (body: JsonBody, fields: string[]) =>
  Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));

const BASE = "/v4/accounts/:account/locations/:location/localPosts";

gbpPosts.post(BASE, async (c) => {
  const parent = locationOf(c);
  if (!parent) return rpcError(c, 404, "Requested entity was not found.");
  const body = await jsonBody(c);
  if (!body) return rpcError(c, 400, "Invalid JSON payload received.");
  const problems = localPostProblems(body);
  if (problems.length) return invalid(c, problems);
  const limited = await overEditQuota(c, parent);
  if (limited) return limited;
  const obj = await createObject(c.var.db, {
    id: `${parent}/localPosts/${numericId(19)}`,
    platform: GBP,
    kind: "localPost",
    owner: parent,
    data: pick(body, WRITABLE),
    createdAt: c.var.now,
  });
  return c.json(present(obj, c.var.now));
});

gbpPosts.get(BASE, async (c) => {
  const parent = locationOf(c);
  if (!parent) return rpcError(c, 404, "Requested entity was not found.");
  const pageSize = Number(c.req.query("pageSize") ?? 20);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
    return invalid(c, [{ field: "page_size", message: "page_size must be between 1 and 100", value: pageSize }]);
  const start = Number(c.req.query("pageToken") ?? 0) || 0;
  const all = await listObjects(c.var.db, GBP, "localPost", parent, { limit: 1000 });
  const page = all.slice(start, start + pageSize).map((o) => present(o, c.var.now));
  const next = start + pageSize < all.length ? String(start + pageSize) : undefined;
  return c.json({ localPosts: page, ...(next ? { nextPageToken: next } : {}) });
});

async function ownPost(c: Context<GbpEnv>) {
  const parent = locationOf(c);
  if (!parent) return null;
  return getObject(c.var.db, GBP, `${parent}/localPosts/${c.req.param("post")}`);
}

gbpPosts.get(`${BASE}/:post`, async (c) => {
  const obj = await ownPost(c);
  return obj ? c.json(present(obj, c.var.now)) : rpcError(c, 404, "Requested entity was not found.");
});

gbpPosts.patch(`${BASE}/:post`, async (c) => {
  const obj = await ownPost(c);
  if (!obj) return rpcError(c, 404, "Requested entity was not found.");
  const mask = (c.req.query("updateMask") ?? "").split(",").filter(Boolean);
  if (mask.length === 0 || mask.some((f) => !WRITABLE.includes(f)))
    return invalid(c, [
      { field: "update_mask", message: "update_mask names no writable field", value: mask.join(",") },
    ]);
  const body = (await jsonBody(c)) ?? {};
  const next = { ...(obj.data as JsonBody), ...Object.fromEntries(mask.map((f) => [f, body[f]])) };
  const problems = localPostProblems(next);
  if (problems.length) return invalid(c, problems);
  const limited = await overEditQuota(c, obj.owner);
  if (limited) return limited;
  const data = { ...next, updatedAt: c.var.now };
  await updateObject(c.var.db, GBP, obj.id, { data });
  return c.json(present({ ...obj, data }, c.var.now));
});

gbpPosts.delete(`${BASE}/:post`, async (c) => {
  const obj = await ownPost(c);
  if (!obj) return rpcError(c, 404, "Requested entity was not found.");
  const limited = await overEditQuota(c, obj.owner);
  if (limited) return limited;
  await deleteObject(c.var.db, GBP, obj.id);
  return c.json({});
});

// Reviews share the host, its token check and its quota.
gbpPosts.route("/", gbpReviews);

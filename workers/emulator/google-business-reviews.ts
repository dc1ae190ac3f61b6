import { type Context, Hono } from "hono";
import type { Db } from "../db/client";
import { DEMO_ACCOUNT, GBP, type GbpEnv, LOCATIONS, locationOf, rpcError } from "./google-business";
import { numericId } from "./ids";
import { seedOf } from "./metrics";
import { type EmuObject, getObject, keepObject, listObjects, updateObject } from "./objects";
import { jsonBody } from "./request";

/**
 * accounts.locations.reviews (My Business API v4): list (pageSize ≤ 50, pageToken, orderBy `updateTime desc` |
 * `rating` | `rating desc`, with the location's averageRating and totalReviewCount), get, updateReply (PUT: the
 * reply replaces any earlier one) and deleteReply. Visitors review the demo locations over emulator time (a read
 * writes only those since the location's previous read; a first read, the last day's) and on demand through
 * `POST /sandbox/comments {platform: "google_business", rating}`; a reviewer edits theirs with
 * `POST /sandbox/review-edits {name, text?, rating?}` (a new updateTime, the reply kept). Mounted on the localPosts host, behind its auth.
 */
const STARS = ["ONE", "TWO", "THREE", "FOUR", "FIVE"] as const;
const PAGE_MAX = 50;
const REPLY_MAX_BYTES = 4096;
const ORDERS = ["updateTime desc", "rating", "rating desc"];
const SLOT_MS = 8 * 3_600_000;
const NAMES = ["Priya N.", "Marcus L.", "Sofia G.", "Dan K.", "Amara O.", "Lee W."];
const WORDS = [
  "Slow service tonight and the soup was cold.",
  "Fine, nothing special.",
  "Good food, a bit of a wait.",
  "Lovely staff and great coffee!",
  "Best tacos on the street. Will be back!",
];

type ReviewData = {
  reviewer: { displayName: string; isAnonymous: boolean };
  stars: number;
  comment: string;
  updatedAt: number;
  reply?: { comment: string; updatedAt: number };
};

export const gbpReviews = new Hono<GbpEnv>();
const BASE = "/v4/accounts/:account/locations/:location/reviews";
const notFound = (c: Context) => rpcError(c, 404, "Requested entity was not found.");

function present(obj: EmuObject) {
  const r = obj.data as ReviewData;
  return {
    name: obj.id,
    reviewId: obj.id.split("/").pop(),
    reviewer: { ...r.reviewer, profilePhotoUrl: "https://lh3.googleusercontent.com/a/default-user" },
    starRating: STARS[r.stars - 1],
    ...(r.comment ? { comment: r.comment } : {}),
    createTime: new Date(obj.createdAt).toISOString(),
    updateTime: new Date(r.updatedAt).toISOString(),
    ...(r.reply
      ? { reviewReply: { comment: r.reply.comment, updateTime: new Date(r.reply.updatedAt).toISOString() } }
      : {}),
  };
}

/** The reviews visitors left since the location's last read, each at its own moment of an 8-hour slot. */
async function grow(db: Db, parent: string, now: number) {
  const markId = `${parent}:reviews-grown`;
  const mark = Number((await getObject(db, GBP, markId))?.data.at ?? now - 86_400_000);
  for (let slot = Math.floor(mark / SLOT_MS); slot <= Math.floor(now / SLOT_MS); slot++) {
    const seed = seedOf(`${parent}:review:${slot}`);
    const at = slot * SLOT_MS + (seed % SLOT_MS);
    if (at <= mark || at > now || seed % 3 === 0) continue;
    const stars = (seed % 5) + 1;
    const data: ReviewData = {
      reviewer: { displayName: NAMES[seed % NAMES.length]!, isAnonymous: false },
      stars,
      comment: WORDS[stars - 1]!,
      updatedAt: at,
    };
    await keepObject(db, {
      id: `${parent}/reviews/g${seed}${slot}`,
      platform: GBP,
      kind: "review",
      owner: parent,
      data,
      createdAt: at,
    });
  }
  await keepObject(db, { id: markId, platform: GBP, kind: "mark", owner: parent, data: { at: now }, createdAt: now });
  await updateObject(db, GBP, markId, { data: { at: now } });
}

/** A visitor's review of a location now (`POST /sandbox/comments`); `location`: `locations/{id}`, else the first. */
export async function addVisitorReview(
  db: Db,
  input: { postId?: string; author: string; text: string; rating?: number },
  now: number,
) {
  const location = LOCATIONS.find((l) => !input.postId || input.postId.endsWith(l.name));
  if (!location) return null;
  const parent = `${DEMO_ACCOUNT.name}/${location.name}`;
  const data: ReviewData = {
    reviewer: { displayName: input.author, isAnonymous: false },
    stars: input.rating ?? 5,
    comment: input.text,
    updatedAt: now,
  };
  const obj = { id: `${parent}/reviews/v${numericId(18)}`, platform: GBP, kind: "review", owner: parent, data };
  await keepObject(db, { ...obj, createdAt: now });
  return { review: present({ ...obj, createdAt: now, status: null, readyAt: null }) };
}

/** The reviewer edits their review now (`POST /sandbox/review-edits`): new words or stars, a new updateTime. */
export async function editVisitorReview(db: Db, input: { name: string; text?: string; rating?: number }, now: number) {
  const obj = await getObject(db, GBP, input.name);
  if (obj?.kind !== "review") return null;
  const before = obj.data as ReviewData;
  const data: ReviewData = {
    ...before,
    comment: input.text ?? before.comment,
    stars: input.rating ?? before.stars,
    updatedAt: now,
  };
  await updateObject(db, GBP, obj.id, { data });
  return { review: present({ ...obj, data }) };
}

function invalid(c: Context, field: string, message: string) {
  return rpcError(c, 400, "Request contains an invalid argument.", [
    {
      "@type": "type.googleapis.com/google.mybusiness.v4.ValidationError",
      errorDetails: [{ code: 3, field, message }],
    },
  ]);
}

gbpReviews.get(BASE, async (c) => {
  const parent = locationOf(c);
  if (!parent) return notFound(c);
  const pageSize = Number(c.req.query("pageSize") ?? PAGE_MAX);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PAGE_MAX)
    return invalid(c, "page_size", `page_size must be between 1 and ${PAGE_MAX}`);
  const orderBy = c.req.query("orderBy") ?? "updateTime desc";
  if (!ORDERS.includes(orderBy)) return invalid(c, "order_by", `Unsupported order_by: ${orderBy}`);
  await grow(c.var.db, parent, c.var.now);
  const all = await listObjects(c.var.db, GBP, "review", parent, { limit: 5000 });
  const stars = (o: EmuObject) => (o.data as ReviewData).stars;
  const updated = (o: EmuObject) => (o.data as ReviewData).updatedAt;
  all.sort((a, b) =>
    orderBy === "rating"
      ? stars(a) - stars(b)
      : orderBy === "rating desc"
        ? stars(b) - stars(a)
        : updated(b) - updated(a),
  );
  const start = Number(c.req.query("pageToken") ?? 0) || 0;
  const next = start + pageSize < all.length ? String(start + pageSize) : undefined;
  const average = all.length ? all.reduce((s, o) => s + stars(o), 0) / all.length : 0;
  return c.json({
    reviews: all.slice(start, start + pageSize).map(present),
    averageRating: Math.round(average * 10) / 10,
    totalReviewCount: all.length,
    ...(next ? { nextPageToken: next } : {}),
  });
});

async function review(c: Context<GbpEnv>) {
  const parent = locationOf(c);
  return parent ? getObject(c.var.db, GBP, `${parent}/reviews/${c.req.param("review")}`) : null;
}

gbpReviews.get(`${BASE}/:review`, async (c) => {
  const obj = await review(c);
  return obj ? c.json(present(obj)) : notFound(c);
});

gbpReviews.put(`${BASE}/:review/reply`, async (c) => {
  const obj = await review(c);
  if (!obj) return notFound(c);
  const comment = (await jsonBody(c))?.comment;
  if (typeof comment !== "string" || !comment.trim()) return invalid(c, "comment", "comment is required");
  if (new TextEncoder().encode(comment).length > REPLY_MAX_BYTES)
    return invalid(c, "comment", `comment must be at most ${REPLY_MAX_BYTES} bytes`);
  const reply = { comment, updatedAt: c.var.now };
  await updateObject(c.var.db, GBP, obj.id, { data: { ...(obj.data as ReviewData), reply } });
  return c.json({ comment, updateTime: new Date(c.var.now).toISOString() });
});

gbpReviews.delete(`${BASE}/:review/reply`, async (c) => {
  const obj = await review(c);
  const data = obj?.data as ReviewData | undefined;
  if (!obj || !data?.reply) return notFound(c);
  await updateObject(c.var.db, GBP, obj.id, { data: { ...data, reply: undefined } });
  return c.json({});
});

import { and, eq } from "drizzle-orm";
import { emuObjects } from "../../db/schema/emulator";
import type { EmuContext } from "../context";
import { numericId } from "../ids";
import { createObject, deleteObject } from "../objects";
import { postOwn } from "../web";
import { GraphError } from "./graph-core";

/**
 * Meta Webhooks (Graph API "Webhooks" product): an app subscribes an object (`page`, `instagram`) with a callback
 * URL, fields and a verify token through `POST /{app-id}/subscriptions` and its app access token
 * (`{app-id}|{app-secret}`). Meta first GETs the callback with `hub.mode=subscribe`, `hub.challenge` and
 * `hub.verify_token`, and keeps the subscription only if the answer is the challenge. Each change is then POSTed
 * as `{object, entry:[{id, time, changes:[{field, value}]}]}` with `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the
 * body with the app secret>`. The callback can be on the app's own origin only: a sandbox never leaves the process.
 */
const STORE = "facebook";
const KIND = "app_subscription";
const OBJECTS = new Set(["page", "instagram"]);

interface Subscription {
  object: string;
  callbackUrl: string;
  fields: string[];
  secret: string;
}

function appSecretOf(appId: string, token: string | undefined): string {
  const [id, secret] = (token ?? "").split("|");
  if (id !== appId || !secret)
    throw new GraphError(400, "(#15) This method must be called with an app access_token.", 15);
  if (appId.startsWith("sandbox-") && secret !== appId.replace(/-app$/, "-secret"))
    throw new GraphError(400, "Error validating application. Invalid application secret.", 190);
  return secret;
}

/** `/{app-id}/subscriptions`: GET lists, POST adds or changes one object's subscription, DELETE removes it. */
export async function appSubscriptions(c: EmuContext, appId: string, p: Record<string, string>) {
  const secret = appSecretOf(appId, p.access_token);
  const { db } = c.var;
  if (c.req.method === "GET") {
    const rows = await db
      .select()
      .from(emuObjects)
      .where(and(eq(emuObjects.platform, STORE), eq(emuObjects.kind, KIND), eq(emuObjects.owner, appId)))
      .all();
    return {
      data: rows.map((r) => {
        const s = r.data as unknown as Subscription;
        return {
          object: s.object,
          callback_url: s.callbackUrl,
          active: true,
          fields: s.fields.map((name) => ({ name })),
        };
      }),
    };
  }
  const object = p.object ?? "";
  if (!OBJECTS.has(object)) throw new GraphError(400, "(#100) Param object must be one of {page, instagram}", 100);
  if (c.req.method === "DELETE") {
    await deleteObject(db, STORE, `${appId}:${object}`);
    return { success: true };
  }
  if (!p.callback_url || !p.verify_token || !p.fields)
    throw new GraphError(400, "(#100) callback_url, fields and verify_token are required", 100);
  const challenge = numericId(10);
  const url = new URL(p.callback_url);
  url.searchParams.set("hub.mode", "subscribe");
  url.searchParams.set("hub.challenge", challenge);
  url.searchParams.set("hub.verify_token", p.verify_token);
  const res = await postOwn(c, url.toString(), { method: "GET" });
  const answer = res ? await res.text() : null;
  if (res?.status !== 200 || answer !== challenge)
    throw new GraphError(
      400,
      `(#2200) callback verification failed with the following errors: HTTP Status Code = ${res?.status ?? 0}; HTTP Message = ${answer === challenge ? "OK" : "The response does not match the challenge"}`,
      2200,
    );
  const data: Subscription = {
    object,
    callbackUrl: p.callback_url,
    fields: p.fields.split(",").map((f) => f.trim()),
    secret,
  };
  await deleteObject(db, STORE, `${appId}:${object}`);
  await createObject(db, {
    id: `${appId}:${object}`,
    platform: STORE,
    kind: KIND,
    owner: appId,
    createdAt: c.var.now,
    data: data as unknown as Record<string, unknown>,
  });
  return { success: true };
}

async function sign(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Sends one change to every app subscribed to the object and field, signed with that app's secret. Meta
 * retries a failed delivery; the emulator sends once and reports the statuses (the poll catches up the rest).
 */
export function deliverChange(
  c: EmuContext,
  change: { object: "page" | "instagram"; entryId: string; field: string; value: Record<string, unknown> },
): Promise<number[]> {
  return deliver(c, change.object, change.field, {
    id: change.entryId,
    changes: [{ field: change.field, value: change.value }],
  });
}

/**
 * The `messages` field: unlike other fields, Messenger and Instagram messaging put the event in
 * `entry[].messaging[]` (sender, recipient, timestamp, message), not in `changes`.
 */
export function deliverMessaging(
  c: EmuContext,
  event: { object: "page" | "instagram"; entryId: string; messaging: Record<string, unknown> },
): Promise<number[]> {
  return deliver(c, event.object, "messages", { id: event.entryId, messaging: [event.messaging] });
}

async function deliver(
  c: EmuContext,
  object: "page" | "instagram",
  field: string,
  entry: Record<string, unknown>,
): Promise<number[]> {
  const subs = await c.var.db
    .select()
    .from(emuObjects)
    .where(and(eq(emuObjects.platform, STORE), eq(emuObjects.kind, KIND)))
    .all();
  const statuses: number[] = [];
  for (const row of subs) {
    const s = row.data as unknown as Subscription;
    if (s.object !== object || !s.fields.includes(field)) continue;
    const body = JSON.stringify({ object, entry: [{ ...entry, time: Math.floor(c.var.now / 1000) }] });
    const res = await postOwn(c, s.callbackUrl, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "X-Hub-Signature-256": `sha256=${await sign(s.secret, body)}` },
    });
    statuses.push(res?.status ?? 0);
  }
  return statuses;
}

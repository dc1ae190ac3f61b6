import { z } from "zod";

/**
 * Meta webhooks for the inbox (ADR 083), pure: the `X-Hub-Signature-256` check and the reading of a delivery into
 * items. Meta signs the raw body with the app's secret (HMAC-SHA256, hex, `sha256=` prefix); a Page's `feed`
 * change with `item: "comment", verb: "add"` and an Instagram `comments` change are new comments; direct
 * messages come in `messaging` (messages.ts). Mentions carry ids only, so they are left to the poll.
 */

/** The verify token a sandbox expects when no META_WEBHOOK_VERIFY_TOKEN is configured. */
export const SANDBOX_META_VERIFY_TOKEN = "sandbox-meta-verify-token";

/** One comment a webhook announced, for the account whose network id is `ownerId`. */
export interface WebhookComment {
  platform: "facebook" | "instagram";
  ownerId: string;
  remoteId: string;
  postRemoteId: string;
  author: string;
  authorId: string;
  text: string;
  createdAt: number;
}

const id = z.union([z.string(), z.number()]).transform(String);
const feedComment = z.object({
  item: z.literal("comment"),
  verb: z.literal("add"),
  comment_id: id,
  post_id: id,
  message: z.string().default(""),
  from: z.object({ id, name: z.string().default("") }),
  created_time: z.number().optional(),
});
const igComment = z.object({
  id,
  text: z.string().default(""),
  from: z.object({ id, username: z.string().default("") }),
  media: z.object({ id }),
});
export const metaDelivery = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id,
      time: z.number().optional(),
      changes: z.array(z.object({ field: z.string(), value: z.unknown() })).default([]),
      /** The `messages` field's events (messages.ts). */
      messaging: z.array(z.unknown()).default([]),
    }),
  ),
});

/** The comments in a delivery; other changes (reactions, edits, removals, other fields) are not items. */
export function commentsOf(delivery: z.infer<typeof metaDelivery>, now: number): WebhookComment[] {
  const out: WebhookComment[] = [];
  for (const entry of delivery.entry) {
    const at = entry.time ? entry.time * 1000 : now;
    for (const change of entry.changes) {
      if (delivery.object === "page" && change.field === "feed") {
        const v = feedComment.safeParse(change.value);
        // The Page's own comments (its replies) are not for the inbox.
        if (!v.success || v.data.from.id === entry.id) continue;
        out.push({
          platform: "facebook",
          ownerId: entry.id,
          remoteId: v.data.comment_id,
          postRemoteId: v.data.post_id,
          author: v.data.from.name,
          authorId: v.data.from.id,
          text: v.data.message,
          createdAt: v.data.created_time ? v.data.created_time * 1000 : at,
        });
      }
      if (delivery.object === "instagram" && change.field === "comments") {
        const v = igComment.safeParse(change.value);
        if (!v.success || v.data.from.id === entry.id) continue;
        out.push({
          platform: "instagram",
          ownerId: entry.id,
          remoteId: v.data.id,
          postRemoteId: v.data.media.id,
          author: v.data.from.username,
          authorId: v.data.from.id,
          text: v.data.text,
          createdAt: at,
        });
      }
    }
  }
  return out;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Whether `header` is `sha256=` and the HMAC of `body` under one of the app secrets (the Meta app and the
 * Instagram app both deliver): compared in constant time, so a wrong guess tells nothing about the right one.
 */
export async function signatureCheck(
  secrets: string[],
  body: ArrayBuffer,
  header: string | null | undefined,
): Promise<"missing" | "bad" | "ok"> {
  const given = header?.startsWith("sha256=") ? header.slice(7).toLowerCase() : null;
  if (!given) return "missing";
  for (const secret of secrets) if (sameText(await hmacHex(secret, body), given)) return "ok";
  return "bad";
}

/** HMAC-SHA256 of `body` under `secret`, in lowercase hex: what Meta puts after `sha256=`. */
export async function hmacHex(secret: string, body: ArrayBuffer | string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return hex(await crypto.subtle.sign("HMAC", key, typeof body === "string" ? enc.encode(body) : body));
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

import { Hono } from "hono";
import { feedback } from "../db/schema/index";
import { Invalid, TooLarge } from "../errors";
import { safeFileName, sniffType } from "../files";
import type { SignedInEnv } from "../http/app-env";
import { HttpError, ok } from "../http/envelope";
import { parseOrThrow } from "../http/validate";
import { requirePermission, SELF } from "../tenancy/middleware";
import { FEEDBACK_ATTACHMENT_TYPES, FEEDBACK_MAX_BYTES, FeedbackMessages, feedbackSchema } from "./schema";

export const feedbackRoutes = new Hono<SignedInEnv>().post("/", requirePermission(SELF), async (c) => {
  const form = await c.req.formData().catch(() => {
    throw new HttpError(400, "Please send the feedback as multipart form data.");
  });
  const file = form.get("attachment");
  const attachment = file instanceof File && file.size > 0 ? file : null;
  const input = parseOrThrow(feedbackSchema, {
    type: form.get("type") ?? undefined,
    message: form.get("message") ?? "",
    satisfied: form.get("satisfied") ?? "",
    email: form.get("email") ?? "",
    hasAttachment: attachment !== null,
  });
  const { services } = c.var;
  const userId = c.var.auth.user.id;
  const id = crypto.randomUUID();
  let stored: { key: string; name: string; type: string; size: number } | null = null;
  if (attachment) {
    if (attachment.size > FEEDBACK_MAX_BYTES) throw new TooLarge(FeedbackMessages.attachmentSize);
    const bytes = new Uint8Array(await attachment.arrayBuffer());
    const sniffed = await sniffType(bytes.subarray(0, 4100));
    if (!sniffed || !FEEDBACK_ATTACHMENT_TYPES.has(sniffed.mime)) throw new Invalid(FeedbackMessages.attachmentType);
    const name = safeFileName(attachment.name);
    const key = `feedback/${userId}/${id}/${name}`;
    await services.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: sniffed.mime } });
    stored = { key, name, type: sniffed.mime, size: attachment.size };
  }
  await services.directory.insert(feedback).values({
    id,
    userId,
    type: input.type,
    message: input.message,
    satisfied: input.satisfied,
    email: input.email || null,
    attachmentKey: stored?.key ?? null,
    attachmentName: stored?.name ?? null,
    attachmentType: stored?.type ?? null,
    attachmentSize: stored?.size ?? null,
  });
  return ok(c, { id }, "Thank you for your feedback! We appreciate your input.", 201);
});

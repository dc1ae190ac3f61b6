import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/app-env";
import { fail, ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { movingWorkspaces } from "../tenancy/moving";
import { messagesOf } from "./messages";
import { commentsOf, metaDelivery, signatureCheck } from "./meta-webhook";

const tag = "Inbox";
describeRoute({
  method: "get",
  path: "/api/inbox/webhooks/meta",
  tag,
  auth: false,
  summary: "Meta's subscription handshake: answers hub.challenge when hub.verify_token is the configured one",
  query: z.object({ "hub.mode": z.string(), "hub.verify_token": z.string(), "hub.challenge": z.string() }),
  answer: { "text/plain": { schema: { type: "string" } } },
  errors: [403],
});
describeRoute({
  method: "post",
  path: "/api/inbox/webhooks/meta",
  tag,
  auth: false,
  summary: "Meta's change notifications (Page feed, Instagram comments, messages), signed with X-Hub-Signature-256",
  bodyContent: { "application/json": { schema: { type: "object" } } },
  data: z.object({ added: z.number() }),
  errors: [401, 403, 503],
});

/** Work finished after the answer where the runtime allows it; awaited when called in-process (the emulator's delivery). */
type Later = { waitUntil(work: Promise<unknown>): void };
async function afterAnswer(c: { executionCtx: Later }, work: Promise<unknown>) {
  let ctx: Later | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    // Hono throws when the request came without an execution context.
  }
  if (ctx) ctx.waitUntil(work);
  else await work;
}

/** Where Meta delivers the inbox's webhooks (ADR 083): signed-out, checked by the verify token and the signature. */
export const metaWebhookRoutes = new Hono<AppEnv>()
  .get("/meta", (c) => {
    const q = c.req.query();
    const token = c.var.services.inboxWebhooks.verifyToken;
    if (q["hub.mode"] !== "subscribe" || !token || q["hub.verify_token"] !== token || !q["hub.challenge"])
      return fail(c, 403, "The verify token does not match.");
    return c.text(q["hub.challenge"]);
  })
  .post("/meta", async (c) => {
    const { secrets, inboxes } = c.var.services.inboxWebhooks;
    const raw = await c.req.arrayBuffer();
    const signed = await signatureCheck(secrets, raw, c.req.header("X-Hub-Signature-256"));
    if (signed === "missing") return fail(c, 401, "The X-Hub-Signature-256 header is missing.");
    if (signed === "bad") return fail(c, 403, "The X-Hub-Signature-256 signature does not match the app secret.");
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      return fail(c, 400, "The body is not JSON.");
    }
    const delivery = metaDelivery.safeParse(json);
    if (!delivery.success) return fail(c, 400, "The body is not a Meta webhook delivery.");
    const now = c.var.services.now();
    const [comments, messages] = [commentsOf(delivery.data, now), messagesOf(delivery.data, now)];
    const moving = await movingWorkspaces(c.env.DB);
    // The delivery names a Page or an Instagram account, not a workspace: every shard may hold it. Each shard's
    // items are written (durably, in one batch) before Meta is answered; a crash after the answer leaves only
    // their triage, which the cron's next run does (the items wait untriaged, ADR 084).
    const taken = await Promise.all(
      inboxes().map(async (inbox) => ({ inbox, ...(await inbox.ingestDelivery(comments, messages, moving)) })),
    );
    let added = 0;
    let held = 0;
    for (const { inbox, added: ids, held: h } of taken) {
      added += ids.length;
      held += h;
      // The rules, the assistant and the live note now, not at the cron's next run: open inboxes see the items
      // within a second. Each item is claimed once (ADR 084), so a cron run racing this one does nothing twice.
      if (ids.length) await afterAnswer(c, inbox.triageDelivered(ids, moving));
    }
    // Meta sends a failed delivery again; items already taken are keyed by their id, so the resend adds only the
    // held ones, on the new shard once the move is over (ADR 082). The poll would find them too.
    if (held) {
      c.header("Retry-After", "30");
      return fail(c, 503, "Part of this delivery is for a workspace being moved; send it again shortly.");
    }
    return ok(c, { added }, "Received");
  });

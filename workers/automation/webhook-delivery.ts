import { and, eq, isNull, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { TokenCipher } from "../accounts";
import { mailBrandById } from "../branding";
import type { Db } from "../db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema/webhooks";
import { brandedMail, type Mailer } from "../mail";
import type { People } from "../tenancy/people";
import { workspaceLink } from "../tenancy/workspace-link";
import { afterFailure, excerptOf, shouldDisable } from "./webhook-rules";
import { type WebhookMessage, WebhookMessages, type WebhookService } from "./webhooks";

export interface DeliveryDeps {
  db: Db;
  /** The owners and admins to mail when an endpoint is disabled, from the directory. */
  people: People;
  cipher: TokenCipher;
  mailer: Mailer;
  now: () => number;
  /** The receiver's network; tests route it to a receiver of their own. */
  fetch: typeof fetch;
  origin: string;
}

type Disposition = { ack: true } | { ack: false; delaySeconds: number };
const ACK: Disposition = { ack: true };
/** A delivery of a workspace being moved (ADR 082) waits this long: an attempt now would write to rows being copied. */
const MOVE_HOLD: Disposition = { ack: false, delaySeconds: 60 };
/** A receiver that has not answered in this long counts as a failed attempt. */
const TIMEOUT_MS = 10_000;

/**
 * Sends one delivery once (`attempt` is 1-based), logs the attempt, and says whether to try again. A delivery this
 * shard no longer has was moved with its workspace, and queued again on the new shard (`requeuePending`).
 */
export async function deliverWebhook(
  deps: DeliveryDeps,
  deliveryId: string,
  attempt: number,
  moving: readonly string[] = [],
): Promise<Disposition> {
  const { db, now } = deps;
  const delivery = await db.query.webhookDeliveries.findFirst({ where: eq(webhookDeliveries.id, deliveryId) });
  if (delivery?.status !== "pending") return ACK;
  if (moving.includes(delivery.workspaceId)) return MOVE_HOLD;
  const endpoint = await db.query.webhookEndpoints.findFirst({ where: eq(webhookEndpoints.id, delivery.endpointId) });
  if (!endpoint || endpoint.disabledAt !== null) {
    await setStatus(db, deliveryId, "failed");
    return ACK;
  }
  const sent = now();
  const signature = new Webhook(await deps.cipher.decrypt(endpoint.secretEnc)).sign(
    delivery.id,
    new Date(sent),
    delivery.payload,
  );
  const answer = await post(deps.fetch, endpoint.url, delivery.payload, {
    "webhook-id": delivery.id,
    "webhook-timestamp": String(Math.floor(sent / 1000)),
    "webhook-signature": signature,
  });
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  await db.batch([
    db.insert(webhookAttempts).values({
      id: crypto.randomUUID(),
      deliveryId,
      statusCode: answer.status,
      ok,
      latencyMs: now() - sent,
      excerpt: excerptOf(answer.text),
      createdAt: sent,
    }),
    db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, ...(ok ? { status: "succeeded" as const } : {}) })
      .where(eq(webhookDeliveries.id, deliveryId)),
    db
      .update(webhookEndpoints)
      .set({ failingSince: ok ? null : sql`coalesce(${webhookEndpoints.failingSince}, ${sent})` })
      .where(eq(webhookEndpoints.id, endpoint.id)),
  ]);
  if (ok) return ACK;
  if (shouldDisable(endpoint.failingSince, sent)) {
    await disable(deps, endpoint.id, endpoint.workspaceId, endpoint.url);
    await setStatus(db, deliveryId, "failed");
    return ACK;
  }
  const next = afterFailure(attempt);
  if (next.retry) return { ack: false, delaySeconds: next.delaySeconds };
  await setStatus(db, deliveryId, "failed");
  return ACK;
}

/**
 * Settings → API's "Send test event": a signed `webhook.test` delivery to one endpoint, sent now and once (no
 * retries: the member is waiting for the answer), logged like every delivery. Answers it, with what happened.
 */
export async function sendTestEvent(
  webhooks: WebhookService,
  deps: DeliveryDeps,
  workspaceId: string,
  endpointId: string,
) {
  const id = await webhooks.recordTest(workspaceId, endpointId);
  const outcome = await deliverWebhook(deps, id, 1);
  if (!outcome.ack) await setStatus(deps.db, id, "failed");
  const delivery = await webhooks.delivery(workspaceId, id);
  return { delivery, message: WebhookMessages.tested(delivery.attempts.at(-1)?.statusCode ?? null) };
}

/** The WEBHOOKS queue: one delivery per message, retried with the backoff of `afterFailure`. */
export async function consumeWebhookBatch(
  batch: MessageBatch<WebhookMessage>,
  deps: DeliveryDeps,
  moving: readonly string[] = [],
): Promise<void> {
  for (const message of batch.messages) {
    const outcome = await deliverWebhook(deps, message.body.deliveryId, message.attempts, moving);
    if (outcome.ack) message.ack();
    else message.retry({ delaySeconds: outcome.delaySeconds });
  }
}

/**
 * After a move's switch (ADR 082): the workspace's pending deliveries queued again on its new shard (`queue` stamps
 * it). Their earlier messages name the old shard, find nothing there and are acked; the same webhook-id is sent.
 */
export async function requeuePending(db: Db, queue: Queue<WebhookMessage>, workspaceId: string): Promise<number> {
  const pending = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.status, "pending")));
  if (pending.length) await queue.sendBatch(pending.map((r) => ({ body: { deliveryId: r.id } })));
  return pending.length;
}

async function post(
  fetcher: typeof fetch,
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number | null; text: string }> {
  try {
    const res = await fetcher(url, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "User-Agent": "Postline-Webhooks/1", ...headers },
      // A redirect could lead to a host the URL check refused; a receiver answers where it was registered.
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return { status: res.status, text: await res.text().catch(() => "") };
  } catch (err) {
    return { status: null, text: err instanceof Error ? err.message : String(err) };
  }
}

const setStatus = (db: Db, id: string, status: "failed") =>
  db.update(webhookDeliveries).set({ status }).where(eq(webhookDeliveries.id, id));

/** Disables the endpoint once (a conditional UPDATE) and emails the workspace's owners and admins. */
async function disable(deps: DeliveryDeps, endpointId: string, workspaceId: string, url: string) {
  const done = await deps.db
    .update(webhookEndpoints)
    .set({ disabledAt: deps.now() })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  if (done.length === 0) return;
  const admins = await deps.people.members(workspaceId, ["owner", "admin"]);
  const mail = brandedMail(await mailBrandById(deps.db, deps.people, workspaceId, deps.origin), {
    subject: "A webhook endpoint was disabled",
    paragraphs: [
      `Deliveries to ${url} have failed for 3 days, so Postline stopped sending to it.`,
      "Fix the receiver, then enable it again in Settings → API.",
    ],
    action: { label: "Open Settings → API", url: `${deps.origin}${workspaceLink("/settings?tab=api", workspaceId)}` },
  });
  for (const { email } of admins) await deps.mailer.send({ to: email, ...mail });
}

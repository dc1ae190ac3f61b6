import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { TokenCipher } from "../accounts";
import { randomBytes, toBase64 } from "../crypto";
import { chunksOf, D1_MAX_PARAMS } from "../db/chunks";
import type { Db } from "../db/client";
import {
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type WebhookEvent,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from "../db/schema/webhooks";
import { Conflict, Invalid, notFound } from "../errors";
import type { ActivityEntry } from "../workspaces";
import { endpointUrlRefusal } from "./webhook-rules";

export { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookEvent };

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Events are ${WEBHOOK_EVENTS.join(", ")}` }), {
    error: "Please choose the events to send",
  })
  .min(1, "Please choose at least one event")
  .transform((e) => [...new Set(e)]);

export const createEndpointSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: "Please enter the receiver's URL (http or https)" }).max(2048),
  events,
});
export const updateEndpointSchema = z
  .object({
    events: events.optional(),
    /** true re-enables an endpoint that was disabled after failing (its failure clock starts again). */
    enabled: z.boolean().optional(),
  })
  // An empty change has nothing to write (the database refuses an UPDATE without columns).
  .refine((p) => p.events !== undefined || p.enabled !== undefined, { message: "Send events or enabled to change" });

/** What Settings → API and /api/webhooks answer on success. */
export const WebhookMessages = {
  added: "Endpoint added. Copy its signing secret now: it is shown only once.",
  updated: "Endpoint updated",
  removed: "Endpoint removed",
  resent: "Delivery queued again",
  tested: (status: number | null) =>
    status !== null && status >= 200 && status < 300
      ? `Test event delivered: your endpoint answered ${status}.`
      : `Your endpoint did not accept the test event (${status === null ? "no answer" : `it answered ${status}`}). See the delivery log.`,
  testDisabled: "This endpoint is disabled; enable it to send a test event.",
} as const;

/** One workspace event: the Standard Webhooks payload shape ({type, timestamp, data}). */
export type EmitEvent = (workspaceId: string, type: WebhookEvent, data: Record<string, unknown>) => Promise<void>;
/** A workspace's enabled endpoint, as `endpointsRead` reads it. */
export type Subscriber = { id: string; events: WebhookEvent[] };
/** Events sent to endpoints the caller already read. */
export type EmitTo = (
  endpoints: Subscriber[],
  workspaceId: string,
  type: WebhookEvent,
  datas: Array<Record<string, unknown>>,
) => Promise<void>;
export interface WebhookMessage {
  deliveryId: string;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

function toEndpointView(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.disabledAt === null,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    createdAt: iso(row.createdAt),
  };
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64 (what the reference libraries take). */
function newSecret(): string {
  return `whsec_${toBase64(randomBytes(32))}`;
}

/** Webhook endpoints of a workspace, their delivery log, and the events that feed them (ADR 019). */
export class WebhookService {
  constructor(
    private readonly deps: {
      db: Db;
      cipher: TokenCipher;
      queue: Queue<WebhookMessage>;
      now: () => number;
      appEnv: string;
      /** The activity log's insert (the log is written by its module), awaited once the endpoint is written. */
      activity: (entry: ActivityEntry) => PromiseLike<unknown>;
    },
  ) {}

  private async log(workspaceId: string, userId: string, action: ActivityEntry["action"], id: string, url: string) {
    await this.deps.activity({
      workspaceId,
      userId,
      action,
      subject: "webhook",
      subjectId: id,
      summary: url,
      at: this.deps.now(),
    });
  }

  async list(workspaceId: string) {
    const rows = await this.deps.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, workspaceId))
      .orderBy(desc(webhookEndpoints.createdAt));
    return rows.map(toEndpointView);
  }

  /** The secret is in this answer only; it is stored encrypted, for signing. */
  async create(workspaceId: string, userId: string, input: z.infer<typeof createEndpointSchema>) {
    const refused = endpointUrlRefusal(new URL(input.url), this.deps.appEnv);
    if (refused) throw new Invalid(refused);
    const secret = newSecret();
    const [row] = await this.deps.db
      .insert(webhookEndpoints)
      .values({
        id: crypto.randomUUID(),
        workspaceId,
        createdBy: userId,
        url: input.url,
        events: input.events,
        secretEnc: await this.deps.cipher.encrypt(secret),
        createdAt: this.deps.now(),
      })
      .returning();
    await this.log(workspaceId, userId, "webhook_added", row!.id, row!.url);
    return { ...toEndpointView(row!), secret };
  }

  async update(workspaceId: string, by: string, id: string, patch: z.infer<typeof updateEndpointSchema>) {
    const [row] = await this.deps.db
      .update(webhookEndpoints)
      .set({
        ...(patch.events ? { events: patch.events } : {}),
        ...(patch.enabled === undefined
          ? {}
          : patch.enabled
            ? { disabledAt: null, failingSince: null }
            : { disabledAt: this.deps.now() }),
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
      .returning();
    if (!row) throw notFound();
    await this.log(workspaceId, by, "webhook_changed", row.id, row.url);
    return toEndpointView(row);
  }

  async remove(workspaceId: string, by: string, id: string) {
    const [gone] = await this.deps.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!gone) throw notFound();
    await this.log(workspaceId, by, "webhook_deleted", gone.id, gone.url);
  }

  /** An endpoint's latest deliveries, newest first, each with its attempts (oldest first). */
  async deliveries(workspaceId: string, endpointId: string) {
    await this.endpoint(workspaceId, endpointId);
    const rows = await this.deps.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.workspaceId, workspaceId)))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(50);
    return this.present(rows);
  }

  /** One delivery of the workspace, as the log shows it. */
  async delivery(workspaceId: string, id: string) {
    const rows = await this.deps.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.workspaceId, workspaceId)));
    const [shown] = await this.present(rows);
    if (!shown) throw notFound();
    return shown;
  }

  /**
   * Logs a `webhook.test` delivery to one enabled endpoint, for the caller to send at once (`sendTestEvent`):
   * the same payload shape and signature as every event, so a receiver's verification is what it tests.
   */
  async recordTest(workspaceId: string, endpointId: string): Promise<string> {
    const endpoint = await this.endpoint(workspaceId, endpointId);
    if (endpoint.disabledAt !== null) throw new Conflict(WebhookMessages.testDisabled);
    const at = this.deps.now();
    const id = `msg_${crypto.randomUUID().replaceAll("-", "")}`;
    const data = { endpointId, message: "A test event from Settings → API in Postline." };
    await this.deps.db.insert(webhookDeliveries).values({
      id,
      workspaceId,
      endpointId,
      event: WEBHOOK_TEST_EVENT,
      payload: JSON.stringify({ type: WEBHOOK_TEST_EVENT, timestamp: new Date(at).toISOString(), data }),
      status: "pending",
      createdAt: at,
    });
    return id;
  }

  private async present(rows: (typeof webhookDeliveries.$inferSelect)[]) {
    const attempts = rows.length
      ? await this.deps.db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(webhookAttempts.createdAt)
      : [];
    return rows.map((d) => ({
      id: d.id,
      event: d.event,
      status: d.status,
      createdAt: iso(d.createdAt),
      payload: JSON.parse(d.payload) as unknown,
      attempts: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({
          statusCode: a.statusCode,
          ok: a.ok,
          latencyMs: a.latencyMs,
          excerpt: a.excerpt,
          at: iso(a.createdAt),
        })),
    }));
  }

  /** Sends a logged delivery again (same webhook-id, so a receiver that already has it can ignore it). */
  async resend(workspaceId: string, deliveryId: string) {
    const [row] = await this.deps.db
      .update(webhookDeliveries)
      .set({ status: "pending" })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.workspaceId, workspaceId)))
      .returning({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId });
    if (!row) throw notFound();
    const endpoint = await this.endpoint(workspaceId, row.endpointId);
    if (endpoint.disabledAt !== null) throw new Conflict("This endpoint is disabled; enable it to re-send.");
    await this.deps.queue.send({ deliveryId: row.id });
    return { id: row.id, status: "pending" as const };
  }

  /** Records the event for every enabled endpoint of the workspace that subscribed to it, and queues the sends. */
  emit: EmitEvent = (workspaceId, type, data) => this.emitEach(workspaceId, type, [data]);

  /**
   * One event per `data`, all of one type for one workspace (a webhook delivery's new inbox items): the endpoints
   * are read once and the rows written and queued in batches, not one round trip per event.
   */
  emitEach = async (workspaceId: string, type: WebhookEvent, datas: Array<Record<string, unknown>>) => {
    if (datas.length === 0) return;
    await this.emitTo(await this.endpointsRead(workspaceId), workspaceId, type, datas);
  };

  /** The workspace's enabled endpoints, as a statement a caller may join to its own batch (then `emitTo`). */
  endpointsRead = (workspaceId: string) =>
    this.deps.db
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.workspaceId, workspaceId), isNull(webhookEndpoints.disabledAt)));

  /** `emitEach` to endpoints already read (`endpointsRead`), so an outcome's batch saves the round trip. */
  emitTo: EmitTo = async (endpoints, workspaceId, type, datas) => {
    const { db, now, queue } = this.deps;
    const subscribed = endpoints.filter((e) => e.events.includes(type));
    if (subscribed.length === 0 || datas.length === 0) return;
    const at = now();
    const rows = datas.flatMap((data) => {
      const payload = JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });
      return subscribed.map((e) => ({
        id: `msg_${crypto.randomUUID().replaceAll("-", "")}`,
        workspaceId,
        endpointId: e.id,
        event: type,
        payload,
        status: "pending" as const,
        createdAt: at,
      }));
    });
    // D1 binds 8 parameters a row (the 7 given and the default attempts); a queue batch takes at most 100 messages.
    const inserts = chunksOf(rows, Math.floor(D1_MAX_PARAMS / 8)).map((run) =>
      db.insert(webhookDeliveries).values(run),
    );
    await db.batch(inserts as [never, ...never[]]);
    for (const run of chunksOf(rows, 100)) await queue.sendBatch(run.map((r) => ({ body: { deliveryId: r.id } })));
  };

  private async endpoint(workspaceId: string, id: string): Promise<EndpointRow> {
    const row = await this.deps.db.query.webhookEndpoints.findFirst({
      where: and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)),
    });
    if (!row) throw notFound();
    return row;
  }
}

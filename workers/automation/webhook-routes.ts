import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { idempotent } from "../http/idempotency";
import { describeRoute, noData } from "../http/route-registry";
import { readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { sendTestEvent } from "./webhook-delivery";
import {
  createEndpointSchema,
  updateEndpointSchema,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  WebhookMessages,
} from "./webhooks";

const ws = (c: Context<SignedInEnv>) => c.var.workspace.id;
const tag = "Webhooks";
const Endpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string().nullable(),
});
const Delivery = z.object({
  id: z.string().describe("The webhook-id header of every attempt"),
  event: z.enum([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]),
  status: z.enum(["pending", "succeeded", "failed"]),
  createdAt: z.string().nullable(),
  payload: z.unknown(),
  attempts: z.array(
    z.object({
      statusCode: z.number().nullable(),
      ok: z.boolean(),
      latencyMs: z.number(),
      excerpt: z.string(),
      at: z.string().nullable(),
    }),
  ),
});

const d = describeRoute;
d({
  method: "get",
  path: "/api/webhooks",
  tag,
  summary: "The workspace's webhook endpoints (admin)",
  data: z.object({ endpoints: z.array(Endpoint) }),
});
d({
  method: "post",
  path: "/api/webhooks",
  tag,
  summary: "Add an endpoint; data.secret (whsec_…, for verifying the Standard Webhooks signature) is shown only here",
  body: createEndpointSchema,
  data: Endpoint.extend({ secret: z.string() }),
  status: 201,
});
d({
  method: "patch",
  path: "/api/webhooks/{id}",
  tag,
  summary: "Change the events, or enable/disable the endpoint",
  body: updateEndpointSchema,
  data: Endpoint,
});
d({
  method: "delete",
  path: "/api/webhooks/{id}",
  tag,
  summary: "Remove an endpoint and its delivery log",
  data: noData,
});
d({
  method: "get",
  path: "/api/webhooks/{id}/deliveries",
  tag,
  summary: "The endpoint's latest 50 deliveries, each with its attempts (status, latency, answer excerpt)",
  data: z.object({ deliveries: z.array(Delivery) }),
});
d({
  method: "post",
  path: "/api/webhooks/{id}/test",
  tag,
  summary:
    "Send a signed webhook.test event to the endpoint now, once; data is its delivery with the endpoint's answer (also in the log)",
  data: Delivery,
  // A disabled endpoint is not sent to.
  errors: [409],
});
d({
  method: "post",
  path: "/api/webhooks/deliveries/{id}/resend",
  tag,
  idempotent: true,
  summary: "Send a delivery again (same webhook-id)",
  data: z.object({ id: z.string(), status: z.literal("pending") }),
});

/** Settings → API → Webhooks (ADR 019): owners and admins, signed in (keys cannot manage webhooks). */
export const webhookRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("webhooks.manage"), async (c) =>
    ok(c, { endpoints: await c.var.services.webhooks.list(ws(c)) }),
  )
  .post("/", requirePermission("webhooks.manage"), async (c) => {
    const input = await readJson(c, createEndpointSchema);
    const created = await c.var.services.webhooks.create(ws(c), c.var.auth.user.id, input);
    return ok(c, created, WebhookMessages.added, 201);
  })
  .patch("/:id", requirePermission("webhooks.manage"), async (c) => {
    const patch = await readJson(c, updateEndpointSchema);
    return ok(
      c,
      await c.var.services.webhooks.update(ws(c), c.var.auth.user.id, c.req.param("id"), patch),
      WebhookMessages.updated,
    );
  })
  .delete("/:id", requirePermission("webhooks.manage"), async (c) => {
    await c.var.services.webhooks.remove(ws(c), c.var.auth.user.id, c.req.param("id"));
    return ok(c, null, WebhookMessages.removed);
  })
  .get("/:id/deliveries", requirePermission("webhooks.manage"), async (c) =>
    ok(c, { deliveries: await c.var.services.webhooks.deliveries(ws(c), c.req.param("id")) }),
  )
  .post("/:id/test", requirePermission("webhooks.manage"), async (c) => {
    const { services } = c.var;
    const sent = await sendTestEvent(services.webhooks, services.webhookDeliveryDeps(), ws(c), c.req.param("id"));
    return ok(c, sent.delivery, sent.message);
  })
  .post("/deliveries/:id/resend", requirePermission("webhooks.manage"), idempotent(), async (c) =>
    ok(c, await c.var.services.webhooks.resend(ws(c), c.req.param("id")), WebhookMessages.resent),
  );

import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TokenCipher } from "../accounts/token-crypto";
import worker from "../app";
import { stampShard } from "../db/shard-queues";
import { call, registerUser, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { dbOf, drizzleOf, servicesOn, shardOf } from "../test/shards";
import { recordActivity } from "../workspaces/activity";
import { deliverWebhook } from "./webhook-delivery";
import { webhookTransport } from "./webhook-transport";
import { type WebhookMessage, WebhookService } from "./webhooks";

type User = Awaited<ReturnType<typeof registerUser>>;
type Received = { url: string; headers: Record<string, string>; body: string };

/** A receiver inside the test: every delivery the Worker sends lands here and gets `answer(n)` back. */
function receiver(answer: (n: number) => Response = () => new Response("thanks")) {
  const received: Received[] = [];
  vi.spyOn(webhookTransport, "fetch").mockImplementation(async (input, init) => {
    const req = new Request(input, init);
    received.push({ url: req.url, headers: Object.fromEntries(req.headers), body: await req.text() });
    return answer(received.length);
  });
  return received;
}

async function addEndpoint(u: User, events: string[]) {
  const res = await call<"POST /api/webhooks">("/api/webhooks", {
    token: u.token,
    body: { url: "https://hooks.example.com/in", events },
  });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data as { id: string; secret: string };
}

const deliveries = async (u: User, endpointId: string) =>
  (await call<"GET /api/webhooks/:id/deliveries">(`/api/webhooks/${endpointId}/deliveries`, { token: u.token })).body
    .data.deliveries as Array<{
    id: string;
    event: string;
    status: string;
    attempts: Array<{ statusCode: number | null; ok: boolean; latencyMs: number; excerpt: string }>;
  }>;

/** Events recorded for the endpoint but queued into `sent` instead of the real queue, so the test drives each attempt. */
/** On the workspace's shard, whose name each message carries as the app's stamped queue writes it (ADR 035). */
async function emitterWithoutQueue(sent: WebhookMessage[], workspaceId: string) {
  const queue = {
    send: async (m: WebhookMessage) => void sent.push(m),
    sendBatch: async (ms: Array<{ body: WebhookMessage }>) => void sent.push(...ms.map((m) => m.body)),
  } as unknown as Queue<WebhookMessage>;
  const db = await drizzleOf(workspaceId);
  return new WebhookService({
    db,
    cipher: new TokenCipher(env.TOKEN_ENCRYPTION_KEY),
    queue: stampShard(queue, await shardOf(workspaceId)),
    now: Date.now,
    appEnv: "test",
    activity: (entry) => recordActivity(db, entry),
  });
}

/** One attempt through the Worker's queue handler, as Cloudflare would call it; returns the queue's verdict. */
async function attempt(message: WebhookMessage, attempts: number) {
  const batch = createMessageBatch<WebhookMessage>("postline-webhooks", [
    { id: `m${attempts}`, timestamp: new Date(), attempts, body: message },
  ]);
  const ctx = createExecutionContext();
  await (worker.queue as ExportedHandlerQueueHandler<Env>)(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("webhooks", () => {
  it("a published post is delivered signed per Standard Webhooks, logged, and re-sent on request", async () => {
    const received = receiver();
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "linkedin");
    const account = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts[0]
      ._id as string;
    const endpoint = await addEndpoint(u, ["post.published", "post.failed"]);
    expect(endpoint.secret).toMatch(/^whsec_/);
    // The secret is shown once: the list never has it.
    const listed = await call<"GET /api/webhooks">("/api/webhooks", { token: u.token });
    expect(JSON.stringify(listed.body.data)).not.toContain(endpoint.secret);

    const label = await call<"POST /api/labels">("/api/labels", {
      token: u.token,
      body: { name: "Spring sale", color: "#16a34a" },
    });
    expect(label.status, label.body.message).toBe(201);
    const post = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: "Webhook launch",
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [account] },
        images: [await uploadImage(u.token)],
        labelIds: [label.body.data.id],
        publishNow: true,
      },
    });
    expect(post.status, post.body.message).toBe(201);
    const [delivery] = await vi.waitFor(
      async () => {
        const ds = await deliveries(u, endpoint.id);
        if (ds[0]?.status !== "succeeded") throw new Error(`not delivered yet: ${JSON.stringify(ds)}`);
        return ds;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(delivery!.event).toBe("post.published");
    expect(delivery!.attempts).toEqual([
      { statusCode: 200, ok: true, latencyMs: expect.any(Number), excerpt: "thanks", at: expect.any(String) },
    ]);
    expect(received).toHaveLength(1);
    const sent = received[0]!;
    expect(sent.url).toBe("https://hooks.example.com/in");
    expect(sent.headers["webhook-id"]).toBe(delivery!.id);
    const verified = new Webhook(endpoint.secret).verify(sent.body, sent.headers) as {
      type: string;
      data: {
        postId: string;
        status: string;
        labels: Array<{ id: string; name: string }>;
        channels: Array<{ platform: string; status: string }>;
      };
    };
    expect(verified.type).toBe("post.published");
    expect(verified.data.postId).toBe(post.body.data._id);
    expect(verified.data.labels).toEqual([{ id: label.body.data.id, name: "Spring sale" }]);
    expect(verified.data.channels).toEqual([expect.objectContaining({ platform: "linkedin", status: "published" })]);
    // A tampered body or another secret does not verify.
    expect(() => new Webhook(endpoint.secret).verify(sent.body.replace("published", "failed"), sent.headers)).toThrow();
    const other = `whsec_${btoa("another-secret-of-32-bytes-long!")}`;
    expect(() => new Webhook(other).verify(sent.body, sent.headers)).toThrow();

    const resent = await call<"POST /api/webhooks/deliveries/:id/resend">(
      `/api/webhooks/deliveries/${delivery!.id}/resend`,
      { token: u.token, method: "POST" },
    );
    expect(resent.status, resent.body.message).toBe(200);
    await vi.waitFor(
      async () => {
        const [again] = await deliveries(u, endpoint.id);
        if (again?.attempts.length !== 2 || again.status !== "succeeded") throw new Error("not re-sent yet");
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(received.map((r) => r.headers["webhook-id"])).toEqual([delivery!.id, delivery!.id]);
  });

  it("a receiver that fails 3 times then succeeds: retried with backoff, one logged success after three failures", async () => {
    receiver((n) => (n <= 3 ? new Response("down for maintenance", { status: 503 }) : new Response("ok")));
    const u = await registerUser();
    const endpoint = await addEndpoint(u, ["post.failed"]);
    const sent: WebhookMessage[] = [];
    await (await emitterWithoutQueue(sent, u.user.id)).emit(u.user.id, "post.failed", { postId: "p1" });
    // Not subscribed: nothing recorded.
    await (await emitterWithoutQueue(sent, u.user.id)).emit(u.user.id, "analytics.synced", { accountId: "a1" });
    expect(sent).toHaveLength(1);
    const { deliveryId } = sent[0]!;

    // The first three attempts straight through the consumer's function (it says when to retry), the last
    // through the Worker's queue handler.
    const deps = (await servicesOn(u.user.id)).webhookDeliveryDeps();
    const delays = [];
    for (let n = 1; n <= 3; n++) delays.push(await deliverWebhook(deps, deliveryId, n));
    expect(delays).toEqual([30, 60, 120].map((delaySeconds) => ({ ack: false, delaySeconds })));
    expect((await attempt(sent[0]!, 4)).explicitAcks).toEqual(["m4"]);
    // A late duplicate of the message does not send it again.
    await attempt(sent[0]!, 5);

    const [logged] = await deliveries(u, endpoint.id);
    expect(logged!.status).toBe("succeeded");
    expect(logged!.attempts.map((a) => [a.statusCode, a.ok, a.excerpt])).toEqual([
      [503, false, "down for maintenance"],
      [503, false, "down for maintenance"],
      [503, false, "down for maintenance"],
      [200, true, "ok"],
    ]);
    const endpoints = (await call<"GET /api/webhooks">("/api/webhooks", { token: u.token })).body.data.endpoints;
    expect(endpoints[0]).toMatchObject({ enabled: true, failingSince: null });
  });

  it("an endpoint failing for 3 days is disabled and the workspace's owners are emailed; it then gets nothing", async () => {
    receiver(() => new Response("gone", { status: 410 }));
    const u = await registerUser();
    const endpoint = await addEndpoint(u, ["account.needs_reconnect"]);
    await (await dbOf(u.user.id))
      .prepare("UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?")
      .bind(Date.now() - 3 * 86_400_000 - 1000, endpoint.id)
      .run();
    const sent: WebhookMessage[] = [];
    const hooks = await emitterWithoutQueue(sent, u.user.id);
    await hooks.emit(u.user.id, "account.needs_reconnect", { accountId: "a1" });
    expect((await attempt(sent[0]!, 1)).explicitAcks).toEqual(["m1"]);

    const [listed] = (await call<"GET /api/webhooks">("/api/webhooks", { token: u.token })).body.data.endpoints;
    expect(listed).toMatchObject({ enabled: false });
    expect((await deliveries(u, endpoint.id))[0]!.status).toBe("failed");
    const mail = await env.DB.prepare("SELECT subject, text FROM dev_mailbox WHERE to_address = ?")
      .bind(u.email)
      .all<{ subject: string; text: string }>();
    expect(mail.results).toEqual([
      { subject: "A webhook endpoint was disabled", text: expect.stringContaining("https://hooks.example.com/in") },
    ]);
    await hooks.emit(u.user.id, "account.needs_reconnect", { accountId: "a1" });
    expect(sent).toHaveLength(1);
    const resend = await call<"POST /api/webhooks/deliveries/:id/resend">(
      `/api/webhooks/deliveries/${sent[0]!.deliveryId}/resend`,
      {
        token: u.token,
        method: "POST",
      },
    );
    expect(resend.body).toEqual({ success: false, message: "This endpoint is disabled; enable it to re-send." });
  });

  it("validates endpoints; API keys and other workspaces cannot reach them", async () => {
    const [a, b] = [await registerUser(), await registerUser()];
    const bad = await call<"POST /api/webhooks">("/api/webhooks", {
      token: a.token,
      body: { url: "ftp://x.example.com", events: ["post.published"] },
    });
    expect(bad.body).toEqual({ success: false, message: "Please enter the receiver's URL (http or https)" });
    const none = await call<"POST /api/webhooks">("/api/webhooks", {
      token: a.token,
      body: { url: "https://x.example.com", events: [] },
    });
    expect(none.body).toEqual({ success: false, message: "Please choose at least one event" });
    const endpoint = await addEndpoint(a, ["post.published"]);

    const key = (
      await call<"POST /api/keys">("/api/keys", {
        token: a.token,
        body: { name: "bot", scopes: ["read", "write", "publish"] },
      })
    ).body.data.token as string;
    const byKey = await call<"GET /api/webhooks">("/api/webhooks", { token: key });
    expect(byKey.status).toBe(403);

    const foreign = await call<"GET /api/webhooks/:id/deliveries">(`/api/webhooks/${endpoint.id}/deliveries`, {
      token: b.token,
    });
    expect(foreign.body).toEqual({ success: false, message: "The requested resource was not found." });
    expect(
      (await call<"DELETE /api/webhooks/:id">(`/api/webhooks/${endpoint.id}`, { token: b.token, method: "DELETE" }))
        .status,
    ).toBe(404);
    expect((await call<"GET /api/webhooks">("/api/webhooks", { token: a.token })).body.data.endpoints).toHaveLength(1);
  });
});

describe("Send test event", () => {
  it("sends a signed webhook.test at once, answers what the endpoint said, and logs it", async () => {
    const received = receiver((n) =>
      n === 1 ? new Response("ok", { status: 200 }) : new Response("down", { status: 503 }),
    );
    const u = await registerUser();
    const endpoint = await addEndpoint(u, ["post.published"]);

    const sent = await call<"POST /api/webhooks/:id/test">(`/api/webhooks/${endpoint.id}/test`, {
      token: u.token,
      method: "POST",
    });
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.message).toBe("Test event delivered: your endpoint answered 200.");
    expect(sent.body.data).toMatchObject({
      event: "webhook.test",
      status: "succeeded",
      attempts: [{ statusCode: 200, ok: true, excerpt: "ok" }],
    });
    expect(received).toHaveLength(1);
    // Signed like every delivery: the reference library verifies it with the endpoint's secret.
    const payload = new Webhook(endpoint.secret).verify(received[0]!.body, received[0]!.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload).toMatchObject({ type: "webhook.test", data: { endpointId: endpoint.id } });
    expect(received[0]!.headers["webhook-id"]).toBe(sent.body.data.id);

    // A receiver that refuses it: the answer says so, once, with no retry left pending.
    const refused = await call<"POST /api/webhooks/:id/test">(`/api/webhooks/${endpoint.id}/test`, {
      token: u.token,
      method: "POST",
    });
    expect(refused.status).toBe(200);
    expect(refused.body.message).toBe(
      "Your endpoint did not accept the test event (it answered 503). See the delivery log.",
    );
    expect(refused.body.data).toMatchObject({ status: "failed", attempts: [{ statusCode: 503, ok: false }] });
    const log = await deliveries(u, endpoint.id);
    expect(log.map((d) => [d.event, d.status, d.attempts.length])).toEqual([
      ["webhook.test", "failed", 1],
      ["webhook.test", "succeeded", 1],
    ]);
    expect(received).toHaveLength(2);
  });

  it("a disabled endpoint is not sent to (409), another workspace's is not found (404), nothing is logged", async () => {
    const received = receiver();
    const [u, other] = [await registerUser(), await registerUser()];
    const endpoint = await addEndpoint(u, ["post.failed"]);
    await call<"PATCH /api/webhooks/:id">(`/api/webhooks/${endpoint.id}`, {
      token: u.token,
      method: "PATCH",
      body: { enabled: false },
    });
    const disabled = await call(`/api/webhooks/${endpoint.id}/test`, { token: u.token, method: "POST" });
    expect([disabled.status, disabled.body]).toEqual([
      409,
      { success: false, message: "This endpoint is disabled; enable it to send a test event." },
    ]);
    const theirs = await call(`/api/webhooks/${endpoint.id}/test`, { token: other.token, method: "POST" });
    expect([theirs.status, theirs.body]).toEqual([
      404,
      { success: false, message: "The requested resource was not found." },
    ]);
    expect(received).toEqual([]);
    expect(await deliveries(u, endpoint.id)).toEqual([]);
  });
});

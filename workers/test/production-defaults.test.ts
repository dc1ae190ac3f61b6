import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../app";
import { ORIGIN, uniqueIp } from "./helpers";

/** The real Worker with some settings changed, as a deploy with those [vars] and secrets would run it. */
async function fetchWith(vars: Record<string, unknown>, path: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, init) as Request<unknown, IncomingRequestCfProperties>;
  const res = await worker.fetch(request, { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const ownSecrets = {
  SESSION_SECRET: "a-real-secret-from-wrangler-secret-put-0123456789",
  TOKEN_ENCRYPTION_KEY: btoa("0123456789abcdef0123456789abcdef"),
};

describe("production-safe defaults", () => {
  it.each<Record<string, string>>([{ APP_ENV: "production" }, { PLATFORMS_MODE: "live" }])(
    "%j with wrangler.toml's development secrets serves nothing but the reason",
    async (vars) => {
      const res = await fetchWith(vars, "/health");
      expect(res.status).toBe(500);
      const body = (await res.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toContain(
        "SESSION_SECRET is the development value from wrangler.toml; set your own with `wrangler secret put SESSION_SECRET`",
      );
      expect(body.message).toContain("TOKEN_ENCRYPTION_KEY is the development value from wrangler.toml");
      expect((await fetchWith({ ...vars, ...ownSecrets }, "/health")).status).toBe(200);
    },
  );

  it("mounts the emulator's pages only when DEV_ROUTES=true, which wrangler.toml's [vars] never sets", async () => {
    expect((await fetchWith({}, "/sandbox/clock")).status).toBe(200);
    // Without it the path falls through to the pages (whose build the Worker tests stub out), never the emulator.
    const off = await fetchWith({ DEV_ROUTES: undefined }, "/sandbox/clock").then(
      (res) => res.text(),
      (err: Error) => `page handler: ${err.message}`,
    );
    expect(off).not.toContain('"iso"');
  });

  it("live mode without a platform's app credentials names the missing settings instead of 'Server error'", async () => {
    const live = { PLATFORMS_MODE: "live", ...ownSecrets };
    const headers = { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": uniqueIp() };
    const email = `live-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const registered = await fetchWith(live, "/api/auth/register", {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password: "secret123", displayName: "Live" }),
    });
    expect(registered.status).toBe(201);
    const { token } = ((await registered.json()) as { data: { token: string } }).data;
    const res = await fetchWith(live, "/api/auth/twitter/connect", {
      method: "POST",
      headers: { ...headers, Authorization: `Bearer ${token}` },
      body: "{}",
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      success: false,
      message:
        "X cannot be connected: twitter is not configured on this server: set TWITTER_CLIENT_ID and TWITTER_CLIENT_SECRET.",
    });
  });
});

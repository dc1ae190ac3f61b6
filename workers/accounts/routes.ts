import { Hono } from "hono";
import { z } from "zod";
import { requirePermission } from "../workspaces/middleware";
import { PLATFORMS, type Platform } from "../platform-profile";
import type { AppEnv, SignedInEnv } from "../http/app-env";
import { HttpError, Messages, notFound, ok } from "../http/envelope";
import { parseOrThrow, readJson } from "../http/validate";
import { type AccountsService, ConnectError } from "./service";

const platformParam = z.enum(PLATFORMS);
export const connectBody = z.object({ variant: z.string().max(40).optional() });
const variantQuery = z.string().max(40).optional();

function platformOf(value: string | undefined): Platform {
  const parsed = platformParam.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** The spec's ids may carry a "-fb" suffix (the derived Facebook card); it names the same account. */
const accountId = (id: string) => id.replace(/-fb$/, "");

function settingsUrl(result: { connected: Platform } | { error: string }): string {
  const q = new URLSearchParams({ tab: "accounts" });
  if ("connected" in result) q.set("connected", result.connected);
  else q.set("error", result.error);
  return `/settings?${q}`;
}

/**
 * /api/auth/<platform>…: connect (JSON or browser redirect), OAuth callback, status, accounts, disconnect.
 * Mounted after the auth routes, so /api/auth/me and friends win.
 */
export const connectRoutes = new Hono<SignedInEnv>()
  .get("/:platform/callback", async (c) => {
    const platform = platformOf(c.req.param("platform"));
    // The callback answers with a redirect, never JSON, so it checks the session itself.
    const { auth } = c.var as AppEnv["Variables"];
    if (!auth) return c.redirect(settingsUrl({ error: Messages.unauthorized }), 302);
    try {
      await c.var.services.accounts.complete(auth, platform, new URL(c.req.url).searchParams);
      return c.redirect(settingsUrl({ connected: platform }), 302);
    } catch (err) {
      if (err instanceof ConnectError) return c.redirect(settingsUrl({ error: err.message }), 302);
      console.error("OAuth callback failed", err);
      return c.redirect(settingsUrl({ error: "Failed to connect account. Please try again." }), 302);
    }
  })
  .post("/:platform/connect", requirePermission("accounts.manage"), async (c) => {
    const platform = platformOf(c.req.param("platform"));
    const { variant } = await readJson(c, connectBody);
    const url = await c.var.services.accounts.start(c.var.auth, c.var.workspace.id, platform, variant);
    return ok(c, { authUrl: url.toString() });
  })
  // Spec's full-page redirect for "Instagram Only".
  .get("/instagram/instagram-only", requirePermission("accounts.manage"), async (c) => {
    const url = await c.var.services.accounts.start(c.var.auth, c.var.workspace.id, "instagram", "instagram-only");
    return c.redirect(url.toString(), 302);
  })
  .get("/:platform/status", requirePermission("workspace.read"), async (c) => {
    const accounts = await accountsOn(c.var.services.accounts, c.var.workspace.id, platformOf(c.req.param("platform")));
    return ok(c, { connected: accounts.some((a) => a.connected), accounts }, "OK");
  })
  .get("/:platform/accounts", requirePermission("workspace.read"), async (c) => {
    const accounts = await accountsOn(c.var.services.accounts, c.var.workspace.id, platformOf(c.req.param("platform")));
    return c.json({ success: true, message: "OK", accounts, data: { accounts } });
  })
  // SPEC: the settings page reads the connected YouTube channel (the first usable one, else any).
  .get("/youtube/channel", requirePermission("workspace.read"), async (c) => {
    const channels = await accountsOn(c.var.services.accounts, c.var.workspace.id, "youtube");
    return ok(c, { channel: channels.find((a) => a.connected) ?? channels[0] ?? null, channels }, "OK");
  })
  .post("/instagram/disconnect", requirePermission("accounts.manage"), async (c) => {
    const removed = await c.var.services.accounts.disconnectPlatform(c.var.workspace.id, ["instagram", "facebook"]);
    return ok(c, { removed }, "Account disconnected successfully");
  })
  .delete("/:platform/disconnect/:id", requirePermission("accounts.manage"), async (c) => {
    const account = await disconnectOne(c.var.services.accounts, c.var.workspace.id, platformOf(c.req.param("platform")), c.req.param("id"));
    return ok(c, { account }, "Account disconnected successfully");
  })
  .delete("/:platform/accounts/:id", requirePermission("accounts.manage"), async (c) => {
    const account = await disconnectOne(c.var.services.accounts, c.var.workspace.id, platformOf(c.req.param("platform")), c.req.param("id"));
    return ok(c, { account }, "Account disconnected successfully");
  })
  .get("/:platform", requirePermission("accounts.manage"), async (c) => {
    const platform = platformOf(c.req.param("platform"));
    const variant = parseOrThrow(variantQuery, c.req.query("variant"));
    const url = await c.var.services.accounts.start(c.var.auth, c.var.workspace.id, platform, variant);
    return c.redirect(url.toString(), 302);
  });

async function accountsOn(accounts: AccountsService, workspaceId: string, platform: Platform) {
  return (await accounts.list(workspaceId)).filter((a) => a.platform === platform);
}

/** The per-platform disconnect paths; Instagram's path also takes the Page that came with the Instagram account. */
async function disconnectOne(accounts: AccountsService, workspaceId: string, platform: Platform, id: string) {
  const account = await accounts.get(workspaceId, accountId(id));
  if (account.platform !== platform && !(platform === "instagram" && account.platform === "facebook")) throw notFound();
  return accounts.disconnect(workspaceId, account.id);
}

/** /api/accounts/{id}: read, refresh now, disconnect. Another workspace's account is a 404. */
export const accountRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) => ok(c, { accounts: await c.var.services.accounts.list(c.var.workspace.id) }))
  .get("/:id", requirePermission("workspace.read"), async (c) => ok(c, await c.var.services.accounts.get(c.var.workspace.id, accountId(c.req.param("id")))))
  .post("/:id/refresh", requirePermission("accounts.manage"), async (c) => {
    try {
      return ok(c, await c.var.services.accounts.refreshOwned(c.var.workspace.id, accountId(c.req.param("id"))), "Connection refreshed");
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const message = err instanceof Error ? err.message : Messages.server;
      throw new HttpError(409, message);
    }
  })
  .delete("/:id", requirePermission("accounts.manage"), async (c) => {
    const removed = await c.var.services.accounts.disconnect(c.var.workspace.id, accountId(c.req.param("id")));
    return ok(c, { account: removed }, "Account disconnected successfully");
  });

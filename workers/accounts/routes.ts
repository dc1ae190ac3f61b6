import { type Context, Hono } from "hono";
import { z } from "zod";
import { Conflict, DomainError, notFound } from "../errors";
import { loggedWrite } from "../http/activity";
import type { AppEnv, SignedInEnv } from "../http/app-env";
import { confirmQuery } from "../http/confirm-query";
import { Messages, ok } from "../http/envelope";
import { parseOrThrow, readJson } from "../http/validate";
import { PLATFORMS, type Platform } from "../platform-profile";
import { callbackUrl, clientMetadata } from "../platforms";
import { requirePermission } from "../tenancy/middleware";
import { accountBoards, newBoardBody } from "./boards";
import { ConnectError } from "./connect";
import { DISCONNECTED, disconnectAccounts } from "./disconnect";
import type { AccountsService } from "./service";
import type { AccountView } from "./view";

const platformParam = z.enum(PLATFORMS);
export const connectBody = z.object({
  variant: z.string().max(40).optional(),
  /** The id of the account being reconnected: the consent asks again for what it lacks. */
  reconnect: z.string().max(64).optional(),
  /** The server's domain, for networks where each server is its own (Mastodon: "mastodon.social"). */
  instance: z.string().max(253, "The server's domain is too long.").optional(),
});
/** Bluesky's app passwords are four groups of four (bsky.app Settings → Privacy and security → App passwords). */
export const appPasswordBody = z.object({
  identifier: z.string().trim().min(1, "Enter your handle, like name.bsky.social").max(253, "That handle is too long"),
  appPassword: z
    .string()
    .trim()
    .regex(
      /^[a-zA-Z0-9]{4}(-[a-zA-Z0-9]{4}){3}$/,
      "Use an app password (Settings → Privacy and security → App passwords), like xxxx-xxxx-xxxx-xxxx, never your account password",
    ),
});
const connectQuery = connectBody;

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
      const params = new URL(c.req.url).searchParams;
      // The state names the workspace the consent started in, so its shard (ADR 081).
      const { accounts, holds } = await c.var.services.servicesForToken(params.get("state") ?? "");
      const stored = await accounts.complete(auth, platform, params);
      await holds.releaseForReconnect(stored);
      return c.redirect(settingsUrl({ connected: platform }), 302);
    } catch (err) {
      if (err instanceof ConnectError) return c.redirect(settingsUrl({ error: err.message }), 302);
      console.error("OAuth callback failed", err);
      return c.redirect(settingsUrl({ error: "Failed to connect account. Please try again." }), 302);
    }
  })
  .post("/:platform/connect", requirePermission("accounts.manage"), async (c) => {
    const platform = platformOf(c.req.param("platform"));
    const url = await startConnect(c, platform, await readJson(c, connectBody));
    return ok(c, { authUrl: url.toString() });
  })
  // Handle + app password sign-in, for platforms that offer it (Bluesky): answers the accounts it connected.
  .post("/:platform/app-password", requirePermission("accounts.manage"), async (c) => {
    const platform = platformOf(c.req.param("platform"));
    const body = await readJson(c, appPasswordBody);
    const ids = await c.var.services.accounts.signIn(c.var.auth, c.var.workspace.id, platform, body);
    await c.var.services.holds.releaseForReconnect(ids);
    const accounts = await Promise.all(ids.map((id) => c.var.services.accounts.get(c.var.workspace.id, id)));
    return ok(c, { accounts }, "Account connected", 201);
  })
  // AT Protocol OAuth: the document whose URL is Postline's client_id; Bluesky servers fetch it, signed out.
  .get("/bluesky/client-metadata.json", (c) => {
    // The origin the connect's redirect URI is made from (services are built with the request's too).
    const origin = new URL(c.req.url).origin;
    return c.json(clientMetadata(origin, callbackUrl(origin, "bluesky")));
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
    const accounts = (await c.var.services.accounts.list(c.var.workspace.id)).filter(
      (a) => a.platform === "instagram" || a.platform === "facebook",
    );
    return disconnect(c, accounts, (gone) => ({ removed: gone.length }));
  })
  .delete("/:platform/disconnect/:id", requirePermission("accounts.manage"), async (c) => {
    const account = await ownedOnPath(
      c.var.services.accounts,
      c.var.workspace.id,
      platformOf(c.req.param("platform")),
      c.req.param("id"),
    );
    return disconnect(c, [account], (gone) => ({ account: gone[0] }));
  })
  .delete("/:platform/accounts/:id", requirePermission("accounts.manage"), async (c) => {
    const account = await ownedOnPath(
      c.var.services.accounts,
      c.var.workspace.id,
      platformOf(c.req.param("platform")),
      c.req.param("id"),
    );
    return disconnect(c, [account], (gone) => ({ account: gone[0] }));
  })
  .get("/:platform", requirePermission("accounts.manage"), async (c) => {
    const platform = platformOf(c.req.param("platform"));
    try {
      const url = await startConnect(c, platform, parseOrThrow(connectQuery, c.req.query()));
      return c.redirect(url.toString(), 302);
    } catch (err) {
      // The server's domain comes from a form in Settings: a wrong or unreachable one is said there, not as JSON.
      if (err instanceof DomainError && c.var.services.accounts.client(platform).perInstance)
        return c.redirect(settingsUrl({ error: err.message }), 302);
      throw err;
    }
  });

async function accountsOn(accounts: AccountsService, workspaceId: string, platform: Platform) {
  return (await accounts.list(workspaceId)).filter((a) => a.platform === platform);
}

/** The per-platform disconnect paths; Instagram's path also takes the Page that came with the Instagram account. */
async function ownedOnPath(accounts: AccountsService, workspaceId: string, platform: Platform, id: string) {
  const account = await accounts.get(workspaceId, accountId(id));
  if (account.platform !== platform && !(platform === "instagram" && account.platform === "facebook")) throw notFound();
  return account;
}

/** The platform's authorize URL; a reconnect names the account, so only its missing permissions are asked for. */
function startConnect(
  c: Context<SignedInEnv>,
  platform: Platform,
  { variant, reconnect, instance }: z.output<typeof connectBody>,
) {
  return c.var.services.accounts.start(
    c.var.auth,
    c.var.workspace.id,
    platform,
    variant,
    reconnect && accountId(reconnect),
    instance,
  );
}

/**
 * A disconnect through the API: when scheduled posts would publish through these accounts, the first call
 * (without `?confirm=true`) answers 409 naming them and changes nothing.
 */
async function disconnect<E extends SignedInEnv, T>(
  c: Context<E>,
  accounts: AccountView[],
  answer: (disconnected: AccountView[]) => T,
) {
  const outcome = await disconnectAccounts(
    c.var.services,
    c.var.workspace.id,
    c.var.auth.user.id,
    accounts,
    parseOrThrow(confirmQuery, c.req.query()).confirm,
  );
  if ("ask" in outcome)
    return c.json({ success: false as const, message: outcome.ask.message, data: { posts: outcome.ask.posts } }, 409);
  return ok(c, answer(outcome.disconnected), DISCONNECTED);
}

/** /api/accounts/{id}: read, refresh now, disconnect. Another workspace's account is a 404. */
export const accountRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) =>
    ok(c, { accounts: await c.var.services.accounts.list(c.var.workspace.id) }),
  )
  .get("/:id", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.accounts.get(c.var.workspace.id, accountId(c.req.param("id")))),
  )
  /** The account's health and the scheduled posts a broken or expiring connection would fail. */
  .get("/:id/health", requirePermission("workspace.read"), async (c) => {
    const account = await c.var.services.accounts.get(c.var.workspace.id, accountId(c.req.param("id")));
    const posts = await c.var.services.holds.affectedByDisconnect(c.var.workspace.id, [account.id], { alsoHeld: true });
    return ok(c, { health: account.health, lastVerifiedAt: account.lastVerifiedAt, affectedPosts: posts });
  })
  /** The account's boards (Pinterest), for the composer's board picker. */
  .get("/:id/boards", requirePermission("workspace.read"), async (c) =>
    ok(c, await accountBoards(c.var.services.accounts, c.var.workspace.id, accountId(c.req.param("id")))),
  )
  .post("/:id/boards", requirePermission("posts.write"), async (c) => {
    const id = accountId(c.req.param("id"));
    // Another workspace's account is a 404 before its body is read, so a bad body reveals nothing either.
    await c.var.services.accounts.get(c.var.workspace.id, id);
    const board = await readJson(c, newBoardBody);
    const out = await accountBoards(c.var.services.accounts, c.var.workspace.id, id, board);
    await loggedWrite(c, { action: "board_created", subject: "account", subjectId: id, summary: board.name });
    return ok(c, out, "Board created", 201);
  })
  .post("/:id/refresh", requirePermission("accounts.manage"), async (c) => {
    try {
      const account = await c.var.services.accounts.refreshOwned(c.var.workspace.id, accountId(c.req.param("id")));
      // A refresh that brought a flagged account back releases its held channels, like a reconnect.
      await c.var.services.holds.releaseForReconnect([account.id]);
      return ok(c, account, "Connection refreshed");
    } catch (err) {
      if (err instanceof DomainError) throw err;
      const message = err instanceof Error ? err.message : Messages.server;
      throw new Conflict(message);
    }
  })
  .delete("/:id", requirePermission("accounts.manage"), async (c) => {
    const account = await c.var.services.accounts.get(c.var.workspace.id, accountId(c.req.param("id")));
    return disconnect(c, [account], (gone) => ({ account: gone[0] }));
  });

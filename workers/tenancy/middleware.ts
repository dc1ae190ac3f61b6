import type { SQL } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { parse, serialize } from "hono/utils/cookie";
import { prepared } from "../db/batch-reads";
import type { Db } from "../db/client";
import { Forbidden, notFound, Unauthenticated, Unavailable } from "../errors";
import type { AppEnv, SignedInEnv } from "../http/app-env";
import { Messages } from "../http/envelope";
import { isSafeMethod } from "../http/origin";
import type { Actor } from "./actor";
import { type EarlyReads, membershipWithEarlyRead, workspaceReads } from "./early-read";
import { keyRefusal } from "./key-scopes";
import { membershipsOf, membershipsQuery, pickMembership, type WorkspaceContext } from "./membership";
import { type Action, ensureCan } from "./roles";
import { WORKSPACE_PARAM } from "./workspace-link";

/** A key cannot change the account it belongs to (password, sessions, its own or other keys). */
export const KEY_SELF_REFUSAL = "API keys cannot change account settings; sign in to do this.";
/** Signing out ends a session; a key's "logout" would answer success and leave the key working. */
export const KEY_LOGOUT_REFUSAL = "An API key is not signed in or out: revoke it in Settings → API.";

/** API clients name the workspace with this header; the browser's switcher sets the cookie. */
export const WORKSPACE_HEADER = "X-Workspace-Id";
export const WORKSPACE_COOKIE = "pl_workspace";

/**
 * The browser's choice of workspace as a Set-Cookie value: the switcher's and an accepted invitation's (the API's
 * and the /invite page's); it survives reloads and new tabs.
 */
export function workspaceCookie(workspaceId: string, requestUrl: string): string {
  return serialize(WORKSPACE_COOKIE, workspaceId, {
    path: "/",
    sameSite: "Lax",
    httpOnly: true,
    secure: new URL(requestUrl).protocol === "https:",
    maxAge: 400 * 86_400,
  });
}

/**
 * A page GET whose URL names a workspace (`workspaceLink`): the browser moves to it, as the switcher does, when the
 * user is a member, and the page opens without the parameter; one not theirs is dropped, so the page opens where
 * they are (no different from a workspace that does not exist). Null when the URL names none.
 */
export function switchByLink(req: Request, mine: WorkspaceContext[]): Response | null {
  const url = new URL(req.url);
  const asked = url.searchParams.get(WORKSPACE_PARAM);
  if (req.method !== "GET" || asked === null) return null;
  url.searchParams.delete(WORKSPACE_PARAM);
  const headers = new Headers({ Location: `${url.pathname}${url.search}`, "Cache-Control": "no-store" });
  const target = mine.find((w) => w.id === asked);
  if (target) headers.set("Set-Cookie", workspaceCookie(target.id, req.url));
  return new Response(null, { status: 302, headers });
}

/** /api/workspaces/{id}/…: the workspace the path names wins over the header and the cookie. */
const WORKSPACE_PATH = /^\/api\/workspaces\/([^/]+)/;
function pathWorkspace(req: Request): string | null {
  const named = WORKSPACE_PATH.exec(new URL(req.url).pathname)?.[1];
  if (!named) return null;
  try {
    return decodeURIComponent(named);
  } catch {
    return named; // a malformed escape names no workspace: the lookup finds none
  }
}

/** A key asked, by its path, about a workspace other than its own: refused, not answered with its own's. */
export const KEY_OTHER_WORKSPACE =
  "This API key belongs to another workspace; use a key made in the workspace you name.";

/**
 * The workspace a request names, unchecked: the path or the header (strict: a workspace the caller is not a
 * member of answers 404), else the cookie (lenient: a stale one falls back to the personal workspace), else
 * none (the personal workspace).
 */
export function requestedWorkspace(req: Request): { id: string | null; strict: boolean } {
  const named = pathWorkspace(req) ?? req.headers.get(WORKSPACE_HEADER)?.trim();
  if (named) return { id: named, strict: true };
  return { id: parse(req.headers.get("Cookie") ?? "", WORKSPACE_COOKIE)[WORKSPACE_COOKIE] || null, strict: false };
}

/**
 * A page's workspace (as for the API, see `requestedWorkspace`) and every workspace the user is in, for the
 * switcher: one query, since the one is among the others (ADR 050), sent with the session's user row
 * (`auth.resolve(token, pageWorkspaceReads(directory))`); `rows` are its result's.
 */
export function workspacesForPage(rows: unknown[], userId: string, req: Request) {
  const { id, strict } = requestedWorkspace(req);
  const workspaces = membershipsOf(rows);
  const workspace = pickMembership(workspaces, userId, id, !strict);
  if (strict && !workspace) throw notFound();
  if (workspace?.moving && !isSafeMethod(req.method)) throw movingRefusal(workspace.name);
  return { workspace, workspaces };
}

/**
 * The statements for `auth.resolve`'s batch on a page: every membership of the session's user (what
 * `workspacesForPage` reads), then one for each of `also`, in its order, given the workspace the request names
 * (directory queries of the page's own, e.g. the dashboard's teammate count).
 */
export const pageWorkspaceReads =
  (directory: Db, req: Request, also: ReadonlyArray<(userId: string, among: string | null) => SQL> = []) =>
  (userId: string) => {
    const named = requestedWorkspace(req).id;
    return [
      prepared(directory, membershipsQuery(userId)),
      ...also.map((read) => prepared(directory, read(userId, named))),
    ];
  };

/**
 * For `resolveAuth`: the directory reads of `resolveWorkspace` for a session's caller (their membership candidates in
 * the workspace the request names, and the route's early read), to send in one batch with the session's user row
 * (`statements`, given the token's user); `keep` leaves their rows for `resolveWorkspace`, which then reads nothing.
 */
export function sessionWorkspaceReads(c: Context<AppEnv>, early: EarlyReads) {
  const { id } = requestedWorkspace(c.req.raw);
  let settle: ((results: D1Result[]) => unknown[]) | null = null;
  return {
    statements(userId: string): D1PreparedStatement[] {
      const reads = workspaceReads(c, early, id ?? userId, membershipsQuery(userId, id));
      settle = reads.settle;
      return reads.statements;
    },
    keep(results: D1Result[]) {
      if (settle) c.set("memberships", settle(results));
    },
  };
}

/**
 * After `resolveAuth`: resolves the workspace and role once per request, from the membership candidates read with a
 * session's user row (`sessionWorkspaceReads`), or for an API key in one D1 batch with the route's early read if
 * `early` has one, made in the workspace the request names: a personal workspace's id is its user's (ADR 050).
 */
export function resolveWorkspace(early: EarlyReads = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { auth, apiKey } = c.var;
    let workspace: WorkspaceContext | null = null;
    if (auth) {
      // An API key acts only in its own workspace, with the member's current role there. A path naming another
      // (/api/workspaces/{id}/members) would otherwise be answered with the key's own workspace's rows.
      const named = apiKey ? pathWorkspace(c.req.raw) : null;
      if (apiKey && named !== null && named !== apiKey.workspaceId) throw new Forbidden(KEY_OTHER_WORKSPACE);
      const { id, strict } = apiKey ? { id: apiKey.workspaceId, strict: true } : requestedWorkspace(c.req.raw);
      const candidates =
        (!apiKey && c.var.memberships) ||
        (await membershipWithEarlyRead(c, early, id ?? auth.user.id, membershipsQuery(auth.user.id, id)));
      workspace = pickMembership(membershipsOf(candidates), auth.user.id, id, !strict);
      if (!workspace && apiKey)
        throw new Unauthenticated("This API key's owner is no longer a member of its workspace.");
      if (!workspace && strict) throw notFound();
      // The operator's own move requests are the exception: a rerun must reach a workspace its crash left flagged.
      const operating = c.req.path.startsWith("/api/operator/");
      if (workspace?.moving && !isSafeMethod(c.req.method) && !operating) throw movingRefusal(workspace.name);
    }
    c.set("workspace", workspace);
    c.set("role", workspace?.role ?? null);
    await next();
  });
}

/** Seconds a write is told to wait while its workspace moves shard: a move takes seconds (ADR 082). */
export const MOVE_RETRY_AFTER_S = 30;

/** The 503 of a write while the workspace is copied to another database; reads still work. */
const movingRefusal = (workspaceName: string) =>
  new Unavailable(
    `${workspaceName} is being moved to another database and is read-only for a moment. Please try again shortly.`,
    MOVE_RETRY_AFTER_S,
  );

/** Any signed-in user, whatever their role: routes about the user themself (password, sessions). */
export const SELF = "self" as const;
export type RouteAction = Action | typeof SELF;

/**
 * Every signed-in /api route declares the action it performs; the middleware refuses a signed-out
 * caller (401) and a role that cannot do it (403). `action` stays on the middleware so the
 * authorization matrix can be generated from the route list.
 */
export function requirePermission(action: RouteAction) {
  const middleware = createMiddleware<SignedInEnv>(async (c, next) => {
    const vars = c.var as AppEnv["Variables"];
    if (!vars.auth) throw new Unauthenticated(Messages.unauthorized);
    if (vars.apiKey && action === SELF && !isSafeMethod(c.req.method)) throw new Forbidden(KEY_SELF_REFUSAL);
    if (action !== SELF) ensurePermitted(vars, action);
    await next();
  });
  return Object.assign(middleware, { action });
}

/**
 * Refuses (403) an action the caller's key scopes or role do not allow in the request's workspace (404 when
 * there is none). Routes use it through `requirePermission`; the MCP tools call it directly.
 */
export function ensurePermitted(vars: Pick<AppEnv["Variables"], "apiKey" | "workspace" | "role">, action: Action) {
  const refused = vars.apiKey ? keyRefusal(vars.apiKey.scopes, action) : null;
  if (refused) throw new Forbidden(refused);
  if (!vars.workspace || !vars.role) throw notFound();
  ensureCan({ ...vars.workspace, role: vars.role }, action);
}

/** The request's actor: the member in the request's workspace, with the API key's scopes when a key signed it. */
export function actorOf(c: { var: SignedInEnv["Variables"] }): Actor {
  return { userId: c.var.auth.user.id, workspace: c.var.workspace, keyScopes: c.var.apiKey?.scopes };
}

/** The action a route handler declared, if it is a `requirePermission` middleware. */
export function declaredAction(handler: unknown): RouteAction | undefined {
  return typeof handler === "function" && "action" in handler ? (handler as { action: RouteAction }).action : undefined;
}

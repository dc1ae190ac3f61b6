import { SELF } from "cloudflare:test";
import type { JSONParsed } from "hono/utils/types";
import { vi } from "vitest";
import type { Services } from "../services";
import { fileOf, jpegBytes } from "./media-fixtures";

export const ORIGIN = "http://localhost";

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  cookie?: string;
  ip?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  redirect?: RequestRedirect;
}

export interface Envelope<T = any> {
  success: boolean;
  message: string;
  data?: T;
}

/** What a service method's result looks like once it has crossed the wire as JSON. */
type Sent<F extends (...args: never[]) => unknown> = JSONParsed<Awaited<ReturnType<F>>>;
type Post = Sent<Services["posts"]["get"]>;

/** The data of the most-used routes, derived from the services that answer them so a renamed field fails tsc. */
export interface Routes {
  "GET /api/posts": Sent<Services["posts"]["list"]>;
  "GET /api/posts/:id": Post;
  "POST /api/posts": Sent<Services["posts"]["create"]>;
  "PUT /api/posts/:id": Sent<Services["posts"]["update"]>;
  "POST /api/posts/:id/publish": Post;
  "POST /api/posts/preflight": Sent<Services["posts"]["preflight"]>;
  "POST /api/posts/validate": Sent<Services["posts"]["preflight"]> & { valid: boolean };
  "GET /api/posts/:id/duplicates": { duplicates: Sent<Services["posts"]["duplicates"]> };
  "GET /api/accounts": { accounts: Sent<Services["accounts"]["list"]> };
  "GET /api/accounts/:id": Sent<Services["accounts"]["get"]>;
}
type Route = keyof Routes;
/** "/api/posts/:id" → `/api/posts/${string}`, with an optional query string. */
type PathOf<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${PathOf<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;
type PathFor<R extends Route> = R extends `${string} ${infer P}` ? PathOf<P> | `${PathOf<P>}?${string}` : never;

/**
 * Calls the Worker as a client would and returns status, envelope and headers. Name the route for typed data
 * (`call<"GET /api/posts/:id">(`/api/posts/${id}`)`, the path must fit it); `call(path)` stays untyped.
 */
export async function call<T = any>(path: T extends Route ? PathFor<T> : string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined && !(opts.body instanceof FormData)) headers["Content-Type"] ??= "application/json";
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.Cookie = opts.cookie;
  headers["CF-Connecting-IP"] = opts.ip ?? uniqueIp();
  if (opts.origin !== null) headers.Origin = opts.origin ?? ORIGIN;
  const body =
    opts.body === undefined
      ? undefined
      : opts.body instanceof FormData || typeof opts.body === "string"
        ? opts.body
        : JSON.stringify(opts.body);
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method: opts.method ?? (body ? "POST" : "GET"),
    headers,
    body: body as BodyInit,
    redirect: opts.redirect,
  });
  const text = await res.text();
  let json: Envelope<T extends Route ? Routes[T] : T>;
  try {
    json = JSON.parse(text);
  } catch {
    json = { success: false, message: `non-JSON response: ${text.slice(0, 200)}` };
  }
  return { status: res.status, body: json, headers: res.headers };
}

let ipCounter = 0;
/** Each call gets its own client IP unless a test pins one, so per-IP limits do not leak between tests. */
export function uniqueIp() {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let userCounter = 0;
export async function registerUser(
  overrides: Partial<{ email: string; password: string; displayName: string; timezone: string }> = {},
) {
  userCounter += 1;
  const input = {
    email: `user${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: "secret123",
    displayName: `User ${userCounter}`,
    ...overrides,
  };
  const res = await call("/api/auth/register", { body: input });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.body.message}`);
  const setCookie = res.headers.get("Set-Cookie") ?? "";
  return {
    ...input,
    token: res.body.data.token as string,
    user: res.body.data.user as { id: string; email: string; displayName: string; timezone: string },
    cookie: setCookie.split(";")[0]!,
  };
}

/** Uploads a 1080×1080 JPEG to the caller's library; returns its media id. */
export async function uploadImage(token: string): Promise<string> {
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "photo.jpg"));
  return (await call("/api/media/upload", { token, body: form })).body.data[0].id as string;
}

/** Waits until no channel of the post is still on its way (the real queue consumer runs in the background). */
export async function settledPost(token: string, postId: string, timeout = 20_000) {
  return vi.waitFor(
    async () => {
      const post = (await call(`/api/posts/${postId}`, { token })).body.data;
      const moving = post.platformPosts.filter((t: { status: string }) =>
        ["scheduled", "queued", "publishing"].includes(t.status),
      );
      if (moving.length)
        throw new Error(
          `still moving: ${moving.map((t: { platform: string; status: string }) => `${t.platform}:${t.status}`)}`,
        );
      return post;
    },
    { timeout, interval: 200 },
  );
}

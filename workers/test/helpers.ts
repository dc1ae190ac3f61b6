import { SELF } from "cloudflare:test";
import type { ExtractSchema } from "hono/types";
import { vi } from "vitest";
import type { Api } from "../api";
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

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}

/** Every API route by its key ("GET /api/posts/:id") with what Hono knows it answers (ok() in each handler). */
type Schema = ExtractSchema<Api>;
type Verb<M> = M extends `$${infer V}` ? Uppercase<V> : never;
export type Route = {
  [P in keyof Schema & string]: { [M in keyof Schema[P] & string]: `${Verb<M>} ${P}` }[keyof Schema[P] & string];
}[keyof Schema & string];
type Endpoint<R extends Route> = R extends `${infer V} ${infer P extends keyof Schema & string}`
  ? Schema[P][`$${Lowercase<V>}` & keyof Schema[P]]
  : never;
type Output<R extends Route> = Endpoint<R> extends infer E ? (E extends { output: infer O } ? O : never) : never;
type DataOf<O> = O extends { data: infer D } ? D : never;
type Refusal<R extends Route> = DataOf<Extract<Output<R>, { success: false }>>;
/**
 * The data a route answers: its success data, plus what a refusal carries (the 409's affected posts) when the
 * handler answers one itself. Thrown errors' data (pre-flight problems) is the test's to name.
 */
export type Data<R extends Route> = [Refusal<R>] extends [never]
  ? DataOf<Exclude<Output<R>, { success: false }>>
  : DataOf<Exclude<Output<R>, { success: false }>> & Refusal<R>;

/** "/api/posts/:id" → `/api/posts/${string}`, with an optional query string. */
type PathOf<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${PathOf<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;
type PathFor<R extends Route> = R extends `${string} ${infer P}` ? PathOf<P> | `${PathOf<P>}?${string}` : never;

/**
 * Calls the Worker as a client would and returns status, envelope and headers. Name the route for typed data
 * (`call<"GET /api/posts/:id">(`/api/posts/${id}`)`, the path must fit it); an unnamed call's data is `unknown`.
 */
export async function call<R extends Route | undefined = undefined>(
  path: R extends Route ? PathFor<R> : string,
  opts: CallOptions = {},
) {
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
  let json: Envelope<R extends Route ? Data<R> : unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    json = { success: false, message: `non-JSON response: ${text.slice(0, 200)}` } as typeof json;
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
  const res = await call<"POST /api/auth/register">("/api/auth/register", { body: input });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.body.message}`);
  const setCookie = res.headers.get("Set-Cookie") ?? "";
  return {
    ...input,
    token: res.body.data.token,
    user: res.body.data.user,
    cookie: setCookie.split(";")[0]!,
  };
}

/** Uploads a 1080×1080 JPEG to the caller's library; returns its media id. */
export async function uploadImage(token: string): Promise<string> {
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "photo.jpg"));
  return (await call<"POST /api/media/upload">("/api/media/upload", { token, body: form })).body.data[0]!.id;
}

/** Waits until no channel of the post is still on its way (the real queue consumer runs in the background). */
export async function settledPost(token: string, postId: string, timeout = 20_000) {
  return vi.waitFor(
    async () => {
      const post = (await call<"GET /api/posts/:id">(`/api/posts/${postId}`, { token })).body.data;
      const moving = post.platformPosts.filter((t) => ["scheduled", "queued", "publishing"].includes(t.status));
      if (moving.length) throw new Error(`still moving: ${moving.map((t) => `${t.platform}:${t.status}`)}`);
      return post;
    },
    { timeout, interval: 200 },
  );
}

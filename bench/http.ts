import { Agent, request } from "node:http";

/** A small client for the bench: sessions, JSON calls and timing against the local Worker. */
export class BenchClient {
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /**
   * A JSON call. Under load, a local connection to the Worker can be lost ("Network connection lost.", the request
   * failed or not; `wrangler dev`'s proxy did it often, ADR 113): a GET, an upload (a repeat adds one more library item) and a write with
   * an `idempotencyKey` (the repeat replays the first answer) are sent again; any other write fails the run.
   */
  async json<T = any>(
    path: string,
    init: { method?: string; token?: string; body?: unknown; form?: FormData; idempotencyKey?: string } = {},
  ): Promise<{ status: number; body: { success: boolean; message: string; data: T } }> {
    const headers: Record<string, string> = {};
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    if (init.idempotencyKey) headers["Idempotency-Key"] = init.idempotencyKey;
    const method = init.method ?? (init.body !== undefined || init.form ? "POST" : "GET");
    const send = () =>
      this.answer<T>(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
      });
    return method === "GET" || init.form || init.idempotencyKey ? this.againIfLost(path, send) : send();
  }

  /** Requests sent again after a lost connection (a burst's note counts them with the connects). */
  lostConnections = 0;

  /** Runs `attempt` up to three times while the connection to a local Worker is lost (see `json`). */
  private async againIfLost<R>(what: string, attempt: () => Promise<R>): Promise<R> {
    for (let n = 1; ; n++) {
      try {
        return await attempt();
      } catch (error) {
        if (n === 3 || !(error instanceof LostConnection || error instanceof TypeError)) throw error;
        this.lostConnections += 1;
        console.error(`bench: ${what} again after a lost connection: ${error.message}`);
        await new Promise((r) => setTimeout(r, 500 * n));
      }
    }
  }

  private async answer<T>(url: string, init: RequestInit) {
    const res = await fetch(url, init);
    const body = JSON.parse(await textOf(res)) as { success: boolean; message: string; data: T };
    return { status: res.status, body };
  }

  /**
   * A bodiless POST that may answer after many minutes (a full-size rollup rebuild): node:http, because fetch
   * gives up when no response headers came within 300 s.
   */
  slowPost<T = any>(
    path: string,
    token: string,
  ): Promise<{ status: number; body: { success: boolean; message: string; data: T } }> {
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.baseUrl}${path}`,
        { method: "POST", headers: { Authorization: `Bearer ${token}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  private clients = 0;

  /**
   * Registers (or signs in) and returns both credentials a client can hold. Each bench user comes from its
   * own client address, as real users do, so the per-IP sign-up limit does not throttle the bench.
   */
  async session(
    email: string,
    password: string,
    displayName = "Bench",
  ): Promise<{ token: string; cookie: string; userId: string }> {
    this.clients += 1;
    const headers = {
      "Content-Type": "application/json",
      "CF-Connecting-IP": `198.18.${this.clients >> 8}.${this.clients & 255}`,
    };
    // Signing in comes first, so after a lost registration the next attempt signs in to what it created.
    const once = async () => {
      let res = await fetch(`${this.baseUrl}/api/auth/login`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email, password }),
      });
      if (res.status === 401) {
        res = await fetch(`${this.baseUrl}/api/auth/register`, {
          method: "POST",
          headers,
          body: JSON.stringify({ email, password, displayName }),
        });
      }
      const body = JSON.parse(await textOf(res)) as {
        success: boolean;
        message: string;
        data: { token: string; user: { id: string } };
      };
      return { res, body };
    };
    const { res, body } = await this.againIfLost(`signing in ${email}`, once);
    if (!body.success) throw new Error(`sign-in failed for ${email}: ${body.message}`);
    return {
      token: body.data.token,
      cookie: (res.headers.get("Set-Cookie") ?? "").split(";")[0]!,
      userId: body.data.user.id,
    };
  }

  /**
   * The D1 rows one request read and the D1 calls it made, as the Worker reports them locally (`X-D1-Rows-Read`,
   * ADR 023; `X-D1-Calls`: each call to local D1 costs milliseconds of wall time whatever its SQL).
   */
  async readCost(path: string, headers: Record<string, string>): Promise<{ rows: number; calls: number }> {
    const res = await fetch(`${this.baseUrl}${path}`, { headers, redirect: "manual" });
    await res.arrayBuffer();
    const rows = res.headers.get("X-D1-Rows-Read");
    if (res.status !== 200 || rows === null)
      throw new Error(`${path} answered ${res.status} without a rows-read count`);
    return { rows: Number(rows), calls: Number(res.headers.get("X-D1-Calls")) };
  }

  /**
   * Times `count` rounds after `warmup` unmeasured ones, each round asking every path once in turn (every other
   * round in reverse, as `timeInterleaved`), so a stretch of load on the machine lands on all paths alike instead of
   * on the one measured at that moment. Each request comes with the Worker's own split of it (`Server-Timing`, local
   * runs only): `app` from the handler's start to its end, `d1` while a D1 call was in flight, `sql` what D1 reports
   * as running the SQL, and the slowest single D1 call with the start of its SQL. What the client waited beyond
   * `app` is the runtime's (routing, the proxy, a pause); what `d1` holds beyond `sql` is waiting on the database or
   * calls D1 reports no SQL time for (`first`, `raw`). The requests go over one kept-alive node:http connection:
   * fetch's own work (undici's streams) added about 3 ms to each local request and widened the tail.
   * Returns the samples per path.
   */
  async timeSplit(paths: string[], headers: Record<string, string>, count: number, warmup: number): Promise<Split[][]> {
    const samples = paths.map(() => [] as Split[]);
    for (let i = 0; i < warmup + count; i++) {
      const order = [...paths.keys()];
      if (i % 2 === 1) order.reverse();
      for (const k of order) {
        const path = paths[k]!;
        const started = performance.now();
        const res = await this.keptGet(path, headers);
        const ms = performance.now() - started;
        const timing =
          /app;dur=([\d.]+), d1;dur=([\d.]+), sql;dur=([\d.]+)(?:, d1-slowest;dur=([\d.]+);desc="([^"]*)")?/.exec(
            res.serverTiming,
          );
        if (res.status !== 200 || !timing) throw new Error(`${path} answered ${res.status} without a Server-Timing`);
        if (i >= warmup)
          samples[k]!.push({
            ms,
            app: Number(timing[1]),
            d1: Number(timing[2]),
            sql: Number(timing[3]),
            slowestCall: timing[4] ? { ms: Number(timing[4]), sql: timing[5]! } : null,
          });
      }
    }
    return samples;
  }

  /** One connection, kept open between the timed reads of `timeSplit`. */
  private readonly keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });

  /** A GET over the kept connection, answered once its whole body has arrived. */
  private keptGet(path: string, headers: Record<string, string>): Promise<{ status: number; serverTiming: string }> {
    return new Promise((resolve, reject) => {
      const req = request(`${this.baseUrl}${path}`, { headers, agent: this.keptAlive }, (res) => {
        res.on("data", () => {});
        res.on("error", reject);
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, serverTiming: String(res.headers["server-timing"] ?? "") }),
        );
      });
      req.on("error", reject);
      req.end();
    });
  }

  /**
   * Times `count` rounds of requests after `warmup` unmeasured ones; each round asks every path once, in turn,
   * so the paths share the machine's load alike. Every other round runs the paths in reverse: a request's
   * background work (`waitUntil`) then slows the next request of either path alike, not always the same one.
   * Returns milliseconds per request, one list per path.
   */
  async timeInterleaved(
    paths: Array<[path: string, headers: Record<string, string>]>,
    count: number,
    warmup = 5,
  ): Promise<number[][]> {
    const samples = paths.map(() => [] as number[]);
    for (let i = 0; i < warmup + count; i++) {
      const order = [...paths.keys()];
      if (i % 2 === 1) order.reverse();
      for (const k of order) {
        const [path, headers] = paths[k]!;
        const started = performance.now();
        const res = await fetch(`${this.baseUrl}${path}`, { headers, redirect: "manual" });
        await res.arrayBuffer();
        if (res.status >= 500) throw new Error(`${path} answered ${res.status}`);
        if (i >= warmup) samples[k]!.push(performance.now() - started);
      }
    }
    return samples;
  }

  /** Walks the emulator's consent page for `platform` as a person would: start → Approve → callback. */
  async connect(cookie: string, platform: string): Promise<void> {
    const start = await fetch(`${this.baseUrl}/api/auth/${platform}`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    const authUrl = new URL(start.headers.get("Location") ?? "");
    const html = await (await fetch(authUrl)).text();
    const form = new URLSearchParams(authUrl.searchParams);
    const choice = /name="choice" value="([^"]+)"/.exec(html)?.[1];
    if (choice) form.append("choice", choice);
    form.set("decision", "approve");
    const consent = await fetch(authUrl.origin + authUrl.pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      redirect: "manual",
    });
    const callback = (consent.headers.get("Location") ?? "").replace(/#.*$/, "");
    const done = await fetch(callback, { headers: { Cookie: cookie }, redirect: "manual" });
    const location = done.headers.get("Location") ?? "";
    // The app's own call to the emulator Worker lost under load: the person sees "Could not reach" and tries again.
    if (/Could\+not\+reach/.test(location)) throw new LostConnection(`connecting ${platform}: ${location}`);
    if (!location.includes(`connected=${platform}`)) throw new Error(`connecting ${platform} failed: ${location}`);
  }

  /** A new user with one `platform` account connected through the emulator and `file` in their media library. */
  async owner(email: string, platform: string, file: File): Promise<{ token: string; account: string; media: string }> {
    const { token, cookie } = await this.session(email, "bench-pass-1");
    await this.againIfLost(`connecting ${platform} for ${email}`, () => this.connect(cookie, platform));
    const accounts = (await this.json<{ accounts: Array<{ _id: string }> }>("/api/accounts", { token })).body.data
      .accounts;
    const form = new FormData();
    form.append("files", file);
    const upload = await this.json<Array<{ id: string }>>("/api/media/upload", { token, form });
    if (upload.status !== 201) throw new Error(`media upload failed: ${upload.body.message}`);
    return { token, account: accounts[0]!._id, media: upload.body.data[0]!.id };
  }
}

/** One timed request split by the Worker's `Server-Timing` (see `timeSplit`). */
export type Split = {
  ms: number;
  app: number;
  d1: number;
  sql: number;
  slowestCall: { ms: number; sql: string } | null;
};

/** The local server lost its connection to the Worker mid-request (it answers that in plain text). */
class LostConnection extends Error {}

async function textOf(res: Response): Promise<string> {
  const text = await res.text();
  if (res.status >= 500 && text.startsWith("Error: Network connection lost")) throw new LostConnection(text);
  return text;
}

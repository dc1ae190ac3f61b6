import { request } from "node:http";

/** A small client for the bench: sessions, JSON calls and timing against the local Worker. */
export class BenchClient {
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async json<T = any>(
    path: string,
    init: { method?: string; token?: string; body?: unknown; form?: FormData } = {},
  ): Promise<{ status: number; body: { success: boolean; message: string; data: T } }> {
    const headers: Record<string, string> = {};
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? (init.body !== undefined || init.form ? "POST" : "GET"),
      headers,
      body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: T } };
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
    const body = (await res.json()) as {
      success: boolean;
      message: string;
      data: { token: string; user: { id: string } };
    };
    if (!body.success) throw new Error(`sign-in failed for ${email}: ${body.message}`);
    return {
      token: body.data.token,
      cookie: (res.headers.get("Set-Cookie") ?? "").split(";")[0]!,
      userId: body.data.user.id,
    };
  }

  /** The D1 rows one request read, as the Worker reports it locally (`X-D1-Rows-Read`, ADR 023). */
  async rowsRead(path: string, headers: Record<string, string>): Promise<number> {
    const res = await fetch(`${this.baseUrl}${path}`, { headers, redirect: "manual" });
    await res.arrayBuffer();
    const rows = res.headers.get("X-D1-Rows-Read");
    if (res.status !== 200 || rows === null)
      throw new Error(`${path} answered ${res.status} without a rows-read count`);
    return Number(rows);
  }

  /** Times `count` requests after `warmup` unmeasured ones; returns milliseconds per request. */
  async time(path: string, headers: Record<string, string>, count: number, warmup = 5): Promise<number[]> {
    return (await this.timeInterleaved([[path, headers]], count, warmup))[0]!;
  }

  /**
   * Times `count` rounds of requests after `warmup` unmeasured ones; each round asks every path once, in turn,
   * so the paths share the machine's load alike. Returns milliseconds per request, one list per path.
   */
  async timeInterleaved(
    paths: Array<[path: string, headers: Record<string, string>]>,
    count: number,
    warmup = 5,
  ): Promise<number[][]> {
    const samples = paths.map(() => [] as number[]);
    for (let i = 0; i < warmup + count; i++) {
      for (const [k, [path, headers]] of paths.entries()) {
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
    if (!location.includes(`connected=${platform}`)) throw new Error(`connecting ${platform} failed: ${location}`);
  }

  /** Connections tried again after a lost connection (counted for the burst's note). */
  connectRetries = 0;

  /**
   * Connects, and on a lost connection (the app's call to the emulator Worker, or ours, reset under load: the app
   * says "Could not reach …") connects again, as a person clicks Connect again; anything else fails the run.
   */
  private async connectRetrying(cookie: string, platform: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.connect(cookie, platform);
      } catch (error) {
        const reason = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
        if (attempt === 3 || !/Could\+not\+reach|fetch failed|ECONNRESET|socket/i.test(reason)) throw error;
        this.connectRetries += 1;
        console.error(`bench: connecting ${platform} again after: ${reason}`);
      }
    }
  }

  /** A new user with one `platform` account connected through the emulator and `file` in their media library. */
  async owner(email: string, platform: string, file: File): Promise<{ token: string; account: string; media: string }> {
    const { token, cookie } = await this.session(email, "bench-pass-1");
    await this.connectRetrying(cookie, platform);
    const accounts = (await this.json<{ accounts: Array<{ _id: string }> }>("/api/accounts", { token })).body.data
      .accounts;
    const form = new FormData();
    form.append("files", file);
    const upload = await this.json<Array<{ id: string }>>("/api/media/upload", { token, form });
    if (upload.status !== 201) throw new Error(`media upload failed: ${upload.body.message}`);
    return { token, account: accounts[0]!._id, media: upload.body.data[0]!.id };
  }
}

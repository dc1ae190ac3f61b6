import { readdirSync, readFileSync, writeFileSync } from "node:fs";

/**
 * What the Worker's CPU per publish is made of on the local workerd (ADR 041). Cloudflare bills the CPU time of
 * the Worker's isolate; locally the process group also runs Miniflare's host (node) and, inside workerd, local D1
 * (SQLite), the queue broker and R2, which on Cloudflare run elsewhere. So the isolate's own time is read from workerd's sampling profiler through the inspector
 * (Chrome DevTools protocol), and the processes are measured apart for the note.
 */

/** User + system CPU (ms) of each process in a process group, by pid. */
export function processCpuMs(pgid: number): Map<number, { ms: number; args: string }> {
  const tick = 100; // USER_HZ on Linux
  const out = new Map<number, { ms: number; args: string }>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      out.set(Number(pid), { ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / tick, args });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** CPU (ms) of the local Worker's process group by role: Miniflare's host (node) and the runtime (workerd). */
export interface GroupCpu {
  total: number;
  host: number;
  runtime: number;
}

export function groupCpu(pgid: number): GroupCpu {
  const cpu: GroupCpu = { total: 0, host: 0, runtime: 0 };
  for (const { ms, args } of processCpuMs(pgid).values()) {
    cpu.total += ms;
    if (args.includes("workerd")) cpu.runtime += ms;
    else cpu.host += ms;
  }
  return cpu;
}

export const minus = (a: GroupCpu, b: GroupCpu): GroupCpu => ({
  total: a.total - b.total,
  host: a.host - b.host,
  runtime: a.runtime - b.runtime,
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The isolate's time from a sampling profile, and where it went. */
export interface IsolateCpu {
  ms: number;
  /** Garbage collection and native work inside the isolate (Cloudflare counts both). */
  gcMs: number;
  nativeMs: number;
  top: Array<{ name: string; ms: number }>;
}

/**
 * V8 samples an isolate only while a thread holds it (workerd runs the Worker, local D1 and the queue broker in
 * separate isolates on one thread), so the isolate's busy time is its samples × the sampling period, taken as
 * the median gap between consecutive samples (the gaps are the isolate waiting on I/O). "(idle)" samples are
 * not work; "(program)" (native code inside the isolate: the runtime's APIs, WebCrypto) and GC are.
 */
export function isolateCpu(profile: CpuProfile, topN = 12): IsolateCpu {
  const gaps = profile.timeDeltas.slice(1).sort((a, b) => a - b);
  const periodMs = (gaps[Math.floor(gaps.length / 2)] ?? 0) / 1000;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const bySite = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === "(idle)") continue;
    busy++;
    const file = frame.url.split("/").pop();
    const site = file ? `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}` : frame.functionName;
    bySite.set(site, (bySite.get(site) ?? 0) + 1);
  }
  const msOf = (name: string) => (bySite.get(name) ?? 0) * periodMs;
  return {
    ms: busy * periodMs,
    gcMs: msOf("(garbage collector)"),
    nativeMs: msOf("(program)"),
    top: [...bySite.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topN)
      .map(([name, n]) => ({ name, ms: n * periodMs })),
  };
}

/**
 * Starts workerd's sampling profiler on the Worker's isolate through workerd's inspector; `stop` returns the
 * profile (and keeps it in `saveTo`, to open in Chrome DevTools).
 */
export async function startProfiler(inspectorPort: number, saveTo: string, intervalUs = 200) {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Array<{
    id: string;
    webSocketDebuggerUrl: string;
  }>;
  // workerd lists Miniflare's own workers too; the app is the user worker named in local-server.ts.
  const target = targets.find((t) => t.id === "core:user:postline");
  if (!target) throw new Error(`no Worker "postline" on the inspector at port ${inspectorPort}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`could not attach to the Worker's inspector on port ${inspectorPort}`));
  });
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  };
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve as (result: unknown) => void);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: intervalUs });
  await send("Profiler.start");
  return {
    async stop(): Promise<CpuProfile> {
      const { profile } = await send<{ profile: CpuProfile }>("Profiler.stop");
      ws.close();
      writeFileSync(saveTo, JSON.stringify(profile));
      return profile;
    },
  };
}

/**
 * `npm run shard:move -- <workspace-id> <shard> [origin]`: moves a workspace's data to another D1 shard (ADR 082),
 * or resumes or rolls back a move a crash interrupted (run it again). It asks the running app, so it works the same
 * against `npm start` and a deployed Worker: POST /api/operator/workspaces/{id}/move, signed in as an operator the
 * Worker's OPERATOR_EMAILS lists (POSTLINE_OPERATOR_EMAIL and POSTLINE_OPERATOR_PASSWORD).
 */
const [workspaceId, shard, appOrigin = "http://localhost:8787"] = process.argv.slice(2);
const email = process.env.POSTLINE_OPERATOR_EMAIL;
const password = process.env.POSTLINE_OPERATOR_PASSWORD;
if (!workspaceId || !shard || !email || !password) {
  console.error(
    "usage: POSTLINE_OPERATOR_EMAIL=… POSTLINE_OPERATOR_PASSWORD=… npm run shard:move -- <workspace-id> <shard> [origin]",
  );
  process.exit(2);
}

type Envelope<T> = { success: boolean; message: string; data?: T };
async function post<T>(path: string, body: unknown, token?: string): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(new URL(path, appOrigin), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: appOrigin,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

const login = await post<{ token: string }>("/api/auth/login", { email, password });
if (!login.body.success || !login.body.data) {
  console.error(`Sign-in failed: ${login.status} ${login.body.message}`);
  process.exit(1);
}
const moved = await post<{ outcome: string; tables: { table: string; rows: number; copy?: number }[] }>(
  `/api/operator/workspaces/${encodeURIComponent(workspaceId)}/move`,
  { shard },
  login.body.data.token,
);
console.log(`${moved.status} ${moved.body.message}`);
for (const t of moved.body.data?.tables ?? [])
  console.log(`  ${t.table}: ${t.rows} rows${t.copy === undefined ? "" : ` (copy had ${t.copy})`}`);
if (!moved.body.success || moved.body.data?.outcome === "rolled_back") process.exitCode = 1;

export {};

/**
 * `npm run analytics:rebuild -- <api-token> [origin]`: the repair command for a workspace's analytics rollups
 * (ADR 023). It asks the running app to recompute them (POST /api/analytics/rollups/rebuild, which needs the
 * analytics.manage permission), so it works the same against `npm start` and a deployed Worker.
 */
const [token, appOrigin = "http://localhost:8787"] = process.argv.slice(2);
if (!token) {
  console.error("usage: npm run analytics:rebuild -- <api-token> [origin]");
  process.exit(2);
}
const res = await fetch(new URL("/api/analytics/rollups/rebuild", appOrigin), {
  method: "POST",
  headers: { Authorization: `Bearer ${token}`, Origin: appOrigin },
});
const body = (await res.json()) as { success: boolean; message: string; data?: unknown };
console.log(`${res.status} ${body.message}`, body.data ?? "");
if (!body.success) process.exitCode = 1;

export {};

import type { Context } from "hono";
import { Hono } from "hono";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { readJson } from "../http/validate";
import { describeRoute as d } from "../openapi/registry";
import type { Actor } from "../posts/store";
import { requirePermission } from "../workspaces/middleware";
import { importChunkSchema } from "./rows";

const actor = (c: Context<SignedInEnv>): Actor => ({ userId: c.var.auth.user.id, workspace: c.var.workspace });

d({
  method: "post",
  path: "/api/imports/check",
  tag: "Import",
  summary: "Dry run of spreadsheet rows: each row's problems with its row number; creates nothing",
  body: importChunkSchema,
});
d({
  method: "post",
  path: "/api/imports",
  tag: "Import",
  summary: "Import spreadsheet rows as scheduled posts; rows imported before are skipped",
  body: importChunkSchema,
});

/** /api/imports: bulk import in chunks (the browser parses the file and sends its rows, ADR 022). */
export const importRoutes = new Hono<SignedInEnv>()
  .post("/check", requirePermission("posts.publish"), async (c) => {
    const { rows } = await readJson(c, importChunkSchema);
    const checked = await c.var.services.imports.check(actor(c), rows);
    const bad = checked.filter((r) => r.errors.length).length;
    return ok(c, { rows: checked }, bad ? `${bad} of ${rows.length} rows need fixing` : "Every row is ready to import");
  })
  .post("/", requirePermission("posts.publish"), async (c) => {
    const { rows } = await readJson(c, importChunkSchema);
    const result = await c.var.services.imports.import(actor(c), rows);
    return ok(c, result, `${result.created} posts created, ${result.skipped} already imported`, 201);
  });

import { Hono } from "hono";
import { z } from "zod";
import { CONTENT_TYPES, loadSpreadsheetWriter } from "../analytics";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { fileResponse } from "../http/file-response";
import { describeRoute as d } from "../http/route-registry";
import { readJson } from "../http/validate";
import { actorOf, requirePermission } from "../tenancy/middleware";
import { IMPORT_COLUMNS, importChunkSchema, templateRows } from "./rows";

const actor = actorOf;

/** A row checked: its number in the sheet, what to fix, whether it was imported before. */
const Row = z.object({ row: z.number(), errors: z.array(z.string()), duplicate: z.boolean() });

d({
  method: "post",
  path: "/api/imports/check",
  tag: "Import",
  summary: "Dry run of spreadsheet rows: each row's problems with its row number; creates nothing",
  body: importChunkSchema,
  data: z.object({ rows: z.array(Row) }),
});
d({
  method: "post",
  path: "/api/imports",
  tag: "Import",
  summary: "Import spreadsheet rows as scheduled posts; rows imported before are skipped",
  body: importChunkSchema,
  data: z.object({ created: z.number(), skipped: z.number(), rows: z.array(Row) }),
  status: 201,
});

d({
  method: "get",
  path: "/api/imports/template.xlsx",
  tag: "Import",
  summary: "The import template as an Excel workbook (one sheet, the import's columns, two example rows)",
  file: [CONTENT_TYPES.xlsx],
});

/** /api/imports: bulk import in chunks (the browser parses the file and sends its rows, ADR 022). */
export const importRoutes = new Hono<SignedInEnv>()
  .get("/template.xlsx", requirePermission("workspace.read"), async (c) => {
    const { toXlsxBytes } = await loadSpreadsheetWriter();
    const table = { name: "Posts", columns: [...IMPORT_COLUMNS], rows: templateRows(new Date(c.var.services.now())) };
    const body = toXlsxBytes([table], {
      title: "Postline import",
      creator: "Postline",
      created: new Date(c.var.services.now()),
    });
    return fileResponse({ body, filename: "postline-import-template.xlsx", contentType: CONTENT_TYPES.xlsx });
  })
  .post("/check", requirePermission("posts.publish"), async (c) => {
    const { rows } = await readJson(c, importChunkSchema);
    const checked = await c.var.services.imports.check(actor(c), rows);
    const bad = checked.filter((r) => r.errors.length).length;
    return ok(c, { rows: checked }, bad ? `${bad} of ${rows.length} rows need fixing` : "Every row is ready to import");
  })
  .post("/", requirePermission("posts.publish"), async (c) => {
    const { rows } = await readJson(c, importChunkSchema);
    const result = await c.var.services.imports.import(actor(c), rows);
    return ok(
      c,
      result,
      `${result.created} post${result.created === 1 ? "" : "s"} created, ${result.skipped} already imported`,
      201,
    );
  });

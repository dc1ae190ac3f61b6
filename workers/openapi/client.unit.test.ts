import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * An integrator's view of the document the Worker serves (docs/openapi.json, kept equal to it by
 * openapi.test.ts): it validates, a TypeScript client generates from it, and an example integration written
 * against that client type-checks, while a wrong field does not.
 */
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const doc = JSON.parse(readFileSync(here("../../docs/openapi.json"), "utf8"));

const EXAMPLE = `
import createClient from "openapi-fetch";
import type { paths } from "./postline";

const client = createClient<paths>({ baseUrl: "https://postline.example", headers: { Authorization: "Bearer pl_x_y" } });

export async function integrate(imageId: string, accountId: string) {
  const created = await client.POST("/api/posts", {
    body: { content: "Hello", platforms: ["facebook"], selectedAccounts: { facebook: [accountId] }, images: [imageId], status: "draft" },
    params: { header: { "Idempotency-Key": "draft-1" } },
  });
  if (created.error) return created.error.message;
  const id: string = created.data.data.id;
  const listed = await client.GET("/api/posts", { params: { query: { status: "draft", page: 1 } } });
  const total: number | undefined = listed.data?.data.pagination.total;
  const overview = await client.GET("/api/analytics/overview", { params: { query: { period: "30d" } } });
  // null: no network of the period's posts reports reach or impressions (Bluesky, Mastodon alone)
  const rate: number | null | undefined = overview.data?.data.overview.avgEngagementRate;
  // @ts-expect-error: the document says what a post is; a field it does not name is an error
  created.data.data.platformPosts[0]?.notAField.toUpperCase();
  // @ts-expect-error: and what the query takes
  await client.GET("/api/analytics/overview", { params: { query: { period: "fortnight" } } });
  return { id, total, rate };
}

export async function tidy(mediaId: string, postId: string, targetId: string) {
  // What the handlers read besides the path: a confirmation, a remote delete, a permalink.
  await client.DELETE("/api/media/{id}", { params: { path: { id: mediaId }, query: { confirm: "true" } } });
  await client.DELETE("/api/posts/{id}", { params: { path: { id: postId }, query: { deleteRemote: "true" } } });
  await client.POST("/api/posts/{id}/targets/{targetId}/confirm", {
    params: { path: { id: postId, targetId } },
    body: { permalink: "https://www.facebook.com/1/posts/2" },
  });
}
`;

describe("the API document for integrators", () => {
  it("validates with swagger-parser", async () => {
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    // Dereferencing the whole document takes a second or two, more on a loaded machine.
  }, 30_000);

  it("generates a TypeScript client (openapi-typescript + openapi-fetch) an example integration type-checks with", async () => {
    // Beside node_modules (so the example resolves openapi-fetch), not in test-results/, which the journeys running
    // beside this suite clear as they start.
    const dir = here("../../node_modules/.cache/postline/openapi-client");
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/postline.ts`, astToString(await openapiTS(doc)));
    writeFileSync(`${dir}/example.ts`, EXAMPLE);
    const program = ts.createProgram([`${dir}/example.ts`], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName.split("/").pop()}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(errors).toEqual([]);
    // tsc over the generated client takes seconds, more on a loaded machine.
  }, 60_000);
});

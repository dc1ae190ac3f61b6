import { SELF } from "cloudflare:test";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { insertAccount } from "../test/fixtures";
import { call, registerUser, uniqueIp, uploadImage } from "../test/helpers";
import { dbOf } from "../test/shards";
import { casesFor, type OperationShape, seeded } from "./fuzz-cases";

/**
 * A schema-driven fuzz run over every documented operation against the real Worker: a valid request and
 * malformed ones (fixed seed). No answer is a 5xx, every refusal is the error envelope with a status the
 * document names for that operation, and every 2xx body validates against the document.
 */
type Doc = {
  paths: Record<string, Record<string, any>>;
};

/** Operations that end the run's session or workspace go last, so the rest run signed in. */
const LAST = /logout|leave|update-password|\/workspaces\/\{id\}$|\/keys\/\{id\}$/;

describe("schema-driven fuzz over the API document", () => {
  let doc: Doc;
  let token: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    doc = (await (await SELF.fetch("http://localhost/api/openapi.json")).json()) as Doc;
    const user = await registerUser();
    token = user.token;
    const fb = await insertAccount(user.user.id, "facebook");
    const body = { content: "Fuzz draft", platforms: ["facebook"], selectedAccounts: { facebook: [fb] } };
    const draft = await call("/api/posts", { token, body: { ...body, images: [await uploadImage(token)] } });
    const me = await call<"GET /api/auth/me">("/api/auth/me", { token });
    // A real platform in /api/auth/{platform}/… paths, and a cron run for the scheduler's status: answers with
    // data in them, not only their refusals and empty states.
    Object.assign(ids, { id: (draft.body.data as { id: string }).id, accountId: fb, platform: "facebook" });
    ids.workspaceId = me.body.data.workspace.id;
    await (await dbOf(user.user.id))
      .prepare("INSERT INTO scheduler_runs (id, kind, started_at, duration_ms, claimed) VALUES (?, 'cron', ?, 40, 0)")
      .bind(crypto.randomUUID(), Date.now())
      .run();
  });

  it("no 5xx, the envelope on every refusal, every documented status, every 2xx valid", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats(ajv);
    const random = seeded(37);
    const problems: string[] = [];
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .sort(
        (a, b) =>
          Number(LAST.test(a.path) || a.method === "delete") - Number(LAST.test(b.path) || b.method === "delete"),
      );
    let requests = 0;
    for (const { path, method, op } of operations) {
      const content = op.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      const shape: OperationShape = {
        path: path.includes("/workspaces/{id}") ? path.replace("{id}", ids.workspaceId!) : path,
        querySchemas: Object.fromEntries(
          (op.parameters ?? []).filter((p: any) => p.in === "query").map((p: any) => [p.name, p.schema]),
        ),
        body: contentType ? content[contentType].schema : undefined,
        contentType,
      };
      // One operation's cases at once: the runtime answers them side by side, and no case depends on another.
      const cases = casesFor(shape, ids, random);
      requests += cases.length;
      await Promise.all(
        cases.map(async (c) => {
          const url = new URL(`http://localhost${c.path}`);
          for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, v);
          const headers: Record<string, string> = {
            Authorization: `Bearer ${token}`,
            "CF-Connecting-IP": uniqueIp(),
            Origin: "http://localhost",
          };
          if (c.contentType) headers["Content-Type"] = c.contentType;
          const init = { method: method.toUpperCase(), headers, body: c.body, redirect: "manual" as const };
          const res = await SELF.fetch(url, init);
          const where = `${method.toUpperCase()} ${path} (${c.name}) → ${res.status}`;
          const type = res.headers.get("Content-Type") ?? "";
          const text = await res.text();
          // A platform's failure (502) is an answer the document names; anything else 5xx is a bug.
          if (res.status >= 500 && !(res.status === 502 && op.responses["502"])) {
            problems.push(`${where}: ${text.slice(0, 200)}`);
            return;
          }
          if (!op.responses[String(res.status)]) problems.push(`${where}: status not documented`);
          if (!type.includes("application/json") || path === "/mcp") return;
          const body = JSON.parse(text);
          if (res.status >= 400) {
            if (body.success !== false || typeof body.message !== "string") problems.push(`${where}: not the envelope`);
            return;
          }
          const schema = op.responses[String(res.status)]?.content?.["application/json"]?.schema;
          if (schema && !schema.contentEncoding && !ajv.validate(schema, body)) {
            problems.push(`${where}: ${ajv.errorsText(ajv.errors)} in ${text.slice(0, 300)}`);
          }
        }),
      );
    }
    expect(requests).toBeGreaterThan(400);
    expect(problems).toEqual([]);
    // Some 600 requests: a loaded 2-core machine may need more than the default 30 s.
  }, 90_000);
});

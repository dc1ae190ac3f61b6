import { describe, expect, it } from "vitest";
import { insertAccount } from "../test/fixtures";
import { call, registerUser, uploadImage } from "../test/helpers";
import { dbOf } from "../test/shards";
import type { ApiKeyScope } from "./key-scopes";

/**
 * What a request means decides what it needs (issue 37): writing a draft needs the key's `write` scope;
 * scheduling or publishing, by any route or field, also needs `publish`. Every scope set × every intent, on
 * creating and on updating a post, through the REST API and MCP alike.
 */
const SCOPE_SETS: ApiKeyScope[][] = [
  ["read"],
  ["write"],
  ["read", "write"],
  ["write", "publish"],
  ["read", "write", "publish"],
];
const later = () => new Date(Date.now() + 3 * 86_400_000).toISOString();
const INTENTS = {
  draft: () => ({ status: "draft" }),
  schedule: () => ({ status: "scheduled", scheduledDate: later() }),
  publishNow: () => ({ publishNow: true }),
} as const;
type Intent = keyof typeof INTENTS;

/** The scope a key lacks for an intent, or null when the key may do it. */
function lacking(scopes: ApiKeyScope[], intent: Intent): ApiKeyScope | null {
  if (!scopes.includes("write")) return "write";
  return intent !== "draft" && !scopes.includes("publish") ? "publish" : null;
}

async function owner() {
  const u = await registerUser();
  const fb = await insertAccount(u.user.id, "facebook");
  const image = await uploadImage(u.token);
  const base = {
    content: "Scope matrix",
    platforms: ["facebook"],
    selectedAccounts: { facebook: [fb] },
    images: [image],
  };
  const keys = new Map<string, string>();
  for (const scopes of SCOPE_SETS) {
    const res = await call<"POST /api/keys">("/api/keys", { token: u.token, body: { name: scopes.join("+"), scopes } });
    expect(res.status).toBe(201);
    keys.set(scopes.join("+"), res.body.data.token);
  }
  return { u, base, keys };
}

const targetsOf = async (userId: string) =>
  (await (
    await dbOf(userId)
  )
    .prepare("SELECT count(*) AS n FROM post_targets WHERE workspace_id = ? AND status != 'draft'")
    .bind(userId)
    .first<{ n: number }>())!.n;

describe("API key scopes × what a request means", () => {
  it("POST /api/posts: a draft needs write; scheduling and Publish Now need publish, and a refusal writes nothing", async () => {
    const { u, base, keys } = await owner();
    for (const scopes of SCOPE_SETS)
      for (const intent of Object.keys(INTENTS) as Intent[]) {
        const before = await targetsOf(u.user.id);
        const res = await call<"POST /api/posts">("/api/posts", {
          token: keys.get(scopes.join("+"))!,
          body: { ...base, ...INTENTS[intent]() },
        });
        const missing = lacking(scopes, intent);
        const where = `${scopes.join("+")} key, ${intent}`;
        if (missing) {
          expect([res.status, res.body], where).toEqual([
            403,
            { success: false, message: `This API key lacks the "${missing}" scope.` },
          ]);
          expect(await targetsOf(u.user.id), where).toBe(before);
        } else expect(res.status, `${where}: ${res.body.message}`).toBe(201);
      }
  });

  it("PUT /api/posts/:id: editing a draft needs write; scheduling it or Publish Now needs publish", async () => {
    const { u, base, keys } = await owner();
    for (const scopes of SCOPE_SETS)
      for (const intent of Object.keys(INTENTS) as Intent[]) {
        const draft = await call<"POST /api/posts">("/api/posts", {
          token: u.token,
          body: { ...base, status: "draft" },
        });
        const res = await call<"PUT /api/posts/:id">(`/api/posts/${draft.body.data._id}`, {
          method: "PUT",
          token: keys.get(scopes.join("+"))!,
          body: { content: "Edited by a key", ...INTENTS[intent]() },
        });
        const missing = lacking(scopes, intent);
        const where = `${scopes.join("+")} key, ${intent}`;
        if (missing) {
          expect([res.status, res.body.message], where).toEqual([403, `This API key lacks the "${missing}" scope.`]);
          const stored = await call<"GET /api/posts/:id">(`/api/posts/${draft.body.data._id}`, { token: u.token });
          expect([stored.body.data.status, stored.body.data.content], where).toEqual(["draft", "Scope matrix"]);
        } else expect(res.status, `${where}: ${res.body.message}`).toBe(200);
      }
  });
});

import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { readJson } from "../http/validate";
import { API_KEY_SCOPES } from "../tenancy/key-scopes";
import { requirePermission, SELF } from "../tenancy/middleware";
import { createKeySchema, KeyMessages } from "./api-keys";

/** toKeyView's shape: never the secret. */
const KeyData = z.object({
  id: z.string(),
  name: z.string(),
  workspaceId: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  active: z.boolean(),
});

/** A member's own keys in the workspace the request acts in; a key is capped by their role there. */
const owner = (c: Context<SignedInEnv>) => ({ userId: c.var.auth.user.id, workspaceId: c.var.workspace.id });

const d = describeRoute;
d({
  method: "get",
  path: "/api/keys",
  tag: "API keys",
  summary: "Your API keys in this workspace (never their secrets), with last-used times",
  data: z.array(KeyData),
});
d({
  method: "post",
  path: "/api/keys",
  tag: "API keys",
  summary: "Create an API key; data.token is shown only in this answer",
  body: createKeySchema,
  data: KeyData.extend({ token: z.string() }),
  status: 201,
});
d({
  method: "delete",
  path: "/api/keys/{id}",
  tag: "API keys",
  summary: "Revoke an API key: it answers 401 from then on",
  data: KeyData,
});

/** Settings → API. Keys are managed signed in: a key cannot create or revoke keys (SELF refuses writes). */
export const keyRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission(SELF), async (c) => ok(c, await c.var.services.apiKeys.list(owner(c))))
  .post("/", requirePermission(SELF), async (c) => {
    const input = await readJson(c, createKeySchema);
    return ok(c, await c.var.services.apiKeys.create(owner(c), input), KeyMessages.created, 201);
  })
  .delete("/:id", requirePermission(SELF), async (c) =>
    ok(c, await c.var.services.apiKeys.revoke(owner(c), c.req.param("id")), KeyMessages.revoked),
  );

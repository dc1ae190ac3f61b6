import { Forbidden } from "../errors";
import { type ApiKeyScope, keyRefusal } from "./key-scopes";
import type { WorkspaceContext } from "./membership";
import { type Action, ensureCan } from "./roles";

/**
 * Who acts: a member in the workspace the request acts in (its timezone is the posts' default), signed in or
 * through an API key, whose scopes bound what the member's role allows (`keyScopes`; absent when signed in).
 */
export interface Actor {
  userId: string;
  workspace: WorkspaceContext;
  keyScopes?: readonly ApiKeyScope[];
}

/**
 * The one decision for what an actor may do, whichever way the request came (REST, a page action, MCP): the
 * key's scopes first, then the member's role. A write that schedules or publishes asks for `posts.publish`, so a
 * key without the publish scope can neither publish nor schedule, by any route or field.
 */
export function ensureActorCan(actor: Actor, action: Action): void {
  const refused = actor.keyScopes ? keyRefusal(actor.keyScopes, action) : null;
  if (refused) throw new Forbidden(refused);
  ensureCan(actor.workspace, action);
}

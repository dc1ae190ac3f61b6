/**
 * Tokens looked up without a session or a workspace (client review links, OAuth state, signed media links) carry
 * their workspace's id before the secret, `<workspace id>.<secret>`, so the request finds the workspace's shard
 * in the directory before reading the token's row there (ADR 081). The id is not a secret: the part after the
 * dot is, and only its hash is stored.
 */
const PLACED = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]+$/;

/** A token that names its workspace. */
export const placedToken = (workspaceId: string, secret: string) => `${workspaceId}.${secret}`;

/** The workspace a token names; null for a token made before shards (its rows are on `DB`, ADR 035). */
export function workspaceOfToken(token: string): string | null {
  return PLACED.exec(token)?.[1] ?? null;
}

/** The part of a token after its workspace: the whole token when it names none. */
export function secretOfToken(token: string): string {
  return workspaceOfToken(token) ? token.slice(token.indexOf(".") + 1) : token;
}

/**
 * The workspace roles, in a module without drizzle: the UI imports them (through workers/workspaces/roles.ts)
 * for every signed-in page, and the table builders would otherwise ride along into the browser's bundle.
 */
export const ROLES = ["owner", "admin", "editor", "contributor", "viewer"] as const;
export type Role = (typeof ROLES)[number];

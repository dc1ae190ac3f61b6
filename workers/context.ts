import { createContext } from "react-router";
import type { AuthContext } from "./auth";
import type { Services } from "./services";
import type { WorkspaceContext } from "./tenancy/membership";

/** What the Worker hands to every React Router loader and action. */
export interface AppContext {
  services: Services;
  ctx: ExecutionContext;
  /** The signed-in user for this request, resolved from the session cookie. */
  auth: AuthContext | null;
  /** The workspace the page shows (the switcher's cookie, else personal) and the user's role; null when signed out. */
  workspace: WorkspaceContext | null;
  /** Every workspace the user is in, in the order they joined (the switcher's list); empty when signed out. */
  workspaces: WorkspaceContext[];
  /**
   * The services of another of the user's workspaces (its shard): the agency view acts on an item in the item's
   * workspace, with the role the user has there.
   */
  servicesIn: (workspace: WorkspaceContext) => Services;
  /** What the page's loaders would read, read in the session's batch instead (ADR 050). */
  early: EarlyPageReads;
  /** The CSP nonce of this response; every inline script must carry it. */
  nonce: string;
}

/**
 * Each by the id of the workspace it was read in (teammates: the one the page names and the personal one, where a
 * member; the others: the one the page names, unconfirmed); null where the page did not read it early. A workspace
 * missing from a map was not read: its loader reads it.
 */
export interface EarlyPageReads {
  /** Other members and pending invitations: the dashboard's first-run checklist. */
  teammates: ReadonlyMap<string, number> | null;
  /** Open inbox items: the sidebar's count, while the workspace's data shares the directory's database. */
  inboxOpen: ReadonlyMap<string, number> | null;
  /** The dashboard's kept answer (its JSON; null: none fresh): on the dashboard, with the same proviso (ADR 133). */
  keptDashboards: ReadonlyMap<string, string | null> | null;
}

export const appContext = createContext<AppContext>();

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
  /**
   * Teammates (other members and pending invitations) of the workspaces the page may show, by id, read in the
   * session's batch on the dashboard (its first-run checklist); null on other pages.
   */
  teammates: ReadonlyMap<string, number> | null;
  /**
   * Open inbox items of the workspaces the page may show, by id, read in the session's batch for the sidebar while
   * the inbox shares the directory's database (one shard); null otherwise.
   */
  inboxOpen: ReadonlyMap<string, number> | null;
  /** The CSP nonce of this response; every inline script must carry it. */
  nonce: string;
}

export const appContext = createContext<AppContext>();

import type { Platform } from "../db/schema/accounts";
import type { Endpoints } from "./endpoints";
import type { PlatformClient } from "./types";

export interface ClientDeps {
  endpoints: Endpoints;
  fetch: typeof fetch;
  /** OAuth client credentials per platform, from configuration. */
  credentials: Partial<Record<Platform, { clientId: string; clientSecret: string }>>;
  now: () => number;
}

/** Builds one client per platform; feature code asks the registry, never a platform module. */
export function createPlatformRegistry(_deps: ClientDeps): Partial<Record<Platform, PlatformClient>> {
  return {};
}

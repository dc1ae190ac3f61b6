import { z } from "zod";
import { session } from "./bluesky-shapes";
import { jwtExpiry, type Xrpc } from "./bluesky-xrpc";
import type { TokenSet } from "./types";

/**
 * An app password's session on the account's PDS (com.atproto.server.*Session): created once with the app
 * password, renewed with the single-use refresh JWT, and deleted with it when the account is disconnected.
 */
export class AppPasswordSession {
  constructor(private readonly xrpc: Xrpc) {}

  async create(pds: string, identifier: string, password: string) {
    const s = await this.xrpc.call(pds, "com.atproto.server.createSession", session, {
      json: { identifier, password },
    });
    return { did: s.did, tokens: sessionTokens(s) };
  }

  async refresh(pds: string, refreshJwt: string): Promise<TokenSet> {
    const s = await this.xrpc.call(pds, "com.atproto.server.refreshSession", session, {
      method: "POST",
      token: refreshJwt,
    });
    return sessionTokens(s);
  }

  /** com.atproto.server.deleteSession: authenticated with the refresh JWT (not the access JWT), answers nothing. */
  async delete(pds: string, refreshJwt: string): Promise<void> {
    await this.xrpc.call(pds, "com.atproto.server.deleteSession", z.unknown(), { method: "POST", token: refreshJwt });
  }
}

function sessionTokens(s: z.output<typeof session>): TokenSet {
  return {
    accessToken: s.accessJwt,
    refreshToken: s.refreshJwt,
    expiresAt: jwtExpiry(s.accessJwt),
    refreshExpiresAt: jwtExpiry(s.refreshJwt),
    scopes: ["transition:generic"],
  };
}

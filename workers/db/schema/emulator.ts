import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ms } from "./columns";

/**
 * State of the platform emulator (sandbox mode only). Nothing outside workers/emulator reads these.
 * `emu_objects` is one generic store for every platform's remote objects (containers, posts, uploads,
 * videos…); each sub-app gives `kind` and `data` its own meaning.
 */
export const emuSettings = sqliteTable("emu_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const emuFaults = sqliteTable("emu_faults", {
  platform: text("platform").primaryKey(),
  mode: text("mode", { enum: ["429", "500", "timeout", "drop"] }).notNull(),
  remaining: integer("remaining").notNull(),
  /** Only calls with this method and a path (with query) matching this pattern are faulted (null: every call). */
  method: text("method"),
  pathPattern: text("path_pattern"),
  /** Matching calls still let through before the first fault ("fail the Nth matching call"). */
  skip: integer("skip").notNull().default(0),
});

/** Authorization codes issued by the consent pages: single use, short-lived. */
export const emuCodes = sqliteTable("emu_codes", {
  code: text("code").primaryKey(),
  platform: text("platform").notNull(),
  clientId: text("client_id").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  scopes: text("scopes").notNull(),
  codeChallenge: text("code_challenge"),
  /** What the demo user granted: { subject, selected: [ids] }. */
  grant: text("grant", { mode: "json" }).$type<EmuGrant>().notNull(),
  expiresAt: ms("expires_at").notNull(),
  usedAt: ms("used_at"),
});

export interface EmuGrant {
  subject: string;
  selected: string[];
  /** Permissions the person unticked on this app's consent (Meta does not offer them again without rerequest). */
  declined?: string[];
  /** The thumbprint of the DPoP key a token is bound to (AT Protocol OAuth), and the client it was issued to. */
  dpopJkt?: string;
  clientId?: string;
  /** The pushed authorization request a code answers (PAR): the code is bound to that request's DPoP key. */
  request?: string;
}

/** Every token the emulator issued; `expiresAt` null never expires (Meta Page tokens). */
export const emuTokens = sqliteTable(
  "emu_tokens",
  {
    token: text("token").primaryKey(),
    platform: text("platform").notNull(),
    kind: text("kind").notNull(),
    grant: text("grant", { mode: "json" }).$type<EmuGrant>().notNull(),
    scopes: text("scopes").notNull(),
    issuedAt: ms("issued_at").notNull(),
    expiresAt: ms("expires_at"),
    revokedAt: ms("revoked_at"),
  },
  (t) => [index("emu_tokens_platform_idx").on(t.platform, t.kind)],
);

export const emuObjects = sqliteTable(
  "emu_objects",
  {
    id: text("id").primaryKey(),
    platform: text("platform").notNull(),
    kind: text("kind").notNull(),
    owner: text("owner").notNull(),
    status: text("status"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: ms("created_at").notNull(),
    /** When time-driven processing finishes (container or video ready), on the emulator clock. */
    readyAt: ms("ready_at"),
  },
  (t) => [index("emu_objects_owner_idx").on(t.platform, t.kind, t.owner, t.createdAt)],
);

import type { Context } from "hono";
import type { EmuEnv } from "./context";
import { scopeList } from "./request";
import type { TokenRow } from "./tokens";

/** What the Pinterest sub-apps share: the platform key, the signed-in demo account and the error shape. */
export const P = "pinterest";

export interface DemoUser {
  id: string;
  username: string;
  business: string;
  boards: { id: string; name: string; sections: { id: string; name: string }[] }[];
}

export type PinEnv = { Bindings: Env; Variables: EmuEnv["Variables"] & { token: TokenRow; user: DemoUser } };

/** Pinterest.Lib.Error: `{code, message}` with the HTTP status. */
export const pinError = (c: Context, status: number, code: number, message: string) =>
  c.json({ code, message }, status as 400);

/** A refusal for a token without one of `scopes` (the endpoint's `security` in the API description). */
export function missingScope(c: Context<PinEnv>, ...scopes: string[]) {
  const granted = scopeList(c.var.token.scopes);
  const missing = scopes.find((s) => !granted.includes(s));
  return missing ? pinError(c, 403, 3, `Authorization failed. The token is missing the scope ${missing}.`) : null;
}

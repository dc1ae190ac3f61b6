import type { AuthContext } from "../auth/service";
import type { Services } from "../services";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    services: Services;
    auth: AuthContext | null;
    authVia: "bearer" | "cookie" | null;
  };
};

// The accounts module's public surface: other modules import it only from here (ADR 079).

export { newBoardBody } from "./boards";
export { runConnectionHealth } from "./connection-health";
export { DISCONNECTED, disconnectAccounts } from "./disconnect";
export { D1InstanceApps } from "./instance-apps";
export { accountRoutes, appPasswordBody, connectBody, connectRoutes } from "./routes";
export { AccountsService } from "./service";
export { TokenCipher } from "./token-crypto";
export type { AccountView } from "./view";

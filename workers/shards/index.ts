// The shards module's public surface: other modules import it only from here (ADR 079).
export type { MoveOptions, MoveResult, MoveStep } from "./move";
export { moveWorkspace } from "./move";
export { OPERATOR_REFUSAL, operatorRoutes } from "./routes";

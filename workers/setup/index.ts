// The setup module's public surface: other modules import it only from here (ADR 079).

export type { SetupProblem, SetupReport } from "./check";
export { checkSetup } from "./check";
export { setupRoutes } from "./routes";

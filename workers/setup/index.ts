// The setup module's public surface: other modules import it only from here (ADR 079).
export { setupRoutes } from "./routes";

// The imports module's public surface: other modules import it only from here (ADR 079).
export { importRoutes } from "./routes";
export { ImportService } from "./service";

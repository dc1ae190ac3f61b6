// The openapi module's public surface: other modules import it only from here (ADR 079).
export { openApiRoutes } from "./routes";

// The users module's public surface: other modules import it only from here (ADR 079).
export { userRoutes } from "./routes";

// The events module's public surface: other modules import it only from here (ADR 079).
export { eventRoutes, eventSchema } from "./routes";

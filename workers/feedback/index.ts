// The feedback module's public surface: other modules import it only from here (ADR 079).
export { feedbackRoutes } from "./routes";
export { feedbackSchema } from "./schema";

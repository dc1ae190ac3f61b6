// The queue module's public surface: other modules import it only from here (ADR 079).
export { queueRoutes } from "./routes";
export { QueueService } from "./service";

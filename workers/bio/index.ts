// The bio module's public surface: other modules import it only from here (ADR 079).
export { BIO_PREFIX, serveBio } from "./page";
export { bioRoutes } from "./routes";
export { BioReplies, bioBody, linksFromLines } from "./schemas";
export type { BioService } from "./service";
export { bioService } from "./service";
export { BioStore } from "./store";

// The ai module's public surface: other modules import it only from here (ADR 079).
export { createAiProvider } from "./factory";
export { CHARACTER_LIMITS, characterCount, HASHTAG_LIMITS } from "./limits";
export type { AiProvider, InboxAssist } from "./provider";
export { aiRoutes } from "./routes";
export { analyzeSchema, generateSchema, hashtagsSchema, mentionsSchema, optimizeSchema } from "./schemas";
export { AiService } from "./service";
export { AiUsageStore } from "./usage";

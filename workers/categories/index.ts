// The categories module's public surface: other modules import it only from here (ADR 079).
export { categoryService, repeatDeps } from "./deps";
export { runCategoryRepeats } from "./repeat";
export { categoryRoutes } from "./routes";
export { CategoryList, CategoryReplies, categoryCreateBody, categoryPostBody, categoryPostSummary } from "./schemas";
export type { CategoryService } from "./service";

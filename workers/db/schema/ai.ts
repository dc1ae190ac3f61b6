import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ms } from "./columns";
import { users } from "./core";

export const AI_FEATURES = ["generate", "hashtags", "mentions", "optimize", "analyze", "test-connection"] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

/** One row per AI call a user made, successful or not: the analytics ai-usage tab reads these. */
export const aiUsage = sqliteTable(
  "ai_usage",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feature: text("feature", { enum: AI_FEATURES }).notNull(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    /** Null for the builtin provider, which uses no tokens. */
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    latencyMs: integer("latency_ms").notNull(),
    success: integer("success", { mode: "boolean" }).notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("ai_usage_user_created_idx").on(t.userId, t.createdAt)],
);

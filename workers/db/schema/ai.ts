import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ms } from "./columns";
import { users } from "./core";
import { workspaces } from "./workspaces";

export const AI_FEATURES = ["generate", "hashtags", "mentions", "optimize", "analyze", "test-connection"] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

/** One row per AI call a member made, successful or not: the analytics ai-usage tab reads these. */
export const aiUsage = sqliteTable(
  "ai_usage",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who made the call. */
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
  (t) => [index("ai_usage_workspace_created_idx").on(t.workspaceId, t.createdAt)],
);

import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type AiFeature, aiUsage } from "../db/schema/ai";

export interface UsageRecord {
  workspaceId: string;
  userId: string;
  feature: AiFeature;
  provider: string;
  model: string;
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number;
  success: boolean;
  createdAt: number;
}

/** The ai_usage table; every read is scoped to one workspace. */
export class AiUsageStore {
  constructor(private readonly db: Db) {}

  async record(row: UsageRecord): Promise<void> {
    await this.db.insert(aiUsage).values({ id: crypto.randomUUID(), ...row });
  }

  async summary(workspaceId: string, since: number) {
    const mine = and(eq(aiUsage.workspaceId, workspaceId), gte(aiUsage.createdAt, since));
    const byFeature = await this.db
      .select({
        feature: aiUsage.feature,
        requests: sql<number>`count(*)`,
        successful: sql<number>`coalesce(sum(${aiUsage.success}), 0)`,
        promptTokens: sql<number>`coalesce(sum(${aiUsage.promptTokens}), 0)`,
        completionTokens: sql<number>`coalesce(sum(${aiUsage.completionTokens}), 0)`,
        avgLatencyMs: sql<number>`coalesce(round(avg(${aiUsage.latencyMs})), 0)`,
      })
      .from(aiUsage)
      .where(mine)
      .groupBy(aiUsage.feature)
      .orderBy(aiUsage.feature);
    const recent = await this.db
      .select({
        feature: aiUsage.feature,
        provider: aiUsage.provider,
        model: aiUsage.model,
        success: aiUsage.success,
        latencyMs: aiUsage.latencyMs,
        promptTokens: aiUsage.promptTokens,
        completionTokens: aiUsage.completionTokens,
        createdAt: aiUsage.createdAt,
      })
      .from(aiUsage)
      .where(mine)
      .orderBy(desc(aiUsage.createdAt))
      .limit(20);
    const sum = (k: "requests" | "successful" | "promptTokens" | "completionTokens") =>
      byFeature.reduce((n, r) => n + Number(r[k]), 0);
    const requests = sum("requests");
    return {
      totals: {
        requests,
        successful: sum("successful"),
        failed: requests - sum("successful"),
        promptTokens: sum("promptTokens"),
        completionTokens: sum("completionTokens"),
      },
      byFeature: byFeature.map((r) => ({ ...r, failed: Number(r.requests) - Number(r.successful) })),
      recent: recent.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    };
  }
}

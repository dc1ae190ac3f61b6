import type { AiFeature } from "../db/schema/ai";
import { PLATFORM_NAMES } from "../platform-profile";
import type { MemberRef } from "../tenancy/membership";
import { CHARACTER_LIMITS, characterCount } from "./limits";
import type { AiProvider, ProviderResult } from "./provider";
import type { AnalyzeInput, GenerateInput, HashtagsInput, MentionsInput, OptimizeInput } from "./schemas";
import { cleanHashtags, cleanMentions, shapeGenerated, shapeOptimized } from "./shape";
import { textStats } from "./text";
import type { AiUsageStore } from "./usage";

export const MENTIONS_NOTE = "Suggestions only: these handles are not verified. Check each account before you tag it.";

/** The assistant for one member of a workspace: calls the provider, shapes and limits its output, records usage. */
export class AiService {
  constructor(
    private readonly provider: AiProvider,
    private readonly usage: AiUsageStore,
    private readonly caller: MemberRef,
    private readonly now: () => number,
  ) {}

  get info() {
    return { provider: this.provider.name, model: this.provider.model };
  }

  private async run<T>(feature: AiFeature, call: () => Promise<ProviderResult<T>>): Promise<T> {
    const started = Date.now();
    const record = (
      success: boolean,
      tokens: ProviderResult<T>["usage"] = { promptTokens: null, completionTokens: null },
    ) =>
      this.usage.record({
        ...this.caller,
        feature,
        provider: this.provider.name,
        model: this.provider.model,
        ...tokens,
        latencyMs: Date.now() - started,
        success,
        createdAt: this.now(),
      });
    try {
      const result = await call();
      await record(true, result.usage);
      return result.data;
    } catch (err) {
      await record(false);
      throw err;
    }
  }

  async generate(input: GenerateInput) {
    const posts = await this.run("generate", () => this.provider.generate(input));
    return shapeGenerated(input, posts, this.provider.name, () => crypto.randomUUID());
  }

  async hashtags(input: HashtagsInput) {
    const tags = await this.run("hashtags", () => this.provider.suggestHashtags(input));
    return {
      hashtags: cleanHashtags(tags, input.platform, input.count),
      platform: input.platform,
      provider: this.provider.name,
    };
  }

  async mentions(input: MentionsInput) {
    const found = await this.run("mentions", () => this.provider.suggestMentions(input));
    return {
      mentions: cleanMentions(found, input.count),
      platform: input.platform,
      note: MENTIONS_NOTE,
      provider: this.provider.name,
    };
  }

  async optimize(input: OptimizeInput) {
    const result = await this.run("optimize", () => this.provider.optimize(input));
    return shapeOptimized(input.content, input.targetPlatform, result, this.provider.name);
  }

  async analyze(input: AnalyzeInput) {
    const assessment = await this.run("analyze", () => this.provider.analyze(input));
    const limit = CHARACTER_LIMITS[input.platform];
    return {
      platform: input.platform,
      ...textStats(input.content),
      limit,
      withinLimit: characterCount(input.content) <= limit,
      score: Math.round(assessment.score),
      strengths: assessment.strengths,
      suggestions: assessment.suggestions,
      provider: this.provider.name,
      platformName: PLATFORM_NAMES[input.platform],
    };
  }

  async testConnection() {
    const started = Date.now();
    await this.run("test-connection", async () => ({
      data: await this.provider.health(),
      usage: { promptTokens: null, completionTokens: null },
    }));
    return { connected: true, ...this.info, latencyMs: Date.now() - started };
  }
}

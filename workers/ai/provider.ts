import type { Platform } from "../platform-profile";
import type { AnalyzeInput, GenerateInput, HashtagsInput, MentionsInput, OptimizeInput } from "./schemas";

export type ProviderName = "builtin" | "openai";

export interface TokenUsage {
  promptTokens: number | null;
  completionTokens: number | null;
}

/** What a provider answers, before our code checks limits and shapes the response. */
export interface ProviderResult<T> {
  data: T;
  usage: TokenUsage;
}

export interface GeneratedPost {
  platform: Platform;
  content: string;
}

export interface MentionSuggestion {
  handle: string;
  name: string;
  type: string;
  reason: string;
}

export interface Optimization {
  optimizedContent: string;
  improvements: string[];
  suggestions: string[];
}

export interface Assessment {
  score: number;
  strengths: string[];
  suggestions: string[];
}

/** An inbox item as the assistant reads it (ADR 084). */
export interface InboxAssistInput {
  text: string;
  author: string;
  network: string;
}

/** The item's sentiment and a reply the team may send or edit. */
export interface InboxAssist {
  sentiment: "positive" | "neutral" | "negative";
  reply: string;
}

/**
 * One AI backend. Providers produce text; the service (never the provider) counts characters,
 * enforces platform limits, records usage and shapes the API response.
 */
export interface AiProvider {
  readonly name: ProviderName;
  readonly model: string;
  generate(input: GenerateInput): Promise<ProviderResult<GeneratedPost[]>>;
  suggestHashtags(input: HashtagsInput): Promise<ProviderResult<string[]>>;
  suggestMentions(input: MentionsInput): Promise<ProviderResult<MentionSuggestion[]>>;
  optimize(input: OptimizeInput): Promise<ProviderResult<Optimization>>;
  analyze(input: AnalyzeInput): Promise<ProviderResult<Assessment>>;
  inboxAssist(input: InboxAssistInput): Promise<ProviderResult<InboxAssist>>;
  /** Resolves when the backend answers; throws a DomainError (workers/errors.ts) when it does not. */
  health(): Promise<void>;
}

export const NO_TOKENS: TokenUsage = { promptTokens: null, completionTokens: null };

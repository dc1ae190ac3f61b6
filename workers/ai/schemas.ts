import { z } from "zod";
import { PLATFORMS } from "../platform-profile";
import { AI_DEFAULTS, CHARACTER_LIMITS, TONES } from "./limits";

/** The longest post any platform takes (Facebook's 63206): the ceiling of a requested length. */
const LONGEST_LIMIT = Math.max(...Object.values(CHARACTER_LIMITS));

export { TONES, type Tone } from "./limits";

/** SPEC §5 / §8 wording; the first failing field's message is what the user sees. */
export const AiMessages = {
  platform: "Please select at least one social media platform first",
  prompt: "Please enter a prompt to generate content",
  hashtagsContent: "Please enter some content first to generate hashtags",
  mentionsContent: "Please enter some content first to generate mentions",
  optimizeContent: "Please enter some content first to optimize",
  analyzeContent: "Please enter some content first to analyze",
  count: "Hashtag count must be between 5 and 30",
  mentionCount: "Mention count must be between 1 and 20",
  tone: "Please choose a valid tone",
  maxLength: `Maximum length must be between 20 and ${LONGEST_LIMIT} characters`,
  tooLong: "Content is too long (maximum 10000 characters)",
  invalidResponse: "Invalid response format",
  unavailable: "Unable to connect to AI services. Please check your connection.",
} as const;

const MAX_INPUT = 10_000;
const platform = z.enum(PLATFORMS, { error: AiMessages.platform });
const text = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(MAX_INPUT, AiMessages.tooLong);

export const generateSchema = z.object({
  prompt: text(AiMessages.prompt),
  platforms: z
    .array(platform, { error: AiMessages.platform })
    .min(1, AiMessages.platform)
    .max(PLATFORMS.length)
    .transform((p) => [...new Set(p)]),
  tone: z.enum(TONES, { error: AiMessages.tone }).default("professional"),
  includeHashtags: z.boolean().default(true),
  maxLength: z
    .number({ error: AiMessages.maxLength })
    .int(AiMessages.maxLength)
    .min(20, AiMessages.maxLength)
    .max(LONGEST_LIMIT, AiMessages.maxLength)
    .default(AI_DEFAULTS.maxLength),
});

const count = (min: number, max: number, fallback: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback);

export const hashtagsSchema = z.object({
  platform,
  content: text(AiMessages.hashtagsContent),
  count: count(AI_DEFAULTS.minHashtags, AI_DEFAULTS.maxHashtags, AI_DEFAULTS.hashtagCount, AiMessages.count),
});

export const MENTION_TYPES = ["influencers", "brands", "people", "organizations"] as const;
export const mentionsSchema = z.object({
  platform,
  content: text(AiMessages.mentionsContent),
  count: count(1, 20, AI_DEFAULTS.mentionCount, AiMessages.mentionCount),
  mentionTypes: z.array(z.enum(MENTION_TYPES)).default(["influencers", "brands"]),
  verifiedOnly: z.boolean().default(false),
});

export const optimizeSchema = z.object({
  targetPlatform: platform,
  content: text(AiMessages.optimizeContent),
});

export const analyzeSchema = z.object({
  content: text(AiMessages.analyzeContent),
  platform: platform.default("instagram"),
});

export type GenerateInput = z.output<typeof generateSchema>;
export type HashtagsInput = z.output<typeof hashtagsSchema>;
export type MentionsInput = z.output<typeof mentionsSchema>;
export type OptimizeInput = z.output<typeof optimizeSchema>;
export type AnalyzeInput = z.output<typeof analyzeSchema>;

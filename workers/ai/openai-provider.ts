import OpenAI from "openai";
import { z } from "zod";
import { UpstreamFailed } from "../errors";
import { PLATFORM_NAMES } from "../platform-profile";
import { toDomainError } from "./openai-errors";
import type { AiProvider, ProviderResult } from "./provider";
import { AiMessages, TONES } from "./schemas";

export interface OpenAiOptions {
  apiKey: string;
  baseURL: string;
  model: string;
  fetch: typeof fetch;
  timeoutMs?: number;
}

const strings = z.array(z.string());
const Mentions = z.object({
  mentions: z.array(z.object({ handle: z.string().min(1), name: z.string(), type: z.string(), reason: z.string() })),
});
const Hashtags = z.object({ hashtags: strings });
const Optimized = z.object({ optimizedContent: z.string().min(1), improvements: strings, suggestions: strings });
const Assessed = z.object({ score: z.number().min(0).max(100), strengths: strings, suggestions: strings });

const Assisted = z.object({ sentiment: z.enum(["positive", "neutral", "negative"]), reply: z.string().min(1) });

const SYSTEM = "You are a social media copywriter inside Postline. Answer only with JSON matching the given schema.";

/**
 * The OpenAI (or any compatible endpoint) provider, through the official SDK. Every answer is
 * requested as JSON against a schema and validated with zod; anything else is 'Invalid response format'.
 */
export function createOpenAiProvider(opts: OpenAiOptions): AiProvider {
  const client = new OpenAI({
    apiKey: opts.apiKey,
    baseURL: opts.baseURL,
    fetch: opts.fetch,
    maxRetries: 0,
    timeout: opts.timeoutMs ?? 20_000,
  });

  async function ask<S extends z.ZodType>(
    name: string,
    schema: S,
    task: string,
    input: unknown,
  ): Promise<ProviderResult<z.output<S>>> {
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema) as Record<string, unknown>;
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await client.chat.completions.create({
        model: opts.model,
        messages: [
          { role: "system", content: `${SYSTEM}\n${task}` },
          { role: "user", content: JSON.stringify(input) },
        ],
        response_format: { type: "json_schema", json_schema: { name, schema: jsonSchema } },
      });
    } catch (err) {
      throw toDomainError(err);
    }
    const text = completion.choices?.[0]?.message?.content ?? "";
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UpstreamFailed(AiMessages.invalidResponse);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new UpstreamFailed(AiMessages.invalidResponse);
    return {
      data: parsed.data,
      usage: {
        promptTokens: completion.usage?.prompt_tokens ?? null,
        completionTokens: completion.usage?.completion_tokens ?? null,
      },
    };
  }

  return {
    name: "openai",
    model: opts.model,
    async generate(i) {
      const Posts = z.object({
        posts: z.array(z.object({ platform: z.enum(i.platforms as [string, ...string[]]), content: z.string() })),
      });
      const limits = i.platforms.map((p) => `${PLATFORM_NAMES[p]}`).join(", ");
      const res = await ask(
        "generated_posts",
        Posts,
        `Write one post per platform (${limits}) in a ${i.tone} tone (tones: ${TONES.join(", ")}), each at most ${i.maxLength} characters.` +
          (i.includeHashtags ? " End each post with a few relevant hashtags." : " Do not use hashtags."),
        { prompt: i.prompt },
      );
      return {
        data: res.data.posts as Array<{ platform: (typeof i.platforms)[number]; content: string }>,
        usage: res.usage,
      };
    },
    async suggestHashtags(i) {
      const res = await ask(
        "hashtags",
        Hashtags,
        `Suggest ${i.count} relevant hashtags for ${PLATFORM_NAMES[i.platform]}, most relevant first.`,
        { content: i.content },
      );
      return { data: res.data.hashtags, usage: res.usage };
    },
    async suggestMentions(i) {
      const res = await ask(
        "mentions",
        Mentions,
        `Suggest up to ${i.count} accounts (${i.mentionTypes.join(", ")}) worth mentioning on ${PLATFORM_NAMES[i.platform]}, with the reason for each.`,
        { content: i.content },
      );
      return { data: res.data.mentions, usage: res.usage };
    },
    optimize: (i) =>
      ask(
        "optimization",
        Optimized,
        `Rewrite the post to perform well on ${PLATFORM_NAMES[i.targetPlatform]}. List each improvement you made and further suggestions.`,
        { content: i.content },
      ),
    analyze: (i) =>
      ask(
        "analysis",
        Assessed,
        `Assess the post for ${PLATFORM_NAMES[i.platform]}: a score from 0 to 100, its strengths and suggestions.`,
        {
          content: i.content,
        },
      ),
    inboxAssist: (i) =>
      ask(
        "inbox_assist",
        Assisted,
        `Someone wrote this to the brand on ${i.network}. Give its sentiment and a short, friendly reply (under 280 characters) the brand could send.`,
        { author: i.author, text: i.text },
      ),
    async health() {
      try {
        await client.models.list();
      } catch (err) {
        throw toDomainError(err);
      }
    },
  };
}

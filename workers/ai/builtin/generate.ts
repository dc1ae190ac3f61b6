import type { Platform } from "../../platform-profile";
import { CHARACTER_LIMITS, characterCount, RECOMMENDED_HASHTAGS, trimToLimit } from "../limits";
import type { Tone } from "../schemas";
import { stableHash } from "../text";
import { suggestHashtags } from "./hashtags";

interface ToneTemplate {
  openers: string[];
  body: (topic: string) => string;
  closers: string[];
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Tone-aware rewriting templates for the six tones of SPEC §3. */
export const TONE_TEMPLATES: Record<Tone, ToneTemplate> = {
  professional: {
    openers: ["We're pleased to share an update.", "A key update for our network."],
    body: (t) => `${cap(t)}: here is what it means for you and how we are approaching it.`,
    closers: ["We'd value your perspective. Share your thoughts below.", "Get in touch with our team to learn more."],
  },
  casual: {
    openers: ["Quick one for you 😊", "So, here's the thing."],
    body: (t) => `Let's talk about ${t}. We've been loving it lately.`,
    closers: ["What do you think? Drop a comment 👇", "Tag a friend who needs to see this!"],
  },
  enthusiastic: {
    openers: ["Big news! 🎉", "We can't contain our excitement! 🙌"],
    body: (t) => `${cap(t)} is here and it's amazing!`,
    closers: ["Don't miss out: check it out today! 🚀", "Who's as excited as we are? Let us know! 🔥"],
  },
  educational: {
    openers: ["Did you know?", "Here's a quick lesson."],
    body: (t) => `Here's what you should know about ${t}, explained step by step.`,
    closers: [
      "Save this post for later and share it with someone who is learning too.",
      "Follow for more practical tips.",
    ],
  },
  humorous: {
    openers: ["Plot twist:", "Nobody asked, but here we go 😄"],
    body: (t) => `${cap(t)}. Because someone had to make today interesting.`,
    closers: ["Tell us we're not the only ones 😂", "Like if you relate. Comment if you relate even harder."],
  },
  inspirational: {
    openers: ["Every big journey starts with a single step. ✨", "Here's your reminder to keep going."],
    body: (t) => `${cap(t)} is proof that great things take time, courage and heart.`,
    closers: ["What's one step you'll take today?", "Dream big, start small, act now. 💫"],
  },
};

/** Turns an instruction ("Write a post about our new product launch.") into its topic. */
export function topicOf(prompt: string): string {
  const t = prompt
    .trim()
    .replace(
      /^(please\s+)?(write|create|generate|draft|compose|make|give me)\s+(me\s+)?(an?\s+|some\s+)?((\w+\s+)?(post|caption|tweet|update|thread|message|content)s?\s+)?(about|on|for|announcing|regarding)?\s*/i,
      "",
    )
    .replace(/[.!?\s]+$/u, "")
    .trim();
  return t.length > 0 ? t : prompt.trim().replace(/[.!?\s]+$/u, "");
}

/** Paragraph separator per platform: short-form platforms stay on one line. */
const joiner = (platform: Platform) => (platform === "twitter" || platform === "threads" ? " " : "\n\n");

/**
 * A post for one platform in one tone. Parts are dropped in order of least value (opener, then
 * hashtags, then closer) until the post fits; the body is trimmed at a word boundary as a last resort.
 */
export function generatePost(
  prompt: string,
  tone: Tone,
  platform: Platform,
  includeHashtags: boolean,
  maxLength: number,
): string {
  const limit = Math.min(maxLength, CHARACTER_LIMITS[platform]);
  const template = TONE_TEMPLATES[tone];
  const pick = (options: string[], salt: string) => options[stableHash(prompt + salt) % options.length]!;
  const opener = pick(template.openers, "open");
  const body = template.body(topicOf(prompt));
  const closer = pick(template.closers, "close");
  const tags = includeHashtags ? suggestHashtags(prompt, platform, RECOMMENDED_HASHTAGS[platform]) : [];
  const sep = joiner(platform);

  const candidates: string[][] = [
    [opener, body, closer, tags.join(" ")],
    [body, closer, tags.join(" ")],
    [body, closer, tags.slice(0, 1).join(" ")],
    [body, closer],
    [body],
  ];
  for (const parts of candidates) {
    const text = parts.filter(Boolean).join(sep);
    if (characterCount(text) <= limit) return text;
  }
  return trimToLimit(body, limit);
}

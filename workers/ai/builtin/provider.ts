import { type AiProvider, NO_TOKENS } from "../provider";
import { assess } from "./analyze";
import { generatePost } from "./generate";
import { suggestHashtags } from "./hashtags";
import { assistInboxItem } from "./inbox";
import { suggestMentions } from "./mentions";
import { optimizeFor } from "./optimize";

/** The offline assistant: deterministic heuristics, no key, no network. Always labelled 'builtin'. */
export function createBuiltinProvider(): AiProvider {
  const done = <T>(data: T) => Promise.resolve({ data, usage: NO_TOKENS });
  return {
    name: "builtin",
    model: "builtin-heuristics-v1",
    generate: (i) =>
      done(
        i.platforms.map((platform) => ({
          platform,
          content: generatePost(i.prompt, i.tone, platform, i.includeHashtags, i.maxLength),
        })),
      ),
    suggestHashtags: (i) => done(suggestHashtags(i.content, i.platform, i.count)),
    suggestMentions: (i) => done(suggestMentions(i.content, i.platform, i.count)),
    optimize: (i) => done(optimizeFor(i.content, i.targetPlatform)),
    analyze: (i) => done(assess(i.content, i.platform)),
    inboxAssist: (i) => done(assistInboxItem(i)),
    health: () => Promise.resolve(),
  };
}

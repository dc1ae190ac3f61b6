import type { Config } from "../env";
import { createBuiltinProvider } from "./builtin/provider";
import { createOpenAiProvider } from "./openai-provider";
import type { AiProvider } from "./provider";

/** Picks the provider named by AI_PROVIDER. `upstream` is the sandbox fetch in sandbox mode. */
export function createAiProvider(config: Config, upstream: typeof fetch): AiProvider {
  if (config.AI_PROVIDER === "builtin") return createBuiltinProvider();
  return createOpenAiProvider({
    apiKey: config.OPENAI_API_KEY!,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    fetch: upstream,
  });
}

import { Hono } from "hono";

/**
 * An OpenAI-compatible endpoint (PLATFORMS.md §7.2), written on its own: it shares nothing with
 * workers/ai. It answers chat completions deterministically by filling the requested JSON schema
 * from the user's words, like a verbose model that ignores length hints. Faults for tests are chosen
 * by model name: emulator-429, emulator-500, emulator-malformed (valid completion, JSON off-schema),
 * emulator-not-json (prose instead of JSON).
 */
type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
};

const oaiError = (message: string, type: string, code: string | null = null) => ({ error: { message, type, param: null, code } });

/** The user's words, from every string in the last user message (which may itself be JSON). */
function sourceWords(messages: Array<{ role: string; content: unknown }>): string {
  const last = [...messages].reverse().find((m) => m.role === "user");
  const raw = typeof last?.content === "string" ? last.content : "";
  try {
    const strings: string[] = [];
    const walk = (v: unknown) => {
      if (typeof v === "string") strings.push(v);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(JSON.parse(raw));
    return strings.join(" ") || "your update";
  } catch {
    return raw || "your update";
  }
}

function fill(schema: JsonSchema, key: string, words: string): unknown {
  const tokens = words.toLowerCase().match(/[a-z][a-z0-9]{3,}/g) ?? ["update", "news", "team"];
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fill(s, k, words)]));
    case "array": {
      const items = schema.items ?? { type: "string" };
      const keyed = Object.entries(items.properties ?? {}).find(([, s]) => s.enum);
      if (keyed) return keyed[1].enum!.map((value) => ({ ...(fill(items, key, words) as object), [keyed[0]]: value }));
      if (/hashtag/i.test(key)) return [...new Set(tokens)].slice(0, 8).map((t) => `#${t}`);
      if (items.type === "object") return tokens.slice(0, 3).map((t) => fill(items, t, words));
      return [`Emulated ${key} about ${tokens[0]}`, `Another emulated ${key}`];
    }
    case "string":
      if (/content/i.test(key)) return `Emulated model post: ${words} `.repeat(Math.ceil(700 / (words.length + 22))).trim() + " #emulated";
      if (key === "handle") return `@${tokens[0]}`;
      return `Emulated ${key} for ${tokens[0]}`;
    case "number":
    case "integer":
      return schema.maximum !== undefined ? Math.round(((schema.minimum ?? 0) + schema.maximum) * 0.7) : 1;
    case "boolean":
      return false;
    default:
      return null;
  }
}

const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export const openaiEmulator = new Hono();

openaiEmulator.use("/v1/*", async (c, next) => {
  const auth = c.req.header("Authorization") ?? "";
  if (!/^Bearer \S+/.test(auth))
    return c.json(oaiError("You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.", "invalid_request_error"), 401);
  await next();
});

openaiEmulator.get("/v1/models", (c) =>
  c.json({ object: "list", data: [{ id: "gpt-4o-mini", object: "model", created: 1721172741, owned_by: "system" }] }),
);

openaiEmulator.post("/v1/chat/completions", async (c) => {
  let body: { model?: unknown; messages?: unknown; response_format?: { type?: string; json_schema?: { schema?: JsonSchema } } };
  try {
    body = await c.req.json();
  } catch {
    return c.json(oaiError("We could not parse the JSON body of your request.", "invalid_request_error"), 400);
  }
  const model = typeof body.model === "string" ? body.model : "";
  if (!model) return c.json(oaiError("you must provide a model parameter", "invalid_request_error"), 400);
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return c.json(oaiError("'messages' must contain at least one message.", "invalid_request_error", "invalid_value"), 400);
  if (model === "emulator-429")
    return c.json(oaiError(`Rate limit reached for ${model} on requests per min (RPM): Limit 3, Used 3, Requested 1.`, "requests", "rate_limit_exceeded"), 429, {
      "retry-after": "20",
    });
  if (model === "emulator-500") return c.json(oaiError("The server had an error while processing your request. Sorry about that!", "server_error"), 500);

  const messages = body.messages as Array<{ role: string; content: unknown }>;
  const words = sourceWords(messages);
  const schema = body.response_format?.json_schema?.schema;
  let content: string;
  if (model === "emulator-not-json") content = `Sure! Here is a great post about ${words}.`;
  else if (model === "emulator-malformed") content = JSON.stringify({ result: "unexpected shape", text: words });
  else if (schema) content = JSON.stringify(fill(schema, "root", words));
  else content = `Emulated reply about ${words}`;

  const promptTokens = tokensOf(messages.map((m) => (typeof m.content === "string" ? m.content : "")).join(" "));
  const completionTokens = tokensOf(content);
  return c.json({
    id: `chatcmpl-emu${promptTokens}x${completionTokens}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  });
});

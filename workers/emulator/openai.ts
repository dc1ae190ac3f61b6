import { type Context, Hono } from "hono";

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

const oaiError = (message: string, type: string, code: string | null = null) => ({
  error: { message, type, param: null, code },
});

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
      if (/content/i.test(key)) {
        const post = `Emulated model post: ${words} `.repeat(Math.ceil(700 / (words.length + 22))).trim();
        return `${post} #emulated`;
      }
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

/** Models the emulator serves; the `emulator-*` names pick a fault (see above). */
const MODELS = ["gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "gpt-4.1", "gpt-5-mini", "gpt-5", "o4-mini"];
const FAULT_MODELS = ["emulator-429", "emulator-500", "emulator-malformed", "emulator-not-json"];

/**
 * A key the emulator knows: OpenAI keys start with `sk-`. `sk-revoked…` stands for a key deleted on the
 * dashboard, so the 401 can be exercised with an otherwise well-formed key.
 */
function knownKey(key: string): boolean {
  return key.startsWith("sk-") && !key.startsWith("sk-revoked") && key.length >= 8;
}

/** OpenAI's per-minute budget headers, on every answer (x-ratelimit-*). */
function rateHeaders(remaining = { requests: 4999, tokens: 3_999_000 }): Record<string, string> {
  return {
    "x-ratelimit-limit-requests": "5000",
    "x-ratelimit-limit-tokens": "4000000",
    "x-ratelimit-remaining-requests": String(remaining.requests),
    "x-ratelimit-remaining-tokens": String(remaining.tokens),
    "x-ratelimit-reset-requests": "12ms",
    "x-ratelimit-reset-tokens": "0s",
  };
}

export const openaiEmulator = new Hono();

openaiEmulator.use("/v1/*", async (c, next) => {
  const auth = c.req.header("Authorization") ?? "";
  if (!/^Bearer \S+/.test(auth))
    return c.json(
      oaiError(
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.",
        "invalid_request_error",
      ),
      401,
    );
  const key = auth.slice(7).trim();
  if (!knownKey(key)) {
    const shown = key.length > 8 ? `${key.slice(0, 3)}*****${key.slice(-4)}` : key;
    return c.json(
      oaiError(
        `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        "invalid_request_error",
        "invalid_api_key",
      ),
      401,
    );
  }
  await next();
  for (const [k, v] of Object.entries(rateHeaders())) if (!c.res.headers.has(k)) c.res.headers.set(k, v);
});

openaiEmulator.get("/v1/models", (c) =>
  c.json({
    object: "list",
    data: MODELS.map((id) => ({ id, object: "model", created: 1721172741, owned_by: "system" })),
  }),
);

type ChatBody = {
  model?: unknown;
  messages?: unknown;
  stream?: unknown;
  stream_options?: { include_usage?: unknown };
  response_format?: { type?: string; json_schema?: { schema?: JsonSchema } };
};

openaiEmulator.post("/v1/chat/completions", async (c) => {
  let body: ChatBody;
  try {
    body = await c.req.json();
  } catch {
    return c.json(oaiError("We could not parse the JSON body of your request.", "invalid_request_error"), 400);
  }
  const model = typeof body.model === "string" ? body.model : "";
  if (!model) return c.json(oaiError("you must provide a model parameter", "invalid_request_error"), 400);
  if (!MODELS.includes(model) && !FAULT_MODELS.includes(model))
    return c.json(
      oaiError(
        `The model \`${model}\` does not exist or you do not have access to it.`,
        "invalid_request_error",
        "model_not_found",
      ),
      404,
    );
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return c.json(
      oaiError("'messages' must contain at least one message.", "invalid_request_error", "invalid_value"),
      400,
    );
  if (model === "emulator-429")
    return c.json(
      oaiError(
        `Rate limit reached for ${model} on requests per min (RPM): Limit 3, Used 3, Requested 1.`,
        "requests",
        "rate_limit_exceeded",
      ),
      429,
      {
        "retry-after": "20",
        ...rateHeaders({ requests: 0, tokens: 3_999_000 }),
        "x-ratelimit-reset-requests": "20s",
      },
    );
  if (model === "emulator-500")
    return c.json(
      oaiError("The server had an error while processing your request. Sorry about that!", "server_error"),
      500,
    );

  const messages = body.messages as Array<{ role: string; content: unknown }>;
  const format = body.response_format?.type;
  // json_object mode is refused unless the conversation itself asks for JSON (documented behaviour).
  if (format === "json_object" && !messages.some((m) => typeof m.content === "string" && /json/i.test(m.content)))
    return c.json(
      oaiError(
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        "invalid_request_error",
        null,
      ),
      400,
    );
  const words = sourceWords(messages);
  const schema = body.response_format?.json_schema?.schema;
  let content: string;
  if (model === "emulator-not-json") content = `Sure! Here is a great post about ${words}.`;
  else if (model === "emulator-malformed") content = JSON.stringify({ result: "unexpected shape", text: words });
  else if (schema) content = JSON.stringify(fill(schema, "root", words));
  else if (format === "json_object") content = JSON.stringify({ reply: `Emulated reply about ${words}` });
  else content = `Emulated reply about ${words}`;

  const promptTokens = tokensOf(messages.map((m) => (typeof m.content === "string" ? m.content : "")).join(" "));
  const completionTokens = tokensOf(content);
  const id = `chatcmpl-emu${promptTokens}x${completionTokens}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  if (body.stream === true)
    return streamed(c, {
      id,
      created,
      model,
      content,
      usage: body.stream_options?.include_usage === true ? usage : null,
    });
  return c.json({
    id,
    object: "chat.completion",
    created,
    model,
    choices: [
      { index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" },
    ],
    usage,
  });
});

/** `stream: true`: server-sent `chat.completion.chunk` events (role, content pieces, finish, optional usage), then `data: [DONE]`. */
function streamed(
  c: Context,
  r: { id: string; created: number; model: string; content: string; usage: Record<string, number> | null },
) {
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id: r.id,
    object: "chat.completion.chunk",
    created: r.created,
    model: r.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const events: unknown[] = [chunk({ role: "assistant", content: "", refusal: null }, null)];
  for (const piece of r.content.match(/[\s\S]{1,16}/g) ?? []) events.push(chunk({ content: piece }, null));
  events.push(chunk({}, "stop"));
  if (r.usage)
    events.push({
      id: r.id,
      object: "chat.completion.chunk",
      created: r.created,
      model: r.model,
      choices: [],
      usage: r.usage,
    });
  const text = `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("")}data: [DONE]\n\n`;
  return c.body(text, 200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" });
}

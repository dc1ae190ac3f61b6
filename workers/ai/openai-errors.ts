import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { DomainError, TooMany, Unavailable, UpstreamFailed } from "../errors";
import { AiMessages } from "./schemas";

export const OpenAiMessages = {
  timeout: "The AI service took too long to answer. Please try again.",
  upstream: "The AI service is having trouble right now. Please try again later.",
  rejected: "The AI service refused the request. Please try again later.",
} as const;

/** Maps what the SDK throws to the refusal a user sees; the SDK's own text never leaks. */
export function toDomainError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof APIConnectionTimeoutError) return new Unavailable(OpenAiMessages.timeout);
  if (err instanceof APIConnectionError) return new Unavailable(AiMessages.unavailable);
  if (err instanceof APIError) {
    if (err.status === 429) {
      const retry = err.headers?.get("retry-after");
      return new TooMany(undefined, retry ?? undefined);
    }
    if (err.status !== undefined && err.status >= 500) return new UpstreamFailed(OpenAiMessages.upstream);
    return new UpstreamFailed(OpenAiMessages.rejected);
  }
  return new UpstreamFailed(AiMessages.invalidResponse);
}

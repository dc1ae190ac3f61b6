import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { HttpError, Messages } from "../http/envelope";
import { AiMessages } from "./schemas";

export const OpenAiMessages = {
  timeout: "The AI service took too long to answer. Please try again.",
  upstream: "The AI service is having trouble right now. Please try again later.",
  rejected: "The AI service refused the request. Please try again later.",
} as const;

/** Maps what the SDK throws to the envelope a user sees; the SDK's own text never leaks. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof APIConnectionTimeoutError) return new HttpError(503, OpenAiMessages.timeout);
  if (err instanceof APIConnectionError) return new HttpError(503, AiMessages.unavailable);
  if (err instanceof APIError) {
    if (err.status === 429) {
      const retry = err.headers?.get("retry-after");
      return new HttpError(429, Messages.tooMany, retry ? { "Retry-After": retry } : {});
    }
    if (err.status !== undefined && err.status >= 500) return new HttpError(502, OpenAiMessages.upstream);
    return new HttpError(502, OpenAiMessages.rejected);
  }
  return new HttpError(502, AiMessages.invalidResponse);
}

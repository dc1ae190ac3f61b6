import type { Platform } from "../db/schema/accounts";
import { PlatformError } from "./types";

export type Classifier = (status: number, body: unknown, headers: Headers) => PlatformError;

/**
 * Sends one platform request: a network failure becomes a retryable error (outcome unknown unless the
 * request was a read), a non-2xx answer goes through the platform's classifier.
 */
export async function send(fetchFn: typeof fetch, platform: Platform, request: Request, classify: Classifier): Promise<Response> {
  let res: Response;
  try {
    res = await fetchFn(request);
  } catch (e) {
    throw new PlatformError("retryable", `Could not reach ${platform}: ${(e as Error).message}`, {
      platform,
      outcomeUnknown: request.method !== "GET",
    });
  }
  if (res.ok || res.status === 308) return res;
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the raw text: some gateways answer HTML
  }
  throw classify(res.status, body, res.headers);
}

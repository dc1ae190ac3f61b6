import { describe, expect, it } from "vitest";
import {
  afterFailure,
  DISABLE_AFTER_FAILING_MS,
  endpointUrlRefusal,
  MAX_DELIVERY_ATTEMPTS,
  shouldDisable,
  WebhookUrlMessages,
} from "./webhook-rules";

describe("webhook delivery rules", () => {
  it("retries with exponential backoff, capped at 6 h, and stops after the last attempt", () => {
    expect([1, 2, 3, 4].map(afterFailure)).toEqual(
      [30, 60, 120, 240].map((delaySeconds) => ({ retry: true, delaySeconds })),
    );
    expect(afterFailure(MAX_DELIVERY_ATTEMPTS - 1)).toEqual({ retry: true, delaySeconds: 30 * 2 ** 6 });
    expect(afterFailure(MAX_DELIVERY_ATTEMPTS)).toEqual({ retry: false });
    expect(afterFailure(30)).toEqual({ retry: false });
  });

  it("disables an endpoint only after 3 days of failing", () => {
    const now = 10 * DISABLE_AFTER_FAILING_MS;
    expect(shouldDisable(null, now)).toBe(false);
    expect(shouldDisable(now - DISABLE_AFTER_FAILING_MS + 1, now)).toBe(false);
    expect(shouldDisable(now - DISABLE_AFTER_FAILING_MS, now)).toBe(true);
  });

  it("production takes only https to public hosts; development and test take local receivers", () => {
    const refusal = (url: string, env = "production") => endpointUrlRefusal(new URL(url), env);
    expect(refusal("https://hooks.zapier.com/x")).toBeNull();
    expect(refusal("http://hooks.zapier.com/x")).toBe(WebhookUrlMessages.https);
    for (const host of [
      "localhost",
      "app.localhost",
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "[::1]",
      "[fd00::1]",
      "[fe80::1]",
      "[::ffff:127.0.0.1]",
      "db.internal",
      "printer.local",
    ]) {
      expect(refusal(`https://${host}/hook`), host).toBe(WebhookUrlMessages.privateHost);
    }
    expect(refusal("https://172.32.0.1/hook")).toBeNull();
    expect(refusal("http://127.0.0.1:4000/hook", "development")).toBeNull();
    expect(refusal("http://localhost:4000/hook", "test")).toBeNull();
  });
});

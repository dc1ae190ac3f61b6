import { describe, expect, it } from "vitest";
import { accountHealth, type HealthFacts, healthNoticeKey, refreshDue } from "./health";

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 86_400_000;
const facts = (f: Partial<HealthFacts>): HealthFacts => ({
  status: "connected",
  statusReason: null,
  tokenExpiresAt: null,
  hasRefreshToken: false,
  refreshExpiresAt: null,
  ...f,
});

describe("accountHealth", () => {
  it("is OK for a token without expiry, and for a short access token backed by a long-lived refresh token", () => {
    expect(accountHealth(facts({}), NOW)).toEqual({ state: "ok" });
    const google = facts({ tokenExpiresAt: NOW + 3_600_000, hasRefreshToken: true });
    expect(accountHealth(google, NOW)).toEqual({ state: "ok" });
  });

  it("flags a token or refresh token that ends within 7 days, with its date, and an ended one as needs reconnect", () => {
    expect(accountHealth(facts({ tokenExpiresAt: NOW + 6 * DAY }), NOW)).toEqual({
      state: "expiring",
      expiresAt: NOW + 6 * DAY,
    });
    expect(accountHealth(facts({ tokenExpiresAt: NOW + 8 * DAY }), NOW)).toEqual({ state: "ok" });
    const linkedin = facts({ tokenExpiresAt: NOW + 50 * DAY, hasRefreshToken: true, refreshExpiresAt: NOW + 2 * DAY });
    expect(accountHealth(linkedin, NOW)).toEqual({ state: "expiring", expiresAt: NOW + 2 * DAY });
    expect(accountHealth(facts({ tokenExpiresAt: NOW - 1 }), NOW).state).toBe("needs_reconnect");
  });

  it("keeps the platform's reason for an account that needs reconnecting", () => {
    const revoked = facts({ status: "needs_reconnect", statusReason: "Error validating access token: revoked" });
    expect(accountHealth(revoked, NOW)).toEqual({
      state: "needs_reconnect",
      reason: "Error validating access token: revoked",
    });
  });
});

describe("refreshDue", () => {
  it("renews a connected account's token within 7 days of its expiry, before it lapses", () => {
    expect(refreshDue(facts({ tokenExpiresAt: NOW + 6 * DAY }), NOW)).toBe(true);
    expect(refreshDue(facts({ tokenExpiresAt: NOW + 30 * DAY }), NOW)).toBe(false);
    expect(refreshDue(facts({ tokenExpiresAt: null }), NOW)).toBe(false);
    expect(refreshDue(facts({ status: "needs_reconnect", tokenExpiresAt: NOW + DAY }), NOW)).toBe(false);
  });
});

describe("healthNoticeKey", () => {
  it("names one problem: the same problem keeps its key, a changed one gets a new key, OK has none", () => {
    expect(healthNoticeKey({ state: "ok" })).toBeNull();
    const a = healthNoticeKey({ state: "expiring", expiresAt: NOW + 2 * DAY });
    expect(a).toBe("expiring:2026-11-25");
    expect(healthNoticeKey({ state: "expiring", expiresAt: NOW + 2 * DAY + 60_000 })).toBe(a);
    expect(healthNoticeKey({ state: "needs_reconnect", reason: "revoked" })).toBe("needs_reconnect:revoked");
  });
});

import { Hono } from "hono";
import { AuthMessages, changePasswordSchema, timezoneSchema, verifyPasswordSchema } from "../auth";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { readJson } from "../http/validate";
import { requirePermission, SELF } from "../tenancy/middleware";

export const userRoutes = new Hono<SignedInEnv>()
  .get("/profile", requirePermission("workspace.read"), async (c) => {
    const user = c.var.auth.user;
    const accounts = await c.var.services.accounts.list(c.var.workspace.id);
    return ok(c, {
      ...user,
      connectedPlatforms: [...new Set(accounts.map((a) => a.platform))],
      connectedAccounts: accounts.map((a) => ({ platform: a.platform, id: a.id })),
    });
  })
  .post("/verify-password", requirePermission(SELF), async (c) => {
    const { currentPassword } = await readJson(c, verifyPasswordSchema);
    await c.var.services.auth.confirmPassword(c.var.auth.user.id, currentPassword);
    return ok(c, null, AuthMessages.passwordVerified);
  })
  .put("/update-password", requirePermission(SELF), async (c) => {
    const { currentPassword, newPassword } = await readJson(c, changePasswordSchema);
    const revoked = await c.var.services.auth.changePassword(c.var.auth, currentPassword, newPassword);
    return ok(c, { otherSessionsRevoked: revoked }, AuthMessages.passwordUpdated);
  })
  .put("/timezone", requirePermission(SELF), async (c) => {
    const { timezone } = await readJson(c, timezoneSchema);
    await c.var.services.auth.setTimezone(c.var.auth.user.id, timezone);
    return ok(c, { timezone }, "Timezone updated");
  })
  .get("/connected-accounts", requirePermission("workspace.read"), async (c) =>
    ok(c, { accounts: await c.var.services.accounts.list(c.var.workspace.id) }),
  )
  .get("/sessions", requirePermission(SELF), async (c) => {
    const sessions = await c.var.services.auth.listSessions(c.var.auth.user.id);
    const iso = (ms: number) => new Date(ms).toISOString();
    return ok(c, {
      sessions: sessions.map((s) => ({
        ...s,
        createdAt: iso(s.createdAt),
        expiresAt: iso(s.expiresAt),
        lastSeenAt: iso(s.lastSeenAt),
        current: s.id === c.var.auth.sessionId,
      })),
    });
  });

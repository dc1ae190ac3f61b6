import { Hono } from "hono";
import { Forbidden } from "../errors";
import type { AppEnv, SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { readBody } from "../http/validate";
import { KEY_LOGOUT_REFUSAL, requirePermission } from "../tenancy/middleware";
import { getCookie, RESET_COOKIE, sendCookies } from "./session-cookie";

// The handlers run the flows the sign-in page's form actions share (workers/auth/flows.ts parses the body).
export const authRoutes = new Hono<AppEnv>()
  .post("/register", async (c) => {
    const session = await c.var.services.authFlows.register(await readBody(c), c.req.raw);
    sendCookies(c, session.cookies);
    return ok(c, { token: session.token, user: session.user }, "Registration successful", 201);
  })
  .post("/login", async (c) => {
    const session = await c.var.services.authFlows.login(await readBody(c), c.req.raw);
    sendCookies(c, session.cookies);
    return ok(c, { token: session.token, user: session.user }, "Login successful");
  })
  .post("/logout", async (c) => {
    if (c.var.apiKey) throw new Forbidden(KEY_LOGOUT_REFUSAL);
    sendCookies(c, (await c.var.services.authFlows.logout(c.var.auth)).cookies);
    return ok(c, null, "Logged out successfully");
  })
  .get("/me", requirePermission("workspace.read"), async (c) => {
    const { auth, workspace } = c.var as SignedInEnv["Variables"];
    const accounts = await c.var.services.accounts.list(workspace.id);
    return ok(c, {
      user: auth.user,
      ...auth.user,
      workspace,
      connectedAccounts: accounts.map((a) => ({ platform: a.platform, id: a.id })),
    });
  })
  .post("/send-otp", async (c) => {
    await c.var.services.authFlows.sendOtp(await readBody(c), c.req.raw);
    return ok(c, null, "OTP sent to your email!");
  })
  .post("/verify-otp", async (c) => {
    const grant = await c.var.services.authFlows.verifyOtp(await readBody(c), c.req.raw);
    sendCookies(c, grant.cookies);
    return ok(
      c,
      { resetToken: grant.resetToken, expiresAt: new Date(grant.expiresAt).toISOString() },
      "OTP verified successfully!",
    );
  })
  .post("/update-password", async (c) => {
    const reset = await c.var.services.authFlows.resetPassword(await readBody(c), getCookie(c, RESET_COOKIE));
    sendCookies(c, reset.cookies);
    return ok(c, null, "Password reset successfully!");
  });

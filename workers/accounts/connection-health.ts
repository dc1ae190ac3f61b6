import { and, asc, eq, inArray, isNull, lte, ne, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { connectedAccounts } from "../db/schema/accounts";
import { users } from "../db/schema/core";
import { workspaceMembers } from "../db/schema/workspaces";
import type { Mailer } from "../mail/mailer";
import { type AccountHealth, accountHealth, HEALTH_CHECK_EVERY_MS, healthFacts, healthNoticeKey } from "./health";
import { type AccountsService, BRAND } from "./service";

/** Accounts checked per cron run: each costs a refresh and an identity call (subrequests are counted). */
const CHECKS_PER_RUN = 20;

export interface HealthCheckDeps {
  db: Db;
  accounts: AccountsService;
  mailer: Mailer;
  now: () => number;
  origin: string;
}

/**
 * The daily connection health check, run from the every-minute cron: each account is checked once a day
 * (oldest check first, a few per run). Owners and admins are emailed once per problem, not every day.
 */
export async function runConnectionHealth(deps: HealthCheckDeps): Promise<{ checked: number; notified: number }> {
  const { db, now } = deps;
  const due = await db
    .select({ id: connectedAccounts.id })
    .from(connectedAccounts)
    .where(
      and(
        ne(connectedAccounts.status, "disconnected"),
        or(
          isNull(connectedAccounts.healthCheckedAt),
          lte(connectedAccounts.healthCheckedAt, now() - HEALTH_CHECK_EVERY_MS),
        ),
      ),
    )
    .orderBy(asc(connectedAccounts.healthCheckedAt))
    .limit(CHECKS_PER_RUN)
    .all();
  let notified = 0;
  for (const { id } of due) {
    let row: Awaited<ReturnType<AccountsService["checkConnection"]>>;
    try {
      row = await deps.accounts.checkConnection(id);
    } catch (err) {
      // A platform outage: the account is checked again on a later run.
      console.warn("connection health check failed", id, err);
      continue;
    }
    if (!row) continue;
    const health = accountHealth(healthFacts(row), now());
    const key = healthNoticeKey(health);
    if (key === row.healthNotice) continue;
    if (key && health.state !== "ok") {
      await notifyAdmins(deps, row.workspaceId, { name: row.displayName, platform: row.platform }, health);
      notified += 1;
    }
    await db.update(connectedAccounts).set({ healthNotice: key }).where(eq(connectedAccounts.id, row.id));
  }
  return { checked: due.length, notified };
}

async function notifyAdmins(
  deps: HealthCheckDeps,
  workspaceId: string,
  account: { name: string; platform: keyof typeof BRAND },
  health: Exclude<AccountHealth, { state: "ok" }>,
): Promise<void> {
  const admins = await deps.db
    .select({ email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.role, ["owner", "admin"])))
    .all();
  const brand = BRAND[account.platform];
  const subject =
    health.state === "expiring"
      ? `Your ${brand} connection ${account.name} expires on ${new Date(health.expiresAt).toISOString().slice(0, 10)}`
      : `Reconnect ${account.name} on ${brand}`;
  const why =
    health.state === "expiring"
      ? `Postline loses access to ${account.name} on ${new Date(health.expiresAt).toUTCString()}. Reconnect it before then so scheduled posts keep publishing.`
      : `Postline can no longer publish to ${account.name}: ${health.reason}`;
  for (const { email } of admins)
    await deps.mailer.send({
      to: email,
      subject,
      text: `${why}\n\nReconnect it: ${deps.origin}/settings?tab=accounts`,
    });
}

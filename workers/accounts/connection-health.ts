import { and, asc, eq, inArray, isNull, lte, ne, notExists, or } from "drizzle-orm";
import { mailBrandOf } from "../branding";
import type { Db } from "../db/client";
import { apiVersionNotices, connectedAccounts } from "../db/schema/accounts";
import { brandedMail, type MailContent, type Mailer } from "../mail";
import { NOTIFY_DAYS, type VersionReport, type VersionSetting, versionEnd, versionReports } from "../platforms";
import { formatLocalDay, formatZoned } from "../posts";
import { notMoving } from "../tenancy/moving";
import type { People } from "../tenancy/people";
import { workspaceLink } from "../tenancy/workspace-link";
import { BRAND } from "./connect";
import { type AccountHealth, accountHealth, HEALTH_CHECK_EVERY_MS, healthFacts, healthNoticeKey } from "./health";
import type { AccountsService } from "./service";

/** Accounts checked per cron run: each costs a refresh and an identity call (subrequests are counted). */
const CHECKS_PER_RUN = 20;

export interface HealthCheckDeps {
  db: Db;
  /** The owners and admins to mail, from the directory. */
  people: People;
  accounts: AccountsService;
  mailer: Mailer;
  now: () => number;
  origin: string;
  /** The deployment's API version settings (ADR 051): the versions in use are judged with them. */
  versionSettings: Partial<Record<VersionSetting, string>>;
}

/**
 * The daily connection health check, run from the every-minute cron: each account is checked once a day
 * (oldest check first, a few per run). Owners and admins are emailed once per problem, not every day. The
 * `moving` workspaces' accounts (ADR 082) are checked after their move.
 */
export async function runConnectionHealth(
  deps: HealthCheckDeps,
  moving: readonly string[] = [],
): Promise<{ checked: number; notified: number }> {
  const { db, now } = deps;
  let notified = await notifyVersionEnds(deps);
  const due = await db
    .select({ id: connectedAccounts.id })
    .from(connectedAccounts)
    .where(
      and(
        ne(connectedAccounts.status, "disconnected"),
        notMoving(connectedAccounts.workspaceId, moving),
        or(
          isNull(connectedAccounts.healthCheckedAt),
          lte(connectedAccounts.healthCheckedAt, now() - HEALTH_CHECK_EVERY_MS),
        ),
      ),
    )
    .orderBy(asc(connectedAccounts.healthCheckedAt))
    .limit(CHECKS_PER_RUN)
    .all();
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

/**
 * Mails the workspace's owners and admins, in the workspace's brand with a plain-text part (ADR 096); `content`
 * gives its dates in the workspace's time zone, which is where its posts are scheduled.
 */
async function mailAdmins(deps: HealthCheckDeps, workspaceId: string, content: (timeZone: string) => MailContent) {
  const workspace = (await deps.people.workspaces([workspaceId])).get(workspaceId);
  const brand = await mailBrandOf(deps.db, { id: workspaceId, name: workspace?.name ?? "Postline" }, deps.origin);
  const mail = brandedMail(brand, content(workspace?.timezone ?? "UTC"));
  for (const { email } of await deps.people.members(workspaceId, ["owner", "admin"]))
    await deps.mailer.send({ to: email, ...mail });
}

/**
 * A version in use that has NOTIFY_DAYS or fewer left (or has ended) is mailed to the owners and admins of each
 * workspace with an account on its platforms, once per workspace and version: the notice row is written
 * first, so two cron runs that race mail once.
 */
async function notifyVersionEnds(deps: HealthCheckDeps): Promise<number> {
  const now = deps.now();
  const ending = versionReports(deps.versionSettings, now).filter((v) =>
    v.daysLeft !== null ? v.daysLeft <= NOTIFY_DAYS : v.state === "error",
  );
  let mailed = 0;
  for (const version of ending) {
    // Only the workspaces not told yet: the job runs every minute, and a told workspace costs no write.
    const told = deps.db
      .select({ id: apiVersionNotices.workspaceId })
      .from(apiVersionNotices)
      .where(
        and(
          eq(apiVersionNotices.workspaceId, connectedAccounts.workspaceId),
          eq(apiVersionNotices.setting, version.setting),
          eq(apiVersionNotices.version, version.version),
        ),
      );
    const workspaces = await deps.db
      .selectDistinct({ id: connectedAccounts.workspaceId })
      .from(connectedAccounts)
      .where(
        and(
          inArray(connectedAccounts.platform, version.platforms),
          ne(connectedAccounts.status, "disconnected"),
          notExists(told),
        ),
      )
      .all();
    for (const { id } of workspaces) {
      const claimed = await deps.db
        .insert(apiVersionNotices)
        .values({ workspaceId: id, setting: version.setting, version: version.version, sentAt: deps.now() })
        .onConflictDoNothing()
        .returning({ id: apiVersionNotices.workspaceId });
      if (!claimed.length) continue;
      await mailVersionNotice(deps, id, version, now);
      mailed += 1;
    }
  }
  return mailed;
}

async function mailVersionNotice(deps: HealthCheckDeps, workspaceId: string, version: VersionReport, now: number) {
  const networks = version.platforms.map((p) => BRAND[p]).join(" and ");
  await mailAdmins(deps, workspaceId, (timeZone) => {
    // The same report, its dates read in the workspace's zone.
    const local =
      versionReports(deps.versionSettings, now, (end) => formatZoned(end, timeZone)).find(
        (v) => v.setting === version.setting,
      ) ?? version;
    const end = local.servedUntil === null ? null : versionEnd(local.servedUntil);
    return {
      subject:
        end !== null
          ? `${networks} publishing stops on ${formatLocalDay(end, timeZone)} unless Postline's ${version.label} is updated`
          : `${networks} publishing is failing: ${version.label} ${version.version} is not served`,
      paragraphs: [
        local.message,
        ...(local.fix ? [local.fix] : []),
        `Until then posts to ${networks} publish as usual; after it, ${networks} refuses them.`,
      ],
      action: {
        label: "Open Settings → Developer",
        url: `${deps.origin}${workspaceLink("/settings?tab=developer", workspaceId)}`,
      },
    };
  });
}

async function notifyAdmins(
  deps: HealthCheckDeps,
  workspaceId: string,
  account: { name: string; platform: keyof typeof BRAND },
  health: Exclude<AccountHealth, { state: "ok" }>,
): Promise<void> {
  const brand = BRAND[account.platform];
  await mailAdmins(deps, workspaceId, (timeZone) => ({
    subject:
      health.state === "expiring"
        ? `Your ${brand} connection ${account.name} expires on ${formatLocalDay(health.expiresAt, timeZone)}`
        : `Reconnect ${account.name} on ${brand}`,
    paragraphs: [
      health.state === "expiring"
        ? `Postline loses access to ${account.name} on ${formatZoned(health.expiresAt, timeZone)}. Reconnect it before then so scheduled posts keep publishing.`
        : `Postline can no longer publish to ${account.name}: ${health.reason}`,
    ],
    action: {
      label: `Reconnect ${account.name}`,
      url: `${deps.origin}${workspaceLink("/settings?tab=accounts", workspaceId)}`,
    },
  }));
}

import { and, asc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { postTargets } from "../db/schema/index";
import type { AccountCredentials } from "../platforms";
import { notMoving } from "../tenancy/moving";
import type { PublishDeps, TargetRow } from "./consumer";
import { recordPermalink, touch } from "./target-writes";

/** How long after publishing the cron keeps trying to read a missing permalink, and how many per run. */
const PERMALINK_WINDOW_MS = 24 * 3600_000;
const PERMALINK_BATCH = 10;

/**
 * Reads the public link of a published post whose create call returned none (Meta). Best effort: the
 * post is already recorded published with its id, so a failed read only leaves the link for the cron.
 */
export async function fillPermalink(
  deps: Pick<PublishDeps, "db" | "now" | "client" | "credentials">,
  target: Pick<TargetRow, "id" | "platform" | "accountId"> & { remoteId: string },
  credentials?: AccountCredentials,
): Promise<void> {
  const client = deps.client(target.platform);
  if (!client.permalink) return;
  try {
    const permalink = await client.permalink(
      credentials ?? (await deps.credentials(target.accountId)),
      target.remoteId,
    );
    if (permalink) {
      await recordPermalink(deps, target.id, permalink);
      return;
    }
  } catch (err) {
    console.warn("permalink read failed; the cron tries again", target.id, err instanceof Error ? err.message : err);
  }
  // Touched so the cron's round-robin moves on to other targets before retrying this one.
  await touch(deps, target.id);
}

/**
 * The cron's pass over recently published targets still without a link (least recently tried first), but the
 * `moving` workspaces' (ADR 082), which are filled after their move.
 */
export async function fillMissingPermalinks(
  deps: Pick<PublishDeps, "db" | "now" | "client" | "credentials">,
  moving: readonly string[] = [],
): Promise<void> {
  const missing = await deps.db
    .select({
      id: postTargets.id,
      platform: postTargets.platform,
      accountId: postTargets.accountId,
      remoteId: postTargets.remoteId,
    })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.status, "published"),
        isNull(postTargets.permalink),
        isNotNull(postTargets.remoteId),
        gt(postTargets.publishedAt, deps.now() - PERMALINK_WINDOW_MS),
        notMoving(postTargets.workspaceId, moving),
      ),
    )
    .orderBy(asc(postTargets.updatedAt))
    .limit(PERMALINK_BATCH);
  for (const target of missing) await fillPermalink(deps, { ...target, remoteId: target.remoteId! });
}

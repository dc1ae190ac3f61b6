import { and, eq, lte } from "drizzle-orm";
import { mailBrandOf } from "../branding";
import { hmacSha256 } from "../crypto";
import type { Db } from "../db/client";
import { reportDeliveries, reportFiles, reportSchedules } from "../db/schema/index";
import { brandedMail, type Mailer } from "../mail";
import type { People } from "../tenancy/people";
import { placedToken } from "../tenancy/public-token";
import { REPORT_TITLES } from "./export/report-data";
import { externalRecipient, unsubscribeToken } from "./report-recipients";

/** Attempts per mail, and the wait before each retry: a mail server's bad minute, then a bad hour. */
export const REPORT_MAIL_ATTEMPTS = 5;
export const REPORT_MAIL_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;
/** A report larger than this goes as a signed link (mail servers refuse large messages; base64 adds a third). */
export const ATTACHMENT_LIMIT_BYTES = 5 * 1024 * 1024;
/** How long a signed report link works. */
export const REPORT_LINK_TTL_MS = 7 * 86_400_000;
/** A claimed mail is not claimed again for this long, so two crons never send it twice at once. */
const CLAIM_MS = 5 * 60_000;
const BATCH = 25;

export interface DeliveryDeps {
  db: Db;
  /** Schedules' creators and workspaces' names, from the directory (ADR 081). */
  people: People;
  bucket: R2Bucket;
  mailer: Mailer;
  now: () => number;
  /** The app's public origin, for links in the mail. */
  origin: string;
  /** Signs the unsubscribe and download links. */
  secret: string;
  attachmentLimit?: number;
}

/**
 * The signature of a report file's download link until `exp`. The link's key names the file's workspace before
 * its id (`placedToken`), so the download finds the workspace's shard (ADR 081); both are signed.
 */
export const reportLinkSignature = (secret: string, key: string, exp: number) =>
  hmacSha256(secret, `report-file:${key}:${exp}`);

/** A pending delivery per address, due now: written with the report file so none is lost between the two. */
export const deliveryRows = (
  file: { id: string; scheduleId: string; workspaceId: string },
  recipients: Array<{ email: string }>,
  now: number,
) =>
  recipients.map((r) => ({
    id: crypto.randomUUID(),
    scheduleId: file.scheduleId,
    workspaceId: file.workspaceId,
    reportFileId: file.id,
    email: r.email,
    status: "pending" as const,
    nextAttemptAt: now,
    createdAt: now,
  }));

type Due = Awaited<ReturnType<typeof dueDeliveries>>[number];

/** The deliveries due, each with its workspace's name from the directory (one read for the batch). */
async function dueDeliveries(deps: DeliveryDeps, now: number, fileId?: string) {
  const rows = await dueRows(deps.db, now, fileId);
  const names = await deps.people.workspaces(rows.map((r) => r.delivery.workspaceId));
  // A workspace the directory no longer has was deleted: its rows go with it, nothing is mailed.
  return rows.flatMap((r) => {
    const workspace = names.get(r.delivery.workspaceId)?.name;
    return workspace === undefined ? [] : [{ ...r, workspace }];
  });
}

function dueRows(db: Db, now: number, fileId?: string) {
  return db
    .select({ delivery: reportDeliveries, file: reportFiles, frequency: reportSchedules.frequency })
    .from(reportDeliveries)
    .innerJoin(reportFiles, eq(reportFiles.id, reportDeliveries.reportFileId))
    .innerJoin(reportSchedules, eq(reportSchedules.id, reportDeliveries.scheduleId))
    .where(
      and(
        eq(reportDeliveries.status, "pending"),
        lte(reportDeliveries.nextAttemptAt, now),
        fileId ? eq(reportDeliveries.reportFileId, fileId) : undefined,
      ),
    )
    .orderBy(reportDeliveries.nextAttemptAt)
    .limit(BATCH);
}

/**
 * The mail, in the workspace's brand with a plain-text part: the file attached, or a signed link when it is large;
 * an external recipient's unsubscribe link.
 */
async function messageOf(
  deps: DeliveryDeps,
  due: Due,
  recipient: { id: string; workspaceId: string } | null,
  now: number,
) {
  const { file, workspace, frequency } = due;
  const title = REPORT_TITLES[file.kind];
  const paragraphs = [`Here is ${workspace}'s ${frequency} ${title}.`];
  const attachments = [];
  const object = await deps.bucket.get(file.r2Key);
  if (!object) throw new Error(`report file ${file.id} is missing from storage`);
  const filename = `${workspace.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "report"}-${file.kind}.${file.format}`;
  let action: { label: string; url: string } | undefined;
  if (file.size <= (deps.attachmentLimit ?? ATTACHMENT_LIMIT_BYTES)) {
    attachments.push({
      filename,
      contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
      content: new Uint8Array(await object.arrayBuffer()),
    });
    paragraphs.push(`The report is attached (${file.format.toUpperCase()}).`);
  } else {
    const exp = now + REPORT_LINK_TTL_MS;
    const key = placedToken(file.workspaceId, file.id);
    const sig = await reportLinkSignature(deps.secret, key, exp);
    paragraphs.push("Download the report: the link works for 7 days.");
    action = { label: "Download the report", url: `${deps.origin}/api/report-files/${key}?exp=${exp}&sig=${sig}` };
  }
  const footer = recipient
    ? [
        `You receive this because ${workspace} added ${due.delivery.email} to its reports.`,
        `Unsubscribe: ${deps.origin}/unsubscribe/${await unsubscribeToken(deps.secret, recipient)}`,
      ]
    : [];
  const brand = await mailBrandOf(deps.db, { id: file.workspaceId, name: workspace }, deps.origin);
  const mail = brandedMail(brand, { subject: `${workspace}: ${title}`, paragraphs, action, footer });
  return { to: due.delivery.email, ...mail, attachments };
}

/**
 * Sends every delivery that is due, each claimed first so a concurrent cron skips it; a failed send is retried
 * with backoff, and after its last attempt the delivery is marked failed with the error. Answers how many went.
 * `fileId` limits it to one report's mails (Send now).
 */
export async function deliverDueReports(deps: DeliveryDeps, fileId?: string): Promise<number> {
  const now = deps.now();
  let sent = 0;
  for (const due of await dueDeliveries(deps, now, fileId)) {
    const { delivery } = due;
    const claimed = await deps.db
      .update(reportDeliveries)
      .set({ nextAttemptAt: now + CLAIM_MS, attempts: delivery.attempts + 1 })
      .where(and(eq(reportDeliveries.id, delivery.id), eq(reportDeliveries.attempts, delivery.attempts)))
      .returning({ id: reportDeliveries.id });
    if (!claimed.length) continue;
    const attempts = delivery.attempts + 1;
    try {
      await deps.mailer.send(
        await messageOf(deps, due, await externalRecipient(deps.db, delivery.scheduleId, delivery.email), now),
      );
      await deps.db
        .update(reportDeliveries)
        .set({ status: "sent", sentAt: now, nextAttemptAt: null, lastError: null })
        .where(eq(reportDeliveries.id, delivery.id));
      sent += 1;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = attempts >= REPORT_MAIL_ATTEMPTS;
      await deps.db
        .update(reportDeliveries)
        .set({
          status: last ? "failed" : "pending",
          lastError: message.slice(0, 500),
          nextAttemptAt: last ? null : now + REPORT_MAIL_BACKOFF_MS[attempts - 1]!,
        })
        .where(eq(reportDeliveries.id, delivery.id));
    }
  }
  return sent;
}

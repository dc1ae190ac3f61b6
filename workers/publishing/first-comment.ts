import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { postTargets } from "../db/schema/index";
import { PlatformError, type PublishRequest } from "../platforms";
import type { PublishDeps } from "./consumer";
import { claimComment, commentOutcome } from "./target-writes";

/**
 * Publishes a channel's first comment under its published post (ADR 021). It has its own status on the target:
 * a failed comment never touches the post's status and is never a reason to publish the post again; the user
 * retries the comment alone. The move to `pending` is conditional, so two runs never both send it. A lost
 * answer, and a retry of a failed comment, look the comment up before sending it (ADR 027). A user's retry sent with
 * an Idempotency-Key marks its claim (`mark`) in the claim of the comment (ADR 125). `built`: the request the
 * publish just built for this target (its comment and options), so the comment does not build it again.
 */
export async function publishFirstComment(
  targetId: string,
  deps: PublishDeps,
  mark?: () => BatchItem<"sqlite">,
  built?: Pick<PublishRequest, "firstComment" | "options">,
): Promise<void> {
  const target = await deps.db.query.postTargets.findFirst({ where: eq(postTargets.id, targetId) });
  if (target?.status !== "published" || !target.remoteId) return;
  const client = deps.client(target.platform);
  if (!client.reply || !target.version?.firstComment) return;
  const [claimed] = await deps.db.batch([claimComment(deps, targetId), ...(mark ? [mark()] : [])]);
  if (claimed.length === 0) return;
  try {
    const { firstComment, options } = built ?? (await deps.buildRequest(target)).request;
    if (!firstComment)
      throw new PlatformError("permanent", "This channel has no first comment.", { platform: target.platform });
    const credentials = await deps.credentials(target.accountId);
    const parentId = target.remoteId;
    const send = async () => (await client.reply!(credentials, parentId, firstComment, options)).remoteId;
    const lookUp = async () =>
      client.findReply ? client.findReply(credentials, parentId, firstComment, target.createdAt - 60_000) : null;
    let remoteId: string;
    try {
      // A retry may follow a lost answer: a platform that can be asked is asked first (never two comments).
      const found = target.commentStatus === "failed" ? await lookUp() : null;
      remoteId = found?.remoteId ?? (await send());
    } catch (err) {
      if (!(err instanceof PlatformError && err.details.outcomeUnknown)) throw err;
      // The answer was lost and the comment may be out: it is looked up before it is sent again (ADR 027).
      if (!client.findReply)
        throw new PlatformError(
          "retryable",
          `${err.message} — we could not confirm whether the comment was published; check the post before retrying.`,
          err.details,
        );
      remoteId = (await lookUp())?.remoteId ?? (await send());
    }
    await commentOutcome(deps, targetId, { remoteId });
  } catch (err) {
    const message = err instanceof PlatformError ? err.message : "The platform did not answer.";
    await commentOutcome(deps, targetId, { error: message });
  }
}

import { eq } from "drizzle-orm";
import { postTargets } from "../db/schema/index";
import { CRASH_RETRY_DELAY_SECONDS, MAX_RETRY_DELAY_SECONDS } from "../delivery";
import type { AccountCredentials } from "../platforms";
import type { PublishMessage } from "./claim";
import { type PublishDeps, publishTarget } from "./consumer";
import { settle } from "./delivery-writes";
import { stageTarget } from "./staging";

/** One target per message; targets are independent, so one channel's trouble never holds up another. */
export async function consumePublishBatch(batch: MessageBatch<PublishMessage>, shared: PublishDeps): Promise<void> {
  const deps = withBatchCredentials(shared);
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        const { targetId, accountId, platform } = message.body;
        const disposition = message.body.stage
          ? await stageTarget(targetId, deps)
          : await publishTarget(targetId, deps, accountId && platform ? { accountId, platform } : undefined);
        if (disposition.ack) message.ack();
        else message.retry({ delaySeconds: Math.min(disposition.delaySeconds, MAX_RETRY_DELAY_SECONDS) });
      } catch (err) {
        // Our own crash mid-publish: redelivery finds the target `publishing` and verifies before resending.
        console.error("publish failed unexpectedly", message.body.targetId, err);
        message.retry({ delaySeconds: CRASH_RETRY_DELAY_SECONDS });
      }
    }),
  );
}

/** Messages the queue gave up on end as failed (or unconfirmed if mid-publish) with a reason: never lost. */
export async function consumePublishDeadLetters(batch: MessageBatch<PublishMessage>, deps: PublishDeps): Promise<void> {
  for (const message of batch.messages) {
    // A lost staging step costs nothing: the sweep restarts it, and the publish works without it.
    if (!message.body.stage) await failFromDeadLetter(message.body.targetId, deps);
    message.ack();
  }
}

/**
 * An account's credentials are read and decrypted once per batch (a burst queues many targets of one account
 * together). A refresh replaces them for the messages after it; a reconnect flag or a failed read drops them, so
 * the next message reads the account again and meets its state.
 */
export function withBatchCredentials(deps: PublishDeps): PublishDeps {
  const known = new Map<string, Promise<AccountCredentials>>();
  const forget = (accountId: string) => known.delete(accountId);
  return {
    ...deps,
    credentials: (accountId, read) => {
      let credentials = known.get(accountId);
      if (!credentials) {
        credentials = deps.credentials(accountId, read);
        known.set(accountId, credentials);
        credentials.catch(() => known.get(accountId) === credentials && forget(accountId));
      }
      return credentials;
    },
    refreshCredentials: async (accountId) => {
      forget(accountId);
      const fresh = await deps.refreshCredentials(accountId);
      if (fresh) known.set(accountId, Promise.resolve(fresh));
      return fresh;
    },
    markNeedsReconnect: (accountId, cause) => {
      forget(accountId);
      return deps.markNeedsReconnect(accountId, cause);
    },
  };
}

/** A message that exhausted the queue's own retries lands here: it ends as failed with a reason, never lost. */
export async function failFromDeadLetter(
  targetId: string,
  deps: Pick<PublishDeps, "db" | "now" | "emit">,
): Promise<void> {
  const target = await deps.db.query.postTargets.findFirst({ where: eq(postTargets.id, targetId) });
  if (!target || !["queued", "publishing"].includes(target.status)) return;
  await settle(target, { ...deps } as PublishDeps, {
    status: target.status === "publishing" ? "unconfirmed" : "failed",
    errorKind: "retryable",
    errorMessage:
      target.status === "publishing"
        ? "Delivery stopped mid-publish after repeated errors; check the platform, then mark it published or retry."
        : "Delivery gave up after repeated errors.",
  });
}

import type { Services } from "../services";

/** Share next: the queue's next waiting post is due now and sent at once, even from a paused queue (ADR 022). */
export async function shareNextNow(
  services: Pick<Services, "queue" | "publishing">,
  workspaceId: string,
  accountId: string,
) {
  const next = await services.queue.shareNext(workspaceId, accountId);
  await services.publishing.dispatchTarget(workspaceId, next.targetId);
  return next;
}

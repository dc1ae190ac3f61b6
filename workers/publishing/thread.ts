import type { refreshOnce } from "../platforms";
import { PlatformError, type PublishRequest, type PublishResult } from "../platforms";
import type { Disposition, PublishDeps, TargetRow } from "./consumer";
import { recordParts as writeParts } from "./target-writes";
import { nextThreadStep, partLabel } from "./thread-steps";

/** How the consumer settles what this module decides (kept there: one place writes a target's outcome). */
export interface ThreadOutcomes {
  /** Every part is out: record the channel published under part 1's id. */
  published(target: TargetRow, result: PublishResult): Promise<Disposition>;
  /** A part failed with a known outcome: retry later, fail, or ask for a reconnect, as for the post itself. */
  failed(target: TargetRow, error: PlatformError, started: number, kind: "part"): Promise<Disposition>;
  /** Whether a part went out cannot be told: the user decides. */
  unconfirmed(target: TargetRow, message: string, error: PlatformError): Promise<Disposition>;
  log(targetId: string, started: number, kind: string, outcome: string, error: PlatformError | null): Promise<void>;
}

export interface ThreadRun {
  access: ReturnType<typeof refreshOnce>;
  request: PublishRequest;
  /** Part 1's permalink, once known. */
  permalink: string | null;
  /**
   * True when this delivery picks up a thread an earlier one started (a retry, a crash, a redelivery): the
   * next part may already be on the platform, so it is looked up before it is sent.
   */
  resumed: boolean;
}

/**
 * Records part 1's id (and link) while the channel is still `publishing`, so a later failure resumes the
 * thread instead of publishing the post again. False when the target was settled elsewhere meanwhile.
 */
export async function recordParts(
  deps: Pick<PublishDeps, "db" | "now">,
  targetId: string,
  partIds: string[],
  permalink?: string | null,
): Promise<boolean> {
  const moved = await writeParts(deps, targetId, partIds, permalink);
  return moved.length > 0;
}

/**
 * Publishes the parts of a thread after the recorded ones (ADR 027), each as a reply to the previous, and
 * records each id as soon as the platform confirms it: a failure or a crash resumes from the missing part
 * and never sends an earlier one again. A lost answer to a part is looked up (`findReply`) before the part
 * is sent again, as ADR 010 does for the post itself.
 */
export async function publishRemainingParts(
  target: TargetRow,
  deps: PublishDeps,
  run: ThreadRun,
  outcomes: ThreadOutcomes,
): Promise<Disposition> {
  const parts = [run.request.text, ...(run.request.thread ?? [])];
  const client = deps.client(target.platform);
  const since = target.createdAt - 60_000;
  const ids = [...(target.partIds ?? [])];
  let look = run.resumed;
  for (let step = nextThreadStep(parts.length, ids); step.kind === "reply"; step = nextThreadStep(parts.length, ids)) {
    const { index, parentId } = step;
    const text = parts[index]!;
    const label = partLabel(index, parts.length);
    const started = deps.now();
    const lookUp = async () => {
      if (!client.findReply)
        throw new PlatformError("permanent", `${target.platform} offers no way to look a reply up.`, {
          platform: target.platform,
        });
      return client.findReply(run.access.credentials, parentId, text, since);
    };
    let remoteId: string;
    /** "found" when the part turned out to be on the platform already. */
    let outcome = "published";
    try {
      const found = look ? await lookUp() : null;
      if (found) outcome = "found";
      remoteId =
        found?.remoteId ??
        (await run.access.call((c) => client.reply!(c, parentId, text, run.request.options))).remoteId;
    } catch (err) {
      const error = asPartError(err, target, label);
      if (!error.details.outcomeUnknown) return outcomes.failed({ ...target, partIds: ids }, error, started, "part");
      await outcomes.log(target.id, started, "part", "unknown", error);
      // The part may be out: look before anything is sent again.
      const checked = deps.now();
      let found: { remoteId: string } | null;
      try {
        found = await lookUp();
      } catch (lookupErr) {
        const why = asPartError(lookupErr, target, label);
        return outcomes.unconfirmed(
          target,
          `We could not confirm whether ${label.toLowerCase()} of the thread was published (${why.message}). Check the platform, then mark it published or retry.`,
          why,
        );
      }
      if (!found) {
        await outcomes.log(target.id, checked, "verify", "not_found", null);
        const retry = new PlatformError("retryable", error.message, { platform: target.platform });
        return outcomes.failed({ ...target, partIds: ids }, retry, checked, "part");
      }
      outcome = "found";
      remoteId = found.remoteId;
    }
    ids.push(remoteId);
    if (!(await recordParts(deps, target.id, [...ids]))) return { ack: true };
    await outcomes.log(target.id, started, "part", outcome, null);
    look = false;
  }
  return outcomes.published({ ...target, partIds: ids }, { remoteId: ids[0]!, permalink: run.permalink });
}

/** A part's failure names the part, so the channel says which one stopped the thread. */
function asPartError(err: unknown, target: TargetRow, label: string): PlatformError {
  if (err instanceof PlatformError) return new PlatformError(err.kind, `${label}: ${err.message}`, err.details);
  const message = err instanceof Error ? err.message : String(err);
  return new PlatformError("retryable", `${label}: ${message}`, { platform: target.platform, outcomeUnknown: true });
}

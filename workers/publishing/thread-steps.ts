/**
 * Where a thread (ADR 027) stands, from the remote ids recorded so far. Part 1 is the post itself; part n+1
 * is a reply to part n and is sent only once part n's id is recorded, so only the part right after the last
 * recorded one can be out on the platform unknown to us. Pure.
 */
export type ThreadStep =
  /** Nothing recorded: the post itself goes out (the ordinary publish, looked up per ADR 010). */
  | { kind: "first" }
  /** Part `index` (0-based) goes out as a reply to `parentId`. */
  | { kind: "reply"; index: number; parentId: string }
  /** Every part is out: the channel is published. */
  | { kind: "done" };

export function nextThreadStep(partCount: number, partIds: readonly string[]): ThreadStep {
  if (partIds.length === 0) return { kind: "first" };
  // A thread shortened after a failure (the user removed its unsent parts) is done with what went out.
  if (partIds.length >= partCount) return { kind: "done" };
  return { kind: "reply", index: partIds.length, parentId: partIds[partIds.length - 1]! };
}

/** "part 3 of 5", as failures and unconfirmed outcomes name the part. */
export const partLabel = (index: number, partCount: number) => `Part ${index + 1} of ${partCount}`;

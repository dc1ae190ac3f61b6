/** The dashboard's first-run checklist (issue 42), as a pure rule over what the workspace already has. */

export interface FirstRunFacts {
  connectedPlatforms: number | null;
  mediaFiles: number | null;
  /** Scheduled, held and published posts together: any post that was ever set to go out. */
  postsSent: number | null;
  /** Members beyond the caller plus pending invitations; null when the caller cannot invite. */
  teammates: number | null;
}

export interface FirstRunStep {
  id: "connect" | "upload" | "schedule" | "invite";
  label: string;
  to: string;
  done: boolean;
  optional: boolean;
}

/**
 * The steps, in the order a newcomer takes them. Inviting is optional (a creator may work alone) and shown only
 * to those who may invite. A part that failed to load (null) counts as not done rather than hiding the list.
 */
export function firstRunSteps(facts: FirstRunFacts): FirstRunStep[] {
  const steps: FirstRunStep[] = [
    {
      id: "connect",
      label: "Connect a social account",
      to: "/settings?tab=accounts",
      done: (facts.connectedPlatforms ?? 0) > 0,
      optional: false,
    },
    {
      id: "upload",
      label: "Upload an image or video",
      to: "/content?tab=media",
      done: (facts.mediaFiles ?? 0) > 0,
      optional: false,
    },
    {
      id: "schedule",
      label: "Schedule your first post",
      to: "/content?compose=1",
      done: (facts.postsSent ?? 0) > 0,
      optional: false,
    },
  ];
  if (facts.teammates !== null)
    steps.push({
      id: "invite",
      label: "Invite a teammate",
      to: "/settings?tab=workspace",
      done: facts.teammates > 0,
      optional: true,
    });
  return steps;
}

/** The checklist goes away once every step that is not optional is done. */
export function firstRunComplete(steps: FirstRunStep[]): boolean {
  return steps.every((s) => s.done || s.optional);
}

/**
 * What the send controls say where the member's Schedule, Publish Now, Add to queue and Repost Now submit the post
 * for approval instead (ADR 128; the server's rule is `needsApproval`, ADR 016): the button says so before the
 * click, and the toast after it names the approvers' step. Apart from the dialogs so the pages do not load it.
 */
export const SubmitLabels = {
  send: "Submit for approval",
  queue: "Submit to the queue for approval",
  repost: "Submit repost for approval",
} as const;

/** The line beside the send buttons: who approves and what then happens, for Publish Now or a chosen time. */
export function submissionNote(now: boolean, mayApprove: boolean): string {
  const who = mayApprove
    ? "This workspace requires approval: it waits in Approvals until you or another approver"
    : "It waits in Approvals until an owner, admin or editor";
  return `${who} approves it; then it ${now ? "publishes at once" : "goes out at its time"}.`;
}

/** The toast after a submission: the server's words, then the approvers' step. */
export function submittedToast(message: string, mayApprove: boolean): string {
  return mayApprove
    ? `${message}: approve it in Approvals to send it out.`
    : `${message}: an owner, admin or editor approves it in Approvals before it goes out.`;
}

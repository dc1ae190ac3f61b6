import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { secondaryButton } from "~/components/ui/styles";
import { preloadable } from "~/lib/preloadable";
import type { InboxItemView } from "../../../workers/inbox/index";

const ConfirmDialog = preloadable(() => import("~/components/ui/ConfirmDialog").then((m) => m.ConfirmDialog));

/**
 * Hide or show, like or unlike, and delete the comment on its network: only the actions that network's API offers
 * (ADR 083), each the opposite of the item's state; nothing once the network deleted it. A delete is asked first:
 * the network cannot take it back.
 */
export function ModerationForm({ item, offered, busy }: { item: InboxItemView; offered: string[]; busy: boolean }) {
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  if (item.deleted || item.kind === "message") return null;
  const toggles = [
    item.hidden ? ["unhide", "Show again"] : ["hide", "Hide"],
    item.liked ? ["unlike", "Unlike"] : ["like", "Like"],
  ].filter(([intent]) => offered.includes(intent!));
  const canDelete = offered.includes("delete");
  if (toggles.length === 0 && !canDelete) return null;
  const preload = () => void ConfirmDialog.preload().catch(() => {});
  return (
    <Form method="post" className="flex gap-2">
      <input type="hidden" name="id" value={item.id} />
      {toggles.map(([intent, label]) => (
        <button key={intent} type="submit" name="intent" value={intent} className={secondaryButton} disabled={busy}>
          {label}
        </button>
      ))}
      {canDelete ? (
        <button
          type="button"
          className={secondaryButton}
          disabled={busy}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => setConfirming(true)}
        >
          Delete
        </button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title="Delete this comment on the network?"
          description="It goes from the post for everyone, and cannot be brought back from Postline."
          confirmLabel="Delete comment"
          onConfirm={() => void submit({ intent: "delete", id: item.id }, { method: "post" })}
        />
      ) : null}
    </Form>
  );
}

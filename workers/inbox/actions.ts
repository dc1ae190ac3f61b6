import { Conflict, Gone } from "../errors";
import { PLATFORM_PROFILES } from "../platform-profile";
import { type AccountCredentials, type InboxAdapter, refreshOnce } from "../platforms";
import { refusalOf } from "./refusal";
import { INBOX_ACTIONS, type InboxAction } from "./schemas";
import type { InboxItemRow, InboxStore } from "./store";

/**
 * Hide, unhide, like, unlike and delete a comment through its network's API (ADR 083). The network is called
 * first and the item records the outcome only once the network has taken it; each is safe to repeat (hiding a
 * hidden comment, deleting a deleted one), so a lost answer is simply tried again by the member.
 */
export const ActionMessages = {
  unsupported: (name: string, action: InboxAction) =>
    `${name} does not let apps ${action === "unlike" ? "like" : action === "unhide" ? "hide" : action} comments; do it on ${name}.`,
  deleted: "This comment was deleted on the network.",
  /** The account's consent lacks what the action needs (e.g. X's `like.write`): a new consent grants it. */
  reconnect: "Reconnect the account to allow it.",
  done: { hide: "Hidden", unhide: "Shown again", like: "Liked", unlike: "Like taken back", delete: "Deleted" },
} as const;

export async function takeAction(
  deps: {
    store: InboxStore;
    now: () => number;
    credentials: (accountId: string) => Promise<AccountCredentials>;
    refreshCredentials: (accountId: string) => Promise<AccountCredentials | null>;
  },
  adapter: InboxAdapter | null,
  item: InboxItemRow,
  action: InboxAction,
): Promise<void> {
  const name = PLATFORM_PROFILES[item.platform].brand;
  if (item.deletedAt) throw new Gone(ActionMessages.deleted);
  const call = callFor(adapter, action);
  if (!call) throw new Conflict(ActionMessages.unsupported(name, action));
  const access = refreshOnce(await deps.credentials(item.accountId), () => deps.refreshCredentials(item.accountId));
  try {
    await access.call((c) => call(c, item.remoteId));
  } catch (err) {
    throw refusalOf(err, name, "it", ActionMessages.reconnect);
  }
  const now = deps.now();
  const patch = {
    hide: { hiddenAt: now },
    // A member who shows it again overrules the rule that hid it, so it is not hidden again (ADR 102).
    unhide: { hiddenAt: null, ruleHiddenAt: null },
    like: { likedAt: now },
    unlike: { likedAt: null },
    delete: { deletedAt: now },
  }[action];
  await deps.store.actionTaken(item.id, patch);
}

/** The actions the network's API offers on a comment, which the inbox page shows as buttons. */
export function actionsOffered(adapter: InboxAdapter | null): InboxAction[] {
  return INBOX_ACTIONS.filter((action) => callFor(adapter, action));
}

type Call = (account: AccountCredentials, remoteId: string) => Promise<void>;

function callFor(adapter: InboxAdapter | null, action: InboxAction): Call | null {
  const { hide, like, remove } = adapter ?? {};
  if (action === "hide" || action === "unhide") return hide ? (a, id) => hide(a, id, action === "hide") : null;
  if (action === "like" || action === "unlike") return like ? (a, id) => like(a, id, action === "like") : null;
  return remove ? (a, id) => remove(a, id) : null;
}

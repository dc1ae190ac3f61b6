import type { Services } from "../services";
import type { AccountView } from "./view";

export const DISCONNECTED = "Account disconnected successfully";

type Deps = Pick<Services, "holds" | "accounts">;
type AffectedPost = Awaited<ReturnType<Services["holds"]["affectedByDisconnect"]>>[number];

/**
 * A disconnect with its confirmation step: when scheduled posts would publish through these accounts and the
 * caller has not confirmed, nothing changes and the answer names them (the API's 409, the page's second step).
 * Otherwise their waiting channels are held first, then the accounts are forgotten.
 */
export async function disconnectAccounts(
  { holds, accounts }: Deps,
  workspaceId: string,
  userId: string,
  targets: AccountView[],
  confirmed: boolean,
): Promise<{ ask: { message: string; posts: AffectedPost[] } } | { disconnected: AccountView[] }> {
  const posts = await holds.affectedByDisconnect(
    workspaceId,
    targets.map((a) => a.id),
  );
  if (posts.length > 0 && !confirmed) {
    const n = posts.length === 1 ? "1 scheduled post publishes" : `${posts.length} scheduled posts publish`;
    const message = `${n} to this account. If you disconnect it, those channels wait (they are not published) until you reconnect the same account. Disconnect anyway?`;
    return { ask: { message, posts } };
  }
  await holds.holdForDisconnect(workspaceId, targets);
  const disconnected: AccountView[] = [];
  for (const a of targets) disconnected.push(await accounts.disconnect(workspaceId, a.id, userId));
  return { disconnected };
}

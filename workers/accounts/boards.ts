import { z } from "zod";
import { Invalid, UpstreamFailed } from "../errors";
import { PLATFORM_NAMES } from "../platform-profile";
import { PlatformError, type RemoteBoard } from "../platforms";
import type { AccountsService } from "./service";

/** A new board from the composer: Pinterest allows names of up to 180 characters (BoardSection/BoardCreate). */
export const newBoardBody = z.object({
  name: z.string().trim().min(1, "Name the board").max(180, "A board name is at most 180 characters"),
  privacy: z.enum(["PUBLIC", "SECRET"], { error: "Privacy is PUBLIC or SECRET" }).default("PUBLIC"),
});

/**
 * The boards of one of the workspace's accounts (Pinterest), read live so a board made on Pinterest shows at
 * once; `create` makes one first. Another workspace's account is a 404; a network without boards is refused.
 */
export async function accountBoards(
  accounts: AccountsService,
  workspaceId: string,
  id: string,
  create?: z.output<typeof newBoardBody>,
): Promise<{ boards: RemoteBoard[]; created: RemoteBoard | null }> {
  const account = await accounts.get(workspaceId, id);
  const client = accounts.client(account.platform);
  if (!client.boards || !client.createBoard) throw new Invalid(`${PLATFORM_NAMES[account.platform]} has no boards`);
  try {
    const credentials = await accounts.accountCredentials(account.id);
    const created = create ? await client.createBoard(credentials, create) : null;
    return { boards: await client.boards(credentials), created };
  } catch (err) {
    // Pinterest's own words (a taken name, a missing scope) reach the user; a 4xx is theirs to fix.
    if (err instanceof PlatformError)
      throw err.details.status && err.details.status < 500 ? new Invalid(err.message) : new UpstreamFailed(err.message);
    throw err;
  }
}

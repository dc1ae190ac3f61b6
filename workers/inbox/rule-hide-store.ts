import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { inboxItems } from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { notMoving } from "../tenancy/moving";

/** The comments a rule hid in Postline, waiting for their network to hide them too (ADR 102). */
export class RuleHideStore {
  constructor(private readonly db: Db) {}

  /** Comments a rule hid that their network (one of `platforms`, those that hide) has yet to hide, oldest first. */
  pending(limit: number, platforms: Platform[], workspaceId?: string, moving: readonly string[] = []) {
    return this.db
      .select()
      .from(inboxItems)
      .where(
        and(
          isNotNull(inboxItems.ruleHiddenAt),
          isNull(inboxItems.hiddenAt),
          isNull(inboxItems.hideError),
          isNull(inboxItems.deletedAt),
          eq(inboxItems.kind, "comment"),
          inArray(inboxItems.platform, platforms),
          workspaceId ? eq(inboxItems.workspaceId, workspaceId) : undefined,
          notMoving(inboxItems.workspaceId, moving),
        ),
      )
      .orderBy(asc(inboxItems.ruleHiddenAt))
      .limit(limit)
      .all();
  }

  /** The network refused for good to hide what a rule hid: its words are kept and it is not asked again. */
  async refused(id: string, message: string) {
    await this.db.update(inboxItems).set({ hideError: message }).where(eq(inboxItems.id, id));
  }
}

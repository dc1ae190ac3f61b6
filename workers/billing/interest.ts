import type { Db } from "../db/client";
import { billingInterest } from "../db/schema/index";

export const BILLING_NOTIFY_MESSAGE = "You'll be notified when billing features are available!";

/** Billing is not offered yet: a user asks to be told when it is (once; asking again changes nothing). */
export async function registerBillingInterest(directory: Db, userId: string) {
  await directory.insert(billingInterest).values({ userId }).onConflictDoNothing();
}

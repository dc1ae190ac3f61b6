import { unsubscribe, unsubscribeDeps, unsubscribeView } from "../../workers/analytics/index";
import type { AppContext } from "../../workers/context";
import { NotFound } from "../../workers/errors";

/** Whose report the link stops, or null for a link that is not ours. */
export async function unsubscribeData({ services }: AppContext, token: string) {
  try {
    return { view: await unsubscribeView(await unsubscribeDeps(services, token), token) };
  } catch (err) {
    if (err instanceof NotFound) return { view: null };
    throw err;
  }
}

/** The button's POST: the same as POST /api/report-unsubscribe/:token. */
export async function unsubscribeAction({ services }: AppContext, token: string) {
  const done = await unsubscribe(await unsubscribeDeps(services, token), token, services.now());
  return { ok: true as const, intent: "unsubscribe", message: `${done.email} will no longer receive this report.` };
}

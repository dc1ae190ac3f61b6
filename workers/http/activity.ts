import type { Context } from "hono";
import type { Services } from "../services";
import type { SignedInEnv } from "./app-env";

type Entry = Parameters<Services["activity"]["entry"]>[0];
/** What a write names in its entry; who and when come from the request. */
export type Written = Pick<Entry, "action" | "subject" | "subjectId" | "summary">;

/**
 * Records a member's write in the workspace's activity log once it succeeded (ADR 086): for the set-up writes
 * (media, feeds, queues, categories, links, reports, inbox triage) whose services know no member. A page action
 * passes its session's member and workspace; a route passes its context (`loggedWrite`).
 */
export function recordWrite(services: Services, by: { workspaceId: string; userId: string }, written: Written) {
  return services.activity.entry({ ...by, ...written, at: services.now() });
}

/** `recordWrite` for an API route: the request's member in the request's workspace. */
export const loggedWrite = (c: Context<SignedInEnv>, written: Written) =>
  recordWrite(c.var.services, { workspaceId: c.var.workspace.id, userId: c.var.auth.user.id }, written);

import { data } from "react-router";
import { runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import type { AppContext } from "../../workers/context";
import { FeedReplies, feedCreateBody, feedService } from "../../workers/feeds/index";
import { recordWrite } from "../../workers/http/activity";
import { parseOrThrow } from "../../workers/http/validate";
import { ensurePermitted } from "../../workers/tenancy/middleware";

/** Content → Feeds: the workspace's feeds and the channels a feed can post to, read as GET /api/feeds reads them. */
export async function feedsTabData(ctx: AppContext, url: URL) {
  const { workspace, vars } = signedIn(ctx, url);
  ensurePermitted(vars, "workspace.read");
  const [feeds, accounts] = await Promise.all([
    feedService(ctx.services).list(workspace.id),
    ctx.services.accounts.list(workspace.id),
  ]);
  return {
    feeds,
    channels: accounts
      .filter((a) => a.connected)
      .map((a) => ({ id: a._id, platform: a.platform, name: a.displayName })),
  };
}

/** Content → Feeds' forms: add (POST /api/feeds), check now and remove, with the API's rules and messages. */
export async function feedsAction(request: Request, ctx: AppContext, url: URL) {
  const { actor, vars } = signedIn(ctx, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const feeds = feedService(ctx.services);
  // Each change is in the activity log, as the API's feed routes record it.
  const log = (action: "feed_added" | "feed_deleted", f: { id: string; title: string | null; url: string }) =>
    recordWrite(
      ctx.services,
      { workspaceId: actor.workspace.id, userId: actor.userId },
      {
        action,
        subject: "feed",
        subjectId: f.id,
        summary: f.title ?? f.url,
      },
    );
  return runForm(
    intent,
    async () => {
      ensurePermitted(vars, "posts.publish");
      switch (intent) {
        case "feed-add": {
          const body = parseOrThrow(feedCreateBody, {
            url: form.get("url") ?? "",
            mode: form.get("mode") ?? undefined,
            accountIds: form.getAll("accountIds").map(String),
            template: form.get("template") || undefined,
          });
          await log("feed_added", await feeds.add(actor, body));
          return { ok: true as const, intent, message: FeedReplies.added };
        }
        case "feed-check": {
          const { result } = await feeds.checkNow(actor.workspace.id, id);
          return { ok: true as const, intent, id, message: FeedReplies.checked(result.posted, result.error) };
        }
        case "feed-remove":
          await log("feed_deleted", await feeds.remove(actor.workspace.id, id));
          return { ok: true as const, intent, id, message: FeedReplies.removed };
        default:
          return data<FormReply>({ ok: false, intent, message: "Unknown form." }, { status: 400 });
      }
    },
    id || undefined,
  );
}

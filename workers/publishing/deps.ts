import type { targetStagings } from "../db/schema/index";
import { LinkStore, trackingReads, trackLinks } from "../links";
import { PLATFORM_PROFILES } from "../platform-profile";
import type { Services } from "../services";
import { directoryNames } from "../tenancy/public-names";
import type { PublishDeps } from "./consumer";
import { buildPublishRequest } from "./publish-payload";
import { stagingRead } from "./staging";

/** The consumer's dependencies from the request-independent services (queue and cron have no request). */
export function publishDeps(
  services: Pick<
    Services,
    | "db"
    | "directory"
    | "now"
    | "platformAccess"
    | "mediaUrls"
    | "env"
    | "config"
    | "webhooks"
    | "activity"
    | "notifications"
  >,
): PublishDeps {
  const { db, directory, now, platformAccess, mediaUrls, env, config } = services;
  const links = new LinkStore(db);
  const names = directoryNames(directory);
  return {
    db,
    now,
    client: platformAccess.client,
    credentials: platformAccess.credentials,
    accountRead: platformAccess.accountRead,
    refreshCredentials: platformAccess.refreshCredentials,
    markNeedsReconnect: platformAccess.markNeedsReconnect,
    emit: services.webhooks.emit,
    endpointsRead: services.webhooks.endpointsRead,
    emitTo: services.webhooks.emitTo,
    activity: (entry) => services.activity.entry(entry),
    announceFailure: (target, reason) => services.notifications.channelFailed(target, reason),
    // Links become the channel's short links after the request is built (ADR 067). The link settings, the post's
    // link choices and labels, and the target's staging row are read in the batch that reads the post.
    buildRequest: async (target) => {
      const tracking = trackingReads(links, target);
      const { request, joined } = await buildPublishRequest(
        db,
        {
          signedUrl: (id, filename) =>
            mediaUrls.signedMediaUrl(config.APP_ORIGIN, id, { filename, workspaceId: target.workspaceId }),
          open: async (key) => {
            const object = await env.MEDIA.get(key);
            if (!object) throw new Error(`media object ${key} is missing`);
            return object.body;
          },
        },
        target,
        [...tracking.reads, stagingRead(db, target.id)],
      );
      const tracked = await trackLinks(tracking.answered(joined), names, config.APP_ORIGIN, target, request);
      return { request: tracked, staging: (joined.at(-1) as Array<typeof targetStagings.$inferSelect>)[0] ?? null };
    },
    gate: async (accountId, platform) => {
      let wait = 0;
      for (const { limit, windowMs } of PLATFORM_PROFILES[platform].publishPace) {
        const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`publish:${accountId}:${windowMs}`));
        const decision = await stub.hit(limit, windowMs, now());
        if (!decision.allowed) wait = Math.max(wait, decision.retryAfterSeconds);
      }
      return { allowed: wait === 0, retryAfterSeconds: wait };
    },
  };
}

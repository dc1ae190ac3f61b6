import { EMULATED_FEED_HOST } from "../platforms";
import type { Services } from "../services";
import { membershipsOf, membershipsQuery } from "../tenancy/membership";
import { type FeedFetch, fetchFeed } from "./fetch";
import type { PollDeps } from "./poll";
import { FeedService } from "./service";
import { FeedStore } from "./store";

const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/**
 * A check's dependencies from the services of one shard (a request's, or the cron's). In sandbox mode the
 * fetch is the emulator's and only its feed host is let through; in live mode, the network, public hosts only.
 */
export function feedDeps(
  services: Pick<
    Services,
    "db" | "now" | "config" | "upstreamFetch" | "directory" | "accounts" | "media" | "postCommands" | "webhooks"
  >,
): PollDeps {
  const sandbox = services.config.PLATFORMS_MODE === "sandbox";
  const io: FeedFetch = {
    fetch: services.upstreamFetch,
    allowedHosts: new Set(sandbox ? [EMULATED_FEED_HOST] : []),
  };
  return {
    store: new FeedStore(services.db),
    io,
    now: services.now,
    actorFor: async (feed) => {
      const mine = membershipsOf(await services.directory.all(membershipsQuery(feed.createdBy, feed.workspaceId)));
      const workspace = mine.find((w) => w.id === feed.workspaceId);
      return workspace ? { userId: feed.createdBy, workspace } : null;
    },
    accounts: async (workspaceId) =>
      new Map((await services.accounts.list(workspaceId)).filter((a) => a.connected).map((a) => [a._id, a.platform])),
    createPost: async (actor, fields, addToQueue) =>
      (await services.postCommands.create(actor, fields, { addToQueue })).post,
    announce: (feed, item, postId) =>
      services.webhooks.emit(feed.workspaceId, "feed.item_posted", {
        feedId: feed.id,
        feedUrl: feed.url,
        postId,
        title: item.title,
        link: item.link,
        mode: feed.mode,
      }),
    saveImage: async (actor, url) => {
      // The item's picture, fetched under the feed's rules; one that cannot be read leaves the post without it.
      const image = await fetchImage(io, url);
      if (!image) return null;
      const [saved] = await services.media.saveFiles(
        { workspaceId: actor.workspace.id, userId: actor.userId },
        [image],
        {
          folder: "feeds",
          tags: ["feed"],
          altText: "",
        },
      );
      return saved?.id ?? null;
    },
  };
}

async function fetchImage(io: FeedFetch, url: string): Promise<File | null> {
  try {
    const answer = await fetchFeed({ ...io, maxBytes: MAX_IMAGE_BYTES }, url, { etag: null, lastModified: null });
    if (!answer.changed) return null;
    const name = new URL(url).pathname.split("/").pop() || "feed-image";
    return new File([answer.bytes.slice()], name);
  } catch {
    return null;
  }
}

export const feedService = (services: Parameters<typeof feedDeps>[0]) => new FeedService(feedDeps(services));

import { EMULATED_FEED_HOST } from "../platforms";
import type { Services } from "../services";
import { membershipsOf, membershipsQuery } from "../tenancy/membership";
import { type FeedFetch, fetchFeed } from "./fetch";
import { pageImage } from "./parse";
import type { PollDeps } from "./poll";
import { FeedService } from "./service";
import { FeedStore } from "./store";

const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** An article page is read only for its meta tags; a larger one keeps its picture to itself. */
const MAX_PAGE_BYTES = 1024 * 1024;

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
    pageImage: async (url) => {
      const page = await fetchCapped(io, url, MAX_PAGE_BYTES);
      return page ? pageImage(new TextDecoder().decode(page), url) : null;
    },
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

/** A URL's body under the feed rules (https, public host, time and size limits), or null when it cannot be read. */
async function fetchCapped(io: FeedFetch, url: string, maxBytes: number): Promise<Uint8Array | null> {
  try {
    const answer = await fetchFeed({ ...io, maxBytes }, url, { etag: null, lastModified: null });
    return answer.changed ? answer.bytes : null;
  } catch {
    return null;
  }
}

async function fetchImage(io: FeedFetch, url: string): Promise<File | null> {
  const bytes = await fetchCapped(io, url, MAX_IMAGE_BYTES);
  return bytes && new File([bytes.slice()], new URL(url).pathname.split("/").pop() || "feed-image");
}

export const feedService = (services: Parameters<typeof feedDeps>[0]) => new FeedService(feedDeps(services));

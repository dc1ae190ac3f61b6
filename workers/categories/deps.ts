import { inArray } from "drizzle-orm";
import { workspaces } from "../db/schema/workspaces";
import { NotFound } from "../errors";
import { labelService } from "../labels";
import { LinkStore } from "../links";
import type { Services } from "../services";
import { membershipsOf, membershipsQuery } from "../tenancy/membership";
import type { RepeatDeps } from "./repeat";
import { CategoryService } from "./service";
import { CategoryStore } from "./store";

type CategoryServices = Pick<Services, "db" | "now" | "directory" | "posts" | "postCommands" | "ai" | "webhooks">;

/** The evergreen job's dependencies from the services of one shard (the cron's, or a test's). */
export function repeatDeps(services: CategoryServices): RepeatDeps {
  return {
    store: new CategoryStore(services.db),
    now: services.now,
    zones: async (ids) => {
      if (ids.length === 0) return new Map();
      const rows = await services.directory
        .select({ id: workspaces.id, timezone: workspaces.timezone })
        .from(workspaces)
        .where(inArray(workspaces.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r.timezone]));
    },
    actorFor: async (category) => {
      const mine = membershipsOf(
        await services.directory.all(membershipsQuery(category.createdBy, category.workspaceId)),
      );
      const workspace = mine.find((w) => w.id === category.workspaceId);
      return workspace ? { userId: category.createdBy, workspace } : null;
    },
    source: async (workspaceId, postId) => {
      try {
        const [post, labels, links] = await Promise.all([
          services.posts.get(workspaceId, postId),
          labelService(services).ofPost(workspaceId, postId),
          new LinkStore(services.db).postOptions(postId),
        ]);
        const ownLinks = links && {
          shorten: links.shorten,
          utmCampaign: links.utmCampaign,
          utmMedium: links.utmMedium,
        };
        return { ...post, labelIds: labels.map((l) => l.id), links: ownLinks };
      } catch (error) {
        if (error instanceof NotFound) return null;
        throw error;
      }
    },
    createPost: async (actor, fields) => (await services.postCommands.create(actor, fields)).post,
    announce: (category, copy) =>
      services.webhooks.emit(category.workspaceId, "category.post_requeued", {
        categoryId: category.id,
        categoryName: category.name,
        postId: copy.postId,
        sourcePostId: copy.sourcePostId,
        scheduledAt: new Date(copy.slotAt).toISOString(),
      }),
    rewrite: async (actor, platform, text) => {
      try {
        const ai = services.ai({ workspaceId: actor.workspace.id, userId: actor.userId });
        return (await ai.optimize({ targetPlatform: platform, content: text })).optimizedContent;
      } catch (error) {
        console.error("evergreen rewrite failed", error);
        return null;
      }
    },
  };
}

export const categoryService = (services: CategoryServices) =>
  new CategoryService(new CategoryStore(services.db), services.now, (workspaceId, postId) =>
    services.posts.get(workspaceId, postId),
  );

import { z } from "zod";
import { CategoryList } from "../categories";
import { ACCOUNT_STATUSES } from "../db/schema/accounts";
import { POST_STATUSES, TARGET_STATUSES } from "../db/schema/posts";
import { CampaignReport } from "../labels";
import { PieceList } from "../pieces";
import { PLATFORMS } from "../platform-profile";

/**
 * What the MCP tools answer as structured content, for their `outputSchema`. Loose objects: they name the
 * fields an agent acts on and let the rest of the REST answer through, so a new field never fails a call.
 */
const iso = z.string().nullable();
const platform = z.enum(PLATFORMS);

const channel = z.looseObject({
  _id: z.string(),
  platform,
  username: z.string(),
  displayName: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  health: z.looseObject({ state: z.enum(["ok", "expiring", "needs_reconnect"]) }),
});

const target = z.looseObject({
  id: z.string(),
  platform,
  accountId: z.string(),
  status: z.enum(TARGET_STATUSES),
  dueAt: iso,
  publishedAt: iso,
  permalink: z.string().nullable(),
  error: z.looseObject({ message: z.string() }).nullable(),
});

const problem = z.object({ platform, accountId: z.string().nullable(), message: z.string() });

export const McpOutputs = {
  channels: z.object({ channels: z.array(channel) }),
  /** A post as the REST API answers it (SPEC §3 Post), each channel under platformPosts. */
  post: z.looseObject({
    _id: z.string(),
    content: z.string(),
    status: z.enum(POST_STATUSES),
    platforms: z.array(platform),
    scheduledDate: iso,
    timezone: z.string(),
    platformPosts: z.array(target),
  }),
  validation: z.object({ valid: z.boolean(), messages: z.array(z.string()), problems: z.array(problem) }),
  status: z.object({ id: z.string(), status: z.enum(POST_STATUSES), channels: z.array(target) }),
  upcoming: z.object({
    upcoming: z.array(
      z.object({
        targetId: z.string(),
        postId: z.string(),
        platform,
        accountId: z.string(),
        status: z.enum(TARGET_STATUSES),
        dueAt: iso,
        content: z.string(),
      }),
    ),
  }),
  categories: CategoryList,
  feeds: z.object({
    feeds: z.array(
      z.looseObject({
        id: z.string(),
        url: z.string(),
        title: z.string().nullable(),
        lastError: z.string().nullable(),
      }),
    ),
  }),
  clicks: z.looseObject({
    from: z.string(),
    to: z.string(),
    total: z.number(),
    byChannel: z.array(z.looseObject({ platform, clicks: z.number() })),
    byPost: z.array(z.looseObject({ postId: z.string(), clicks: z.number() })),
    bio: z.looseObject({ total: z.number() }),
  }),
  pieces: PieceList,
  campaigns: CampaignReport,
};

import type { Db } from "../db/client";
import { Conflict, NotFound } from "../errors";
import type { Platform } from "../platform-profile";
import { clickDay, finalUrls, linkPlan, linksFixed } from "./rules";
import { type LinkSettingsInput, type PostLinkOptionsInput, PostLinkReplies } from "./schemas";
import { LinkStore } from "./store";
import { clickSummary } from "./view";

const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

/** Settings → Links and the clicks report, built per request (ADR 067). */
export class LinkService {
  readonly store: LinkStore;
  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.store = new LinkStore(db);
  }

  async settings(workspaceId: string): Promise<LinkSettingsInput> {
    const row = await this.store.settings(workspaceId);
    return {
      enabled: row?.enabled ?? false,
      utm: row?.utm ?? true,
      utmMedium: row?.utmMedium ?? "social",
      utmCampaign: row?.utmCampaign ?? "postline",
    };
  }

  async saveSettings(workspaceId: string, input: LinkSettingsInput): Promise<LinkSettingsInput> {
    await this.store.saveSettings({ workspaceId, ...input, updatedAt: this.now() });
    return this.settings(workspaceId);
  }

  /** A post's link choices (the defaults when it has none) and where each of its links lands, per channel. */
  async postOptions(workspaceId: string, postId: string) {
    const post = await this.store.postWithTargets(workspaceId, postId);
    if (!post) throw new NotFound();
    const [row, settings, labels] = await Promise.all([
      this.store.postOptions(postId),
      this.settings(workspaceId),
      this.store.labelNames(postId),
    ]);
    const options: PostLinkOptionsInput = {
      shorten: row?.shorten ?? true,
      utmCampaign: row?.utmCampaign ?? null,
      utmMedium: row?.utmMedium ?? null,
    };
    const preview = post.platforms.map((platform) => ({
      platform,
      links: finalUrls(post.content, linkPlan(settings, options, platform, labels)),
    }));
    return { ...options, preview };
  }

  /** Saves a post's link choices; refused once a channel is publishing or out (`linksFixed`). */
  async savePostOptions(workspaceId: string, postId: string, input: PostLinkOptionsInput) {
    const post = await this.store.postWithTargets(workspaceId, postId);
    if (!post) throw new NotFound();
    if (linksFixed(post.targets)) throw new Conflict(PostLinkReplies.live);
    await this.store.savePostOptions({ postId, workspaceId, ...input });
    return this.postOptions(workspaceId, postId);
  }

  /** The links made between two UTC days (the last 30 by default) with their clicks, the bio page's, and the sums. */
  async clicks(workspaceId: string, q: { from?: string; to?: string; postId?: string; platforms?: Platform[] | null }) {
    const to = q.to ?? clickDay(this.now());
    const from = q.from ?? clickDay(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
    const range = { ...q, from, to };
    const [links, bio, labels] = await Promise.all([
      this.store.withClicks(workspaceId, range),
      this.store.bioClicks(workspaceId, range),
      this.store.bioLabels(workspaceId),
    ]);
    const bioRows = bio.map((b) => ({ ...b, clicks: Number(b.clicks) }));
    return { from, to, ...clickSummary(links, bioRows, labels), links };
  }
}

import type { Db } from "../db/client";
import type { Platform } from "../platform-profile";
import { clickDay } from "./rules";
import type { LinkSettingsInput } from "./schemas";
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

import { Conflict } from "../errors";
import { clickDay } from "../links";
import { BioMessages } from "./rules";
import type { BioInput } from "./schemas";
import { BioStore } from "./store";

const CLICK_DAYS = 30;

/** A link's id from its URL, so editing labels or order keeps each link's clicks. */
async function linkId(url: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(url)));
  return [...digest.slice(0, 6)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The workspace's link-in-bio page (ADR 077): what admins edit, with the last 30 days' clicks per item. */
export class BioService {
  constructor(
    private readonly store: BioStore,
    private readonly now: () => number,
  ) {}

  async get(workspaceId: string) {
    const page = await this.store.ofWorkspace(workspaceId);
    if (!page) return { page: null, clicks: [] };
    const from = clickDay(this.now() - (CLICK_DAYS - 1) * 24 * 3600_000);
    const clicks = await this.store.clicks(workspaceId, from);
    return {
      page: { handle: page.handle, title: page.title, links: page.links, path: `/bio/${page.handle}` },
      clicks: clicks.map((c) => ({ item: c.item, clicks: Number(c.clicks) })),
    };
  }

  async save(workspaceId: string, input: BioInput) {
    const links = await Promise.all(input.links.map(async (l) => ({ id: await linkId(l.url), ...l })));
    const unique = [...new Map(links.map((l) => [l.id, l])).values()];
    const saved = await this.store.save({
      workspaceId,
      handle: input.handle,
      title: input.title,
      links: unique,
      updatedAt: this.now(),
    });
    if (!saved) throw new Conflict(BioMessages.handleTaken);
    return this.get(workspaceId);
  }
}

export const bioService = (services: { db: ConstructorParameters<typeof BioStore>[0]; now: () => number }) =>
  new BioService(new BioStore(services.db), services.now);

import type { Db } from "../db/client";
import { Conflict } from "../errors";
import { clickDay } from "../links";
import { directoryNames, type PublicNames } from "../tenancy/public-names";
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
    private readonly names: Pick<PublicNames, "claim" | "release">,
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
    // The handle is unique across shards in the directory (ADR 093): claimed there first, the old one given back.
    const before = (await this.store.ofWorkspace(workspaceId))?.handle;
    const { handle } = input;
    if (!(await this.names.claim("bio", [handle], workspaceId)).has(handle))
      throw new Conflict(BioMessages.handleTaken);
    const saved = await this.store.save({
      workspaceId,
      handle: input.handle,
      title: input.title,
      links: unique,
      updatedAt: this.now(),
    });
    if (!saved) {
      // The shard's own unique index refused it (a page saved there before the directory listed handles).
      if (handle !== before) await this.names.release("bio", handle, workspaceId);
      throw new Conflict(BioMessages.handleTaken);
    }
    if (before !== undefined && before !== handle) await this.names.release("bio", before, workspaceId);
    return this.get(workspaceId);
  }
}

export const bioService = (services: { db: Db; directory: Db; now: () => number }) =>
  new BioService(new BioStore(services.db), directoryNames(services.directory), services.now);

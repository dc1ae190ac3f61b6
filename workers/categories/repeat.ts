import { DomainError } from "../errors";
import { PLATFORM_PROFILES, type Platform } from "../platform-profile";
import type { PostFields } from "../posts";
import { channelKey, excerpt } from "../posts";
import type { Slot } from "../queue";
import type { Actor } from "../tenancy/actor";
import { channelsNeedingFreshText, repeatFields, type SourcePost } from "./copy";
import { CategoryMessages, freshText, nextSlot, pickInTurn, SlotNotes, slotInZone } from "./rules";
import type { CategoryRow, CategoryStore } from "./store";

/** A copy is made this long before its slot, so it waits in the queue where members can see and edit it. */
export const REPEAT_LEAD_MS = 24 * 3600_000;
/** A slot the cron reaches later than this (it was not running) is skipped rather than posted late. */
const LATE_MS = 15 * 60_000;
const CATEGORIES_PER_RUN = 20;
/** The texts remembered per channel: enough to keep a long rotation from repeating on X. */
const TEXTS_KEPT = 20;

export interface RepeatDeps {
  store: CategoryStore;
  now: () => number;
  /** The workspaces' time zones, from the directory (a shard cannot join its workspaces): one query per run. */
  zones: (workspaceIds: string[]) => Promise<Map<string, string>>;
  /** The category's maker as they are now (role, workspace), or null when they left the workspace. */
  actorFor: (category: CategoryRow) => Promise<Actor | null>;
  /** The post as the API shapes it, with its labels and own link choices, or null when it is gone. */
  source: (workspaceId: string, postId: string) => Promise<SourcePost | null>;
  createPost: (actor: Actor, fields: PostFields) => Promise<{ _id: string }>;
  /** Tells the workspace's webhooks of the copy (`category.post_requeued`). */
  announce: (category: CategoryRow, copy: { postId: string; sourcePostId: string; slotAt: number }) => Promise<void>;
  /** The AI provider's rewrite of `text` for the network, or null when it has none. */
  rewrite: (actor: Actor, platform: Platform, text: string) => Promise<string | null>;
}

/**
 * The cron's evergreen job on one shard: each category whose next slot is within the lead is claimed (its next
 * slot moved on, so an overlapping run skips it), then the post whose turn it is gets a copy in that slot.
 * A crash between the claim and the copy leaves that slot empty: a repeat is never made twice. The `moving`
 * workspaces' categories (ADR 082) wait for a run after their move.
 */
export async function runCategoryRepeats(
  deps: RepeatDeps,
  moving: readonly string[] = [],
): Promise<{ queued: number }> {
  const now = deps.now();
  let queued = 0;
  const due = await deps.store.due(now + REPEAT_LEAD_MS, CATEGORIES_PER_RUN, moving);
  const zones = await deps.zones(due.map((c) => c.workspaceId));
  for (const category of due) {
    const timezone = zones.get(category.workspaceId);
    if (!timezone) continue;
    const pattern = { slots: category.slots as Slot[], endsAt: category.endsAt };
    const slotAt = slotInZone({ ...pattern, nextSlotAt: category.nextSlotAt }, timezone, now);
    // The workspace changed zones since this slot was worked out: it moves to the pattern's slot in the new zone, and
    // is filled now only if that one is within the lead too.
    if (slotAt === null || slotAt > now + REPEAT_LEAD_MS) {
      await deps.store.claim(category, slotAt, now);
      continue;
    }
    const following = nextSlot(pattern, timezone, slotAt);
    if (!(await deps.store.claim(category, following, now))) continue;
    try {
      const slot =
        slotAt < now - LATE_MS ? { note: SlotNotes.missed, queued: false } : await fillSlot(category, slotAt, deps);
      if (slot.queued) queued++;
      await deps.store.update(category.workspaceId, category.id, { lastNote: slot.note });
    } catch (error) {
      console.error("evergreen slot failed", category.id, error);
    }
  }
  return { queued };
}

type SlotOutcome = { note: string; queued: boolean };
const empty = (note: string): SlotOutcome => ({ note, queued: false });

/** Fills one slot with the post whose turn it is; `note` is what the category's card says about it. */
async function fillSlot(category: CategoryRow, slotAt: number, deps: RepeatDeps): Promise<SlotOutcome> {
  const actor = await deps.actorFor(category);
  if (!actor) return empty(SlotNotes.memberLeft);
  const entries = await deps.store.entriesOf(category.id);
  if (entries.length === 0) return empty(SlotNotes.empty);
  const turn = pickInTurn(entries, slotAt, category.minGapDays);
  if (!turn) return empty(SlotNotes.allInGap(category.minGapDays));
  const source = await deps.source(category.workspaceId, turn.postId);
  if (!source) return empty(SlotNotes.empty);

  const texts = new Map<string, string>();
  const skipped = new Set<string>();
  const skips: string[] = [];
  const sentTexts = { ...turn.sentTexts };
  for (const channel of channelsNeedingFreshText(source)) {
    const had = new Set([(channel.ownText ?? source.content).trim(), ...(sentTexts[channel.accountId] ?? [])]);
    const key = channelKey(channel.platform, channel.accountId);
    const text =
      freshText([channel.ownText, source.content], had) ??
      freshText([await deps.rewrite(actor, channel.platform, channel.ownText ?? source.content)], had);
    if (text) {
      texts.set(key, text);
      sentTexts[channel.accountId] = [...(sentTexts[channel.accountId] ?? []), text.trim()].slice(-TEXTS_KEPT);
    } else {
      skipped.add(key);
      skips.push(`${PLATFORM_PROFILES[channel.platform].brand} skipped: ${CategoryMessages.noRewrite}`);
    }
  }
  const fields = repeatFields(source, slotAt, texts, skipped);
  let note: string;
  let queued = false;
  if (!fields) note = SlotNotes.refused(skips.join("; "));
  else {
    try {
      const copy = await deps.createPost(actor, fields);
      queued = true;
      await deps.announce(category, { postId: copy._id, sourcePostId: turn.postId, slotAt });
      note = [SlotNotes.queued(excerpt(source.content)), ...skips].join("; ");
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      note = SlotNotes.refused(error.message);
    }
  }
  // The turn passes either way: a post the rules refuse now would be refused at every slot.
  await deps.store.recordTurn(category.id, turn.postId, {
    slotAt,
    sentTexts: queued ? sentTexts : turn.sentTexts,
    queued,
    skip: queued && skips.length === 0 ? null : note,
  });
  return { note, queued };
}

import type { Platform } from "../../../workers/platform-profile";
import type { ChannelVersionInput } from "../../../workers/posts/index";
import { utcToLocal } from "../../../workers/posts/public";
import type { MediaJson, PostJson } from "../posts/types";
import { words } from "./content-limits";
import { defaultSchedule, scheduleOnDay } from "./time-picker";

/** The composer's form state and the request body it becomes. Pure. */
export interface ComposerForm {
  platforms: Platform[];
  selectedAccounts: Partial<Record<Platform, string[]>>;
  content: string;
  hashtags: string;
  mentions: string;
  media: MediaJson[];
  title: string;
  youtubeVideo: string | null;
  mode: "now" | "later";
  localDate: string;
  localTime: string;
  /** Per-channel versions (ADR 021), in the API's shape; a channel absent here publishes the post as it is. */
  channels: ChannelDraft[];
}

export type ChannelDraft = Omit<ChannelVersionInput, "platform"> & { platform: Platform };

/** What opens the composer: an existing post (Edit), a planner day, or text from the AI page. */
export interface ComposerInitial {
  /** The post being edited. */
  post?: PostJson;
  /** Duplicate post: a new post starting as a copy of this one's content, channels and media, not its time. */
  copyOf?: PostJson;
  day?: string;
  text?: string;
}

export function initialForm(initial: ComposerInitial, now: number, timeZone: string): ComposerForm {
  const post = initial.post ?? initial.copyOf;
  const when = initial.post?.scheduledDate
    ? utcToLocal(Date.parse(initial.post.scheduledDate), timeZone)
    : initial.day
      ? scheduleOnDay(initial.day, now, timeZone)
      : defaultSchedule(now, timeZone);
  return {
    platforms: (post?.platforms ?? []) as Platform[],
    selectedAccounts: post?.selectedAccounts ?? {},
    content: post?.content ?? initial.text ?? "",
    hashtags: post?.hashtags.map((h) => `#${h}`).join(" ") ?? "",
    mentions: post?.mentions.map((m) => `@${m}`).join(" ") ?? "",
    media: post?.media ?? [],
    title: post?.title ?? "",
    youtubeVideo: post?.youtubeVideo?.id ?? null,
    // SPEC §4: a scheduled post, or a day picked on the planner, opens in Later mode.
    mode: initial.post?.scheduledDate || initial.day ? "later" : "now",
    ...when,
    channels: post?.channels ?? [],
  };
}

/**
 * Selecting platforms keeps only the accounts of those still selected (SPEC: deselecting clears them), and a newly
 * chosen network with a single connected account gets that account, so nobody meets "Please select at least one…".
 */
export function withPlatforms(
  form: ComposerForm,
  platforms: Platform[],
  accounts: Array<{ id: string; platform: string; connected: boolean }> = [],
): ComposerForm {
  const selectedAccounts = Object.fromEntries(
    Object.entries(form.selectedAccounts).filter(([p]) => platforms.includes(p as Platform)),
  );
  for (const p of platforms) {
    const own = accounts.filter((a) => a.platform === p && a.connected);
    if (!form.platforms.includes(p) && own.length === 1) selectedAccounts[p] = [own[0]!.id];
  }
  return {
    ...form,
    platforms,
    selectedAccounts,
    channels: form.channels.filter((c) => platforms.includes(c.platform)),
    youtubeVideo: platforms.includes("youtube") ? form.youtubeVideo : null,
  };
}

export type Intent = "draft" | "schedule" | "now";

/**
 * Which footer buttons wait. Over a limit, a failing pre-flight or an image being converted stop sending only: a
 * draft is where a long text gets cut down, and the API takes it (postProblems skips length limits for drafts).
 */
export function footerBlocked(s: { busy: boolean; over: boolean; converting: boolean; problems: number }) {
  return { draft: s.busy, send: s.busy || s.over || s.converting || s.problems > 0 };
}

/** The body of POST /api/posts (or PUT) for what the user asked. */
export function requestBody(form: ComposerForm, intent: Intent, timeZone: string) {
  const youtube = form.platforms.includes("youtube");
  const scheduled = intent === "schedule" || (intent === "draft" && form.mode === "later");
  return {
    content: form.content,
    platforms: form.platforms,
    selectedAccounts: Object.fromEntries(form.platforms.map((p) => [p, form.selectedAccounts[p] ?? []])),
    media: form.media.map((m) => m.id),
    hashtags: words(form.hashtags, "#"),
    mentions: words(form.mentions, "@"),
    metadata: { category: "other", source: "web" },
    title: youtube ? form.title.trim() || null : null,
    youtubeVideo: youtube ? form.youtubeVideo : null,
    scheduledDate: scheduled ? { localDate: form.localDate, localTime: form.localTime } : null,
    timezone: timeZone,
    status: intent === "draft" ? ("draft" as const) : ("scheduled" as const),
    publishNow: intent === "now",
    // Only the versions of channels still chosen: deselecting an account drops its version.
    channels: form.channels.filter((c) => form.selectedAccounts[c.platform]?.includes(c.accountId)),
  };
}

/**
 * Whether a YouTube channel's tab shows its own title field beside the post's one (issue 42: not two title fields
 * for one channel): only when several YouTube channels are chosen, or this one already has its own title.
 */
export function ownTitleShown(form: Pick<ComposerForm, "selectedAccounts" | "channels">, accountId: string): boolean {
  const own = form.channels.find((c) => c.platform === "youtube" && c.accountId === accountId)?.title;
  return (form.selectedAccounts.youtube ?? []).length > 1 || Boolean(own);
}

/** The form with one channel's version changed; a version that overrides nothing is dropped. */
export function withChannel(
  form: ComposerForm,
  platform: Platform,
  accountId: string,
  change: (current: ChannelDraft) => ChannelDraft,
): ComposerForm {
  const current = form.channels.find((c) => c.platform === platform && c.accountId === accountId) ?? {
    platform,
    accountId,
  };
  const next = change(current);
  const empty = Object.entries(next).every(
    ([k, v]) => k === "platform" || k === "accountId" || v == null || (Array.isArray(v) && v.length === 0) || v === "",
  );
  const others = form.channels.filter((c) => !(c.platform === platform && c.accountId === accountId));
  return { ...form, channels: empty ? others : [...others, next] };
}

/** The list with item `index` moved one place up (-1) or down (1); a move past either end changes nothing. */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The list without item `index`. */
export const withoutItem = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

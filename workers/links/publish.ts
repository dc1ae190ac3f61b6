import { PLATFORM_PROFILES, type Platform } from "../platform-profile";
import type { PublishRequest } from "../platforms";
import { captionLength } from "../posts";
import type { PublicNames } from "../tenancy/public-names";
import { findLinks, linkPlan, newCode, replaceLinks, withUtm } from "./rules";
import type { LinkSettingsRow, LinkStore, NewShortLink, PostLinkOptionsRow } from "./store";

type TrackingStore = Pick<LinkStore, "settings" | "postOptions" | "labelNames" | "ensureForTarget">;

/**
 * What `trackLinks` reads (the workspace's settings, the post's link choices and labels) as statements, for the batch
 * that reads the post (ADR 041), and the store that answers those reads from the batch's results.
 */
export function trackingReads(store: LinkStore, target: Pick<Target, "workspaceId" | "postId">) {
  return {
    reads: [
      store.settingsRead(target.workspaceId),
      store.postOptionsRead(target.postId),
      store.labelNamesRead(target.postId),
    ] as const,
    answered: (results: unknown[]): TrackingStore => {
      const [settings, options, labels] = results as [LinkSettingsRow[], PostLinkOptionsRow[], Array<{ name: string }>];
      return {
        settings: async () => settings[0],
        postOptions: async () => options[0],
        labelNames: async () => labels.map((l) => l.name),
        ensureForTarget: (targetId, rows) => store.ensureForTarget(targetId, rows),
      };
    },
  };
}

interface Target {
  id: string;
  postId: string;
  workspaceId: string;
  platform: Platform;
}

/** The texts of a publish request that can carry links, by slot name prefix. */
function partsOf(request: PublishRequest): Array<{ slot: string; text: string }> {
  return [
    { slot: "text", text: request.text },
    ...(request.thread ?? []).map((text, i) => ({ slot: `thread:${i + 1}`, text })),
    ...(request.firstComment ? [{ slot: "comment", text: request.firstComment }] : []),
  ];
}

/**
 * The request with each link of its texts replaced by a short link of this channel (ADR 067), when the workspace
 * turned tracking on and the post did not opt out (ADR 094: its UTM campaign is its own, its label or the
 * workspace's). A part whose short links would take it over the channel's character limit keeps its links
 * as written (the composer checked the text the author wrote). The links are made once per target and slot, so a
 * retried or reconciled publish sends the very same text.
 */
export async function trackLinks(
  store: TrackingStore,
  names: Pick<PublicNames, "claim">,
  origin: string,
  target: Target,
  request: PublishRequest,
): Promise<PublishRequest> {
  const settings = await store.settings(target.workspaceId);
  if (!settings?.enabled) return request;
  const [options, labels] = await Promise.all([store.postOptions(target.postId), store.labelNames(target.postId)]);
  const plan = linkPlan(settings, options, target.platform, labels);
  const prefix = `${origin}/l/`;
  const shortLength = prefix.length + newCode().length;
  const limit = PLATFORM_PROFILES[target.platform].characterLimit;
  const own = (url: string) => url.startsWith(prefix);
  const fits = (text: string) =>
    captionLength(
      target.platform,
      replaceLinks(text, (url) => (own(url) ? null : prefix + "x".repeat(shortLength - prefix.length))),
    ) <= limit;
  const parts = partsOf(request);
  // A post that opted out makes no links, but one whose earlier attempt made some sends them again (same text).
  const rows: NewShortLink[] = parts.flatMap(({ slot, text }) =>
    plan.shorten && fits(text)
      ? findLinks(text).flatMap(({ url }, i) =>
          own(url)
            ? []
            : [
                {
                  id: crypto.randomUUID(),
                  code: newCode(),
                  workspaceId: target.workspaceId,
                  postId: target.postId,
                  targetId: target.id,
                  platform: target.platform,
                  slot: `${slot}:${i}`,
                  original: url,
                  destination: withUtm(url, plan.utm),
                },
              ],
        )
      : [],
  );
  if (rows.length === 0 && plan.shorten) return request;
  // Claimed in the directory first, so `/l/<code>` finds the shard and no other shard mints the same code (ADR 093);
  // a code another workspace holds (a rare collision) leaves its link as written. A post that opted out claims
  // nothing and gets back the links an earlier attempt made.
  const held =
    rows.length > 0
      ? await names.claim(
          "link",
          rows.map((r) => r.code),
          target.workspaceId,
        )
      : new Set();
  const codes = await store.ensureForTarget(
    target.id,
    rows.filter((r) => held.has(r.code)),
  );
  if (codes.size === 0) return request;
  const [text, ...rest] = parts.map(({ slot, text }) =>
    replaceLinks(text, (_url, i) => {
      const code = codes.get(`${slot}:${i}`);
      return code ? prefix + code : null;
    }),
  );
  const thread = request.thread && rest.slice(0, request.thread.length);
  const firstComment = request.firstComment ? rest[rest.length - 1] : request.firstComment;
  return { ...request, text: text!, thread, firstComment };
}

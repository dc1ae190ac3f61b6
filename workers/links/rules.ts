import { isbot } from "isbot";

/** A link as people write it in a post: http(s), up to whitespace; trailing punctuation belongs to the sentence. */
const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'")\]}…]+$/;

/** The links of a text in order, each with where it starts, as written (without the sentence's punctuation). */
export function findLinks(text: string): Array<{ url: string; index: number }> {
  const out: Array<{ url: string; index: number }> = [];
  for (const m of text.matchAll(LINK)) {
    const url = m[0].replace(TRAILING, "");
    if (URL.canParse(url)) out.push({ url, index: m.index });
  }
  return out;
}

/** The text with each found link replaced, left to right; `replace` returning null keeps that link as written. */
export function replaceLinks(text: string, replace: (url: string, position: number) => string | null): string {
  let out = "";
  let from = 0;
  findLinks(text).forEach(({ url, index }, position) => {
    const next = replace(url, position);
    if (next === null) return;
    out += text.slice(from, index) + next;
    from = index + url.length;
  });
  return out + text.slice(from);
}

export interface Utm {
  source: string;
  medium: string;
  campaign: string;
}

/** The destination with the channel's UTM parameters; a parameter the author already set is kept as they set it. */
export function withUtm(url: string, utm: Utm | null): string {
  if (!utm) return url;
  const out = new URL(url);
  for (const [key, value] of Object.entries(utm))
    if (value && !out.searchParams.has(`utm_${key}`)) out.searchParams.set(`utm_${key}`, value);
  return out.toString();
}

/** The workspace's link settings (ADR 067) as a publish reads them. */
export interface WorkspaceLinkChoices {
  enabled: boolean;
  utm: boolean;
  utmMedium: string;
  utmCampaign: string;
}

/** A post's own choices over them (ADR 094): no short links, or its own campaign/medium; null fields inherit. */
export interface PostLinkChoices {
  shorten: boolean;
  utmCampaign: string | null;
  utmMedium: string | null;
}

/**
 * What a channel's publish does with a post's links: shorten them only when the workspace tracks links and the
 * post did not opt out; tag them with UTM when the workspace adds UTM. The campaign is the post's own, else its
 * first label (labels are campaigns), else the workspace's; the source is always the network.
 */
export function linkPlan(
  workspace: WorkspaceLinkChoices | null | undefined,
  post: PostLinkChoices | null | undefined,
  platform: string,
  labels: readonly string[] = [],
): { shorten: boolean; utm: Utm | null } {
  const shorten = !!workspace?.enabled && (post?.shorten ?? true);
  if (!shorten || !workspace?.utm) return { shorten, utm: null };
  return {
    shorten,
    utm: {
      source: platform,
      medium: post?.utmMedium ?? workspace.utmMedium,
      campaign: post?.utmCampaign ?? labels[0] ?? workspace.utmCampaign,
    },
  };
}

/** Each link of a text as the channel's readers would land on it: the destination a short link of it redirects to. */
export function finalUrls(
  text: string,
  plan: { shorten: boolean; utm: Utm | null },
): Array<{ url: string; final: string }> {
  return findLinks(text).map(({ url }) => ({ url, final: plan.shorten ? withUtm(url, plan.utm) : url }));
}

/** A code for `/l/<code>`: 10 characters of [A-Za-z0-9] (~59 bits), unguessable so links cannot be enumerated. */
export function newCode(random: Uint8Array = crypto.getRandomValues(new Uint8Array(10))): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(random, (b) => alphabet[b % alphabet.length]).join("");
}

export const CODE_PATTERN = /^[A-Za-z0-9]{10}$/;

/**
 * Whether a request to a short link is a person's click: a GET (HEAD is a checker), not a browser's speculative
 * prefetch (`Sec-Purpose`/`Purpose: prefetch`, `X-Moz: prefetch`) and not a bot or link-preview crawler by its
 * User-Agent (isbot's list covers the networks' unfurlers: facebookexternalhit, Twitterbot, Slackbot…). A request
 * with no User-Agent at all is a script, not a person.
 */
export function isHumanClick(request: Pick<Request, "method" | "headers">): boolean {
  if (request.method !== "GET") return false;
  const h = request.headers;
  const purpose = `${h.get("sec-purpose") ?? ""} ${h.get("purpose") ?? ""} ${h.get("x-purpose") ?? ""} ${h.get("x-moz") ?? ""}`;
  if (/prefetch|preview|prerender/i.test(purpose)) return false;
  const agent = h.get("user-agent");
  return !!agent && !isbot(agent);
}

/**
 * Whether a post's link choices can no longer change: a channel is publishing or out, its text was made with the
 * choices it had, and a retry must send that same text (ADR 094).
 */
export const linksFixed = (targets: ReadonlyArray<{ status: string }>) =>
  targets.some((t) => ["publishing", "published", "unconfirmed"].includes(t.status));

/** The UTC day a click is counted on. */
export const clickDay = (now: number): string => new Date(now).toISOString().slice(0, 10);

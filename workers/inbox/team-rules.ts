/**
 * The inbox's team rules, pure (ADR 084): saved replies' variables, and which of the workspace's rules an item
 * matches and what they do to it.
 */

export type Sentiment = "positive" | "neutral" | "negative";

export interface TemplateContext {
  /** The item's author as the network names them: a handle (`@hungry_hana`) or a display name. */
  author: string;
  /** The network's brand name, e.g. "X". */
  network: string;
  /** The replying member's display name. */
  me: string;
}

/** The variables a saved reply may use, each with what it becomes. */
export const TEMPLATE_VARIABLES = ["first_name", "name", "network", "me"] as const;

/** `hungry_hana` → `Hungry`; `Ana María López` → `Ana`: the first word of the name, capitalised. */
export function firstName(author: string): string {
  const word =
    author
      .replace(/^@/, "")
      .split(/[\s_.-]+/)
      .find(Boolean) ?? "";
  return word ? word[0]!.toUpperCase() + word.slice(1) : "";
}

/** Fills `{first_name}`, `{name}`, `{network}` and `{me}`; an unknown `{word}` is left as written. */
export function fillTemplate(body: string, ctx: TemplateContext): string {
  const values: Record<string, string> = {
    first_name: firstName(ctx.author),
    name: ctx.author.replace(/^@/, ""),
    network: ctx.network,
    me: ctx.me,
  };
  return body.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export interface RuleConditions {
  /** Words or phrases, comma-separated: any of them matches. */
  keyword: string | null;
  platform: string | null;
  /** One connected account's items only (ADR 102). */
  accountId: string | null;
  kind: string | null;
  sentiment: Sentiment | null;
}

export interface Rule extends RuleConditions {
  id: string;
  action: "assign" | "label" | "hide";
  value: string | null;
}

export interface RuleSubject {
  text: string;
  platform: string;
  accountId: string;
  kind: string;
  sentiment: Sentiment | null;
}

/** A rule's keywords: comma-separated words or phrases, trimmed, empty ones dropped. */
export const keywordsOf = (keyword: string | null) =>
  (keyword ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);

/**
 * Every condition the rule sets must hold; a keyword matches as a whole word or phrase, in any case, and a list
 * matches when any of its keywords does. Keywords are matched literally, never as a pattern a member wrote: a
 * regular expression of theirs could take a Worker's whole CPU budget on one comment (ADR 102).
 */
export function ruleMatches(rule: RuleConditions, item: RuleSubject): boolean {
  if (rule.platform && rule.platform !== item.platform) return false;
  if (rule.accountId && rule.accountId !== item.accountId) return false;
  if (rule.kind && rule.kind !== item.kind) return false;
  if (rule.sentiment && rule.sentiment !== item.sentiment) return false;
  const keywords = keywordsOf(rule.keyword);
  if (keywords.length) {
    const escaped = keywords.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
    if (!new RegExp(`(^|[^\\p{L}\\p{N}])(${escaped})($|[^\\p{L}\\p{N}])`, "iu").test(item.text)) return false;
  }
  return true;
}

export interface RulesOutcome {
  /** The first matching assign rule's member, in the order the rules were made. */
  assigneeId: string | null;
  labels: string[];
  hide: boolean;
}

/** What the rules do to one new item, applied in the order they were made. */
export function applyRules(rules: Rule[], item: RuleSubject): RulesOutcome {
  const out: RulesOutcome = { assigneeId: null, labels: [], hide: false };
  for (const rule of rules) {
    if (!ruleMatches(rule, item)) continue;
    if (rule.action === "assign" && out.assigneeId === null && rule.value) out.assigneeId = rule.value;
    if (rule.action === "label" && rule.value && !out.labels.includes(rule.value)) out.labels.push(rule.value);
    if (rule.action === "hide") out.hide = true;
  }
  return out;
}

/** A rule needs at least one condition: one without any would act on every item. */
export const hasCondition = (r: RuleConditions) =>
  Boolean(keywordsOf(r.keyword).length || r.platform || r.accountId || r.kind || r.sentiment);

/** Labels are short words the team filters by: trimmed, lower case. */
export const normalLabel = (label: string) => label.trim().toLowerCase();

export interface HandledRow {
  handledBy: string | null;
  createdAt: number;
  repliedAt: number | null;
}

/** First-response time (median and p90, ms, over answered items) and items handled per member. */
export function responseStats(rows: HandledRow[]) {
  const waits = rows
    .filter((r) => r.repliedAt !== null)
    .map((r) => Math.max(0, r.repliedAt! - r.createdAt))
    .sort((a, b) => a - b);
  const at = (q: number) => (waits.length ? waits[Math.min(waits.length - 1, Math.floor(q * waits.length))]! : null);
  const perMember = new Map<string, { handled: number; replied: number }>();
  for (const r of rows) {
    if (!r.handledBy) continue;
    const m = perMember.get(r.handledBy) ?? { handled: 0, replied: 0 };
    m.handled += 1;
    if (r.repliedAt !== null) m.replied += 1;
    perMember.set(r.handledBy, m);
  }
  return {
    answered: waits.length,
    firstResponseMedianMs: at(0.5),
    firstResponseP90Ms: at(0.9),
    members: [...perMember.entries()]
      .map(([userId, m]) => ({ userId, ...m }))
      .sort((a, b) => b.handled - a.handled || a.userId.localeCompare(b.userId)),
  };
}

/** What one bulk action did, for the activity log: one entry for the whole selection. */
export function bulkInWords(
  body: { action: "done" | "open" | "assign" | "label" | "unlabel"; assigneeId?: string | null; label?: string },
  changed: number,
) {
  const items = changed === 1 ? "1 item" : `${changed} items`;
  if (body.action === "done") return { action: "inbox_status_changed" as const, summary: `Marked ${items} done` };
  if (body.action === "open") return { action: "inbox_status_changed" as const, summary: `Opened ${items} again` };
  if (body.action === "assign")
    return { action: "inbox_assigned" as const, summary: `${body.assigneeId ? "Assigned" : "Unassigned"} ${items}` };
  const label = `"${normalLabel(body.label ?? "")}"`;
  const summary = body.action === "label" ? `Labelled ${items} ${label}` : `Took ${label} off ${items}`;
  return { action: "inbox_labelled" as const, summary };
}

/** A rule in words for the activity log: `Hide: "refund", facebook, comment`. */
export function ruleInWords(rule: RuleConditions & { action: Rule["action"]; value: string | null }): string {
  const what = { assign: "Assign to a member", label: `Label "${rule.value}"`, hide: "Hide" }[rule.action];
  const keywords = keywordsOf(rule.keyword).map((k) => `"${k}"`);
  const account = rule.accountId && "one account";
  const when = [...keywords, rule.platform, account, rule.kind, rule.sentiment].filter(Boolean);
  return `${what}: ${when.join(", ")}`;
}

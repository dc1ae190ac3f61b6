import { INBOX_SOURCES, type InboxSource } from "../db/schema/value-lists";
import { type InboxAdapter, PlatformError } from "../platforms";

/**
 * An account's inbox sources (ADR 101), pure: which reads an adapter has, why one failed in words a member can act
 * on, and how each stands on the inbox page.
 */

export const SOURCE_LABELS: Record<InboxSource, string> = {
  comments: "Comments",
  mentions: "Mentions",
  messages: "Direct messages",
  notifications: "Replies and mentions",
  reviews: "Reviews",
};

/** The reads the network's adapter offers, in the order a poll takes them: comments always. */
export function sourcesOf(adapter: InboxAdapter): InboxSource[] {
  return INBOX_SOURCES.filter((s) => s === "comments" || typeof adapter[s] === "function");
}

/** Why a source's read failed: the network's words, and what helps when something does. */
export function sourceRefusal(source: InboxSource, err: unknown): string {
  const label = SOURCE_LABELS[source];
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof PlatformError && err.details.denied)
    return `${label} are not read: ${message} Reconnect the account to allow them.`;
  if (err instanceof PlatformError && err.details.status === 429)
    return `${label} are waiting: the network is limiting requests (${message}). The next check reads them.`;
  return `${label} could not be read: ${message} The next check tries again from where it stopped.`;
}

/** A source's row as the poll keeps it. */
export interface SourceRow {
  source: InboxSource;
  newestAt: number | null;
  remoteCursor: string | null;
  checkedAt: number;
  okAt: number | null;
  error: string | null;
}

export type SourceState = "ok" | "failing" | "waiting" | "unavailable";

export interface SourceView {
  source: InboxSource | null;
  label: string;
  state: SourceState;
  reason: string | null;
  checkedAt: string | null;
  okAt: string | null;
}

const iso = (at: number | null | undefined) => (at == null ? null : new Date(at).toISOString());

/** How one source stands: read fine, failing (with why), or not read yet. */
export function sourceView(source: InboxSource, row: SourceRow | undefined): SourceView {
  const state: SourceState = !row ? "waiting" : row.error ? "failing" : "ok";
  return {
    source,
    label: SOURCE_LABELS[source],
    state,
    reason: row?.error ?? null,
    checkedAt: iso(row?.checkedAt),
    okAt: iso(row?.okAt),
  };
}

/** A network whose API gives Postline nothing to read: one line saying so, instead of a silent empty list. */
export function unavailableView(reason: string): SourceView {
  return { source: null, label: "Comments", state: "unavailable", reason, checkedAt: null, okAt: null };
}

import type { TargetRow } from "../aggregate";
import { platformName } from "./network-names";
import type { Table } from "./report-data";

/**
 * The most targets a report's Posts table lists: its newest of the period. A year at full size is ~100,000 targets
 * (~1,500,000 rows read, and more memory than a Worker has for the XLSX or PDF); a report is read, not replayed.
 */
export const POSTS_SHEET_LIMIT = 5000;

/** "2026-01-05 09:00" in the report's timezone. */
export const localTime = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "short" }).format(new Date(ms));

/**
 * One row per published target, oldest first. `rows` are the period's newest `limit + 1` targets (or fewer): one more
 * than the limit means older ones were left out, which the table's last row says instead of dropping them silently.
 */
export function postsTable(rows: TargetRow[], timeZone: string, limit = POSTS_SHEET_LIMIT): Table {
  const listed = rows.length > limit ? rows.slice(rows.length - limit) : rows;
  const cut: Table["rows"] =
    rows.length > limit
      ? [
          [
            null,
            null,
            `Only the newest ${limit.toLocaleString("en-US")} posts of this period are listed; choose a shorter period for the earlier ones.`,
          ],
        ]
      : [];
  return {
    name: "Posts",
    columns: [
      "Published",
      "Platform",
      "Post",
      "Impressions",
      "Reach",
      "Likes",
      "Comments",
      "Shares",
      "Saves",
      "Clicks",
      "Engagement",
    ],
    rows: [
      ...listed.map((t) => [
        localTime(t.publishedAt, timeZone),
        platformName(t.platform),
        t.content.slice(0, 80),
        t.impressions,
        t.reach,
        t.likes,
        t.comments,
        t.shares,
        t.saves,
        t.clicks,
        t.likes + t.comments + t.shares,
      ]),
      ...cut,
    ],
  };
}

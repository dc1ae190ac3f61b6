/**
 * Bulk import (ADR 022): the spreadsheet's columns, CSV parsing (papaparse) and each row as composer fields.
 * Pure: the browser parses and sends rows in chunks; the Worker validates them with the composer's rules.
 */
import Papa from "papaparse";
import { z } from "zod";
import { PLATFORM_NAMES, PLATFORMS, type Platform } from "../platform-profile";
import type { PostFields } from "../posts/public";
import { IMPORT_CHUNK_ROWS, IMPORT_MAX_ROWS } from "./limits";

export { IMPORT_CHUNK_ROWS, IMPORT_MAX_ROWS } from "./limits";
export const IMPORT_COLUMNS = ["text", "channels", "date", "time", "timezone", "media", "first_comment"] as const;

export const ImportMessages = {
  empty: "The file has no rows to import",
  tooMany: `A file may hold at most ${IMPORT_MAX_ROWS} rows`,
  missingColumns: (names: string[]) =>
    `The file is missing the column${names.length > 1 ? "s" : ""}: ${names.join(", ")}`,
  unknownChannel: (token: string) => `Unknown channel "${token}" (use a network such as twitter, or twitter:@username)`,
  noAccount: (platform: Platform) => `No ${PLATFORM_NAMES[platform]} account is connected`,
  noSuchAccount: (platform: Platform, name: string) => `No ${PLATFORM_NAMES[platform]} account @${name} is connected`,
  severalAccounts: (platform: Platform) =>
    `Several ${PLATFORM_NAMES[platform]} accounts are connected: name one, as ${platform}:@username`,
  unknownMedia: (name: string) => `No file named "${name}" in the media library`,
  mediaUrl: (url: string) =>
    `Media URL "${url}" is not one of this library's links: upload the file to the library and use its file name`,
  unreadableXlsx: "The file could not be read as an Excel workbook (.xlsx)",
} as const;

/** A calendar date `days` after `today`, as the templates write it (YYYY-MM-DD). */
const daysAhead = (today: Date, days: number) =>
  new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The downloadable templates' example rows (CSV and XLSX hold the same), dated a week after `today` so a
 * template imported as it is dry-runs clean instead of "in the past".
 */
export function templateRows(today: Date): string[][] {
  return [
    ["Our spring launch is live! #launch", "twitter", daysAhead(today, 7), "09:00", "Europe/Berlin", "launch.jpg", ""],
    [
      "Behind the scenes at the studio",
      "instagram;linkedin:@acme",
      daysAhead(today, 8),
      "12:30",
      "",
      "studio.jpg|team.jpg",
      "",
    ],
  ];
}

export const templateCsv = (today: Date) =>
  `${Papa.unparse([[...IMPORT_COLUMNS], ...templateRows(today)], { newline: "\n" })}\n`;

const cell = z.string().trim().max(70_000).default("");
/** One spreadsheet row as sent to the API; `row` is its number in the sheet (the header is row 1). */
export const importRowSchema = z.object({
  row: z
    .number()
    .int()
    .min(2)
    .max(IMPORT_MAX_ROWS + 1),
  text: cell,
  channels: cell,
  date: cell,
  time: cell,
  timezone: cell,
  media: cell,
  first_comment: cell,
});
export type ImportRow = z.output<typeof importRowSchema>;

export const importChunkSchema = z.object({
  rows: z
    .array(importRowSchema)
    .min(1, ImportMessages.empty)
    .max(IMPORT_CHUNK_ROWS * 2, "Send at most 50 rows per request"),
});

/** Header names are case- and space-insensitive: "First comment" is first_comment. */
export const columnKey = (header: string) => header.trim().toLowerCase().replace(/\s+/g, "_");

/**
 * Records keyed by column (the sheet's header row) as import rows numbered as in the sheet (the header is row 1;
 * `rowNumbers` when blank rows were left out); throws the user's message.
 */
export function importRows(
  fields: string[],
  records: Array<Record<string, string>>,
  rowNumbers: number[] = records.map((_, i) => i + 2),
): ImportRow[] {
  const missing = ["text", "channels"].filter((c) => !fields.includes(c));
  if (missing.length) throw new Error(ImportMessages.missingColumns(missing));
  if (records.length === 0) throw new Error(ImportMessages.empty);
  if (records.length > IMPORT_MAX_ROWS) throw new Error(ImportMessages.tooMany);
  return records.map((r, i) =>
    importRowSchema.parse({
      row: rowNumbers[i],
      ...Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, String(r[c] ?? "")])),
    }),
  );
}

/** Parses CSV text into rows; throws the user's message. */
export function parseCsv(text: string): ImportRow[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: columnKey,
  });
  return importRows(parsed.meta.fields ?? [], parsed.data);
}

/** The key an imported row is remembered by: its content, not its position or file (ADR 022). */
export async function rowKey(row: ImportRow): Promise<string> {
  const content = JSON.stringify(IMPORT_COLUMNS.map((c) => row[c]));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(content));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const list = (value: string) =>
  value
    .split(/[;|,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

export interface ImportLookups {
  accounts: Array<{ id: string; platform: Platform; username: string }>;
  /** Library file name (as uploaded, case-insensitive) → media id. */
  mediaByName: Map<string, string>;
  /** Media id of one of this library's own links (/media/{id}), if it is one. */
  mediaIdOfUrl: (url: string) => string | null;
}

/** The row as composer fields, or the reasons it cannot be (channel and media names it cannot resolve). */
export function rowFields(row: ImportRow, lookups: ImportLookups): { fields: unknown; errors: string[] } {
  const errors: string[] = [];
  const selectedAccounts: Partial<Record<Platform, string[]>> = {};
  for (const token of list(row.channels)) {
    const [name, handle] = token.split(":").map((s) => s.trim());
    const platform = PLATFORMS.find(
      (p) => p === name!.toLowerCase() || PLATFORM_NAMES[p].toLowerCase() === name!.toLowerCase(),
    );
    if (!platform) {
      errors.push(ImportMessages.unknownChannel(token));
      continue;
    }
    const own = lookups.accounts.filter((a) => a.platform === platform);
    const wanted = handle?.replace(/^@/, "").toLowerCase();
    const account = wanted
      ? own.find((a) => a.username.toLowerCase() === wanted)
      : own.length === 1
        ? own[0]
        : undefined;
    if (!account)
      errors.push(
        wanted
          ? ImportMessages.noSuchAccount(platform, wanted)
          : own.length === 0
            ? ImportMessages.noAccount(platform)
            : ImportMessages.severalAccounts(platform),
      );
    else selectedAccounts[platform] = [...new Set([...(selectedAccounts[platform] ?? []), account.id])];
  }
  const media: string[] = [];
  for (const ref of list(row.media)) {
    const id = /^https?:\/\//i.test(ref) ? lookups.mediaIdOfUrl(ref) : lookups.mediaByName.get(ref.toLowerCase());
    if (id) media.push(id);
    else errors.push(/^https?:\/\//i.test(ref) ? ImportMessages.mediaUrl(ref) : ImportMessages.unknownMedia(ref));
  }
  // The first comment goes on every channel of the row (the composer's per-channel first comment, ADR 021).
  const channels = row.first_comment
    ? Object.entries(selectedAccounts).flatMap(([platform, ids]) =>
        ids.map((accountId) => ({ platform, accountId, firstComment: row.first_comment })),
      )
    : [];
  const fields = {
    content: row.text,
    platforms: Object.keys(selectedAccounts),
    selectedAccounts,
    media,
    ...(row.date || row.time ? { scheduledDate: { localDate: row.date, localTime: row.time } } : {}),
    ...(row.timezone ? { timezone: row.timezone } : {}),
    status: "scheduled",
    channels,
    metadata: { category: "other", source: "import" },
  } satisfies Partial<Record<keyof PostFields, unknown>>;
  return { fields, errors };
}

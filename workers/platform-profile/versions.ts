import type { Platform } from "./types";

/**
 * The dated contracts: API versions a platform retires on a published schedule. Each is a setting of the same
 * name (a Worker variable) that overrides the default; workers/platforms/api-versions.ts applies the rules.
 * `tested` is the version the clients and the conformance tests were written against.
 */
export interface VersionedApi {
  setting: "META_GRAPH_VERSION" | "LINKEDIN_VERSION";
  /** What the version is called where the platform documents it. */
  label: string;
  platforms: Platform[];
  tested: string;
  schedule:
    | {
        /** LinkedIn: a YYYYMM version each month, served until `endDay` of the same month `servedMonths` later. */
        kind: "monthly";
        servedMonths: number;
        endDay: number;
      }
    | {
        /** Meta: versions with their release dates and the last day each is served (null: not announced yet). */
        kind: "listed";
        versions: { version: string; released: string; servedUntil: string | null }[];
      };
}

export const VERSIONED_APIS: VersionedApi[] = [
  {
    setting: "META_GRAPH_VERSION",
    label: "Graph API version",
    platforms: ["facebook", "instagram"],
    tested: "v25.0",
    // developers.facebook.com/docs/graph-api/changelog: a version is served until two years after the next one's
    // release; the newest has no end until its successor ships.
    schedule: {
      kind: "listed",
      versions: [
        { version: "v22.0", released: "2025-01-21", servedUntil: "2027-05-20" },
        { version: "v23.0", released: "2025-05-29", servedUntil: "2027-10-08" },
        { version: "v24.0", released: "2025-10-08", servedUntil: "2028-02-18" },
        { version: "v25.0", released: "2026-02-18", servedUntil: "2028-07-29" },
        { version: "v26.0", released: "2026-07-29", servedUntil: null },
      ],
    },
  },
  {
    setting: "LINKEDIN_VERSION",
    label: "LinkedIn-Version",
    platforms: ["linkedin"],
    tested: "202611",
    // learn.microsoft.com/linkedin/marketing/versioning: monthly versions, each supported for at least a year
    // (202601 sunsets on 2027-01-15).
    schedule: { kind: "monthly", servedMonths: 12, endDay: 15 },
  },
];

/** The versions that are part of a client's paths and have no announced end (shown, never warned about). */
export const FIXED_API_VERSIONS: { api: string; version: string; platforms: Platform[] }[] = [
  { api: "Threads API", version: "v1.0", platforms: ["threads"] },
  { api: "X API", version: "2", platforms: ["twitter"] },
  { api: "YouTube Data API", version: "v3", platforms: ["youtube"] },
  { api: "My Business API (local posts)", version: "v4", platforms: ["google_business"] },
  { api: "Pinterest API", version: "v5", platforms: ["pinterest"] },
];

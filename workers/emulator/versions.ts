/**
 * The platforms' dated API versions as their docs describe them, kept apart from the clients' own table (the
 * emulator shares nothing with the clients): PLATFORMS.md §1.1 and §4.2.
 */

const DAY_MS = 86_400_000;

/**
 * Graph API versions (developers.facebook.com/docs/graph-api/changelog): each is usable until two years after
 * the next one's release; the newest has no end until its successor ships.
 */
const GRAPH_VERSIONS: { version: string; released: string; until: string | null }[] = [
  // The first versioned release, long retired: what a stale SDK still sends.
  { version: "v2.0", released: "2014-04-30", until: "2016-08-07" },
  { version: "v21.0", released: "2024-10-02", until: "2027-01-21" },
  { version: "v22.0", released: "2025-01-21", until: "2027-05-20" },
  { version: "v23.0", released: "2025-05-29", until: "2027-10-08" },
  { version: "v24.0", released: "2025-10-08", until: "2028-02-18" },
  { version: "v25.0", released: "2026-02-18", until: "2028-07-29" },
  { version: "v26.0", released: "2026-07-29", until: null },
];

const released = (v: (typeof GRAPH_VERSIONS)[number], now: number) => Date.parse(v.released) <= now;
const usable = (v: (typeof GRAPH_VERSIONS)[number], now: number) =>
  released(v, now) && (v.until === null || Date.parse(v.until) + DAY_MS > now);

/**
 * The version Graph answers a call to `requested` with: itself while usable; once retired, "calls made to it
 * will be defaulted to the next oldest usable version" (the versioning guide); null for one never released.
 */
export function graphVersionServed(requested: string, now: number): string | null {
  const v = GRAPH_VERSIONS.find((x) => x.version === requested);
  if (!v || !released(v, now)) return null;
  if (usable(v, now)) return v.version;
  return GRAPH_VERSIONS.find((x) => usable(x, now))?.version ?? null;
}

/** The newest usable Graph version: what an unversioned call and an SDK's default get. */
export function newestGraphVersion(now: number): string {
  return GRAPH_VERSIONS.filter((v) => usable(v, now)).at(-1)!.version;
}

/**
 * LinkedIn-Version (learn.microsoft.com/linkedin/marketing/versioning): YYYYMM, a version each month, each
 * supported for a year: served from its month until the 15th of the same month a year later (202601 sunsets on
 * 2027-01-15). A missing header or a version not yet released is a 400; a sunset one a 426.
 */
export function linkedinVersionProblem(
  version: string | undefined,
  now: number,
): { status: 400 | 426; code: string; message: string } | null {
  if (!version)
    return {
      status: 400,
      code: "VERSION_MISSING",
      message: "A version must be present. Please specify a version by adding the LinkedIn-Version header.",
    };
  const m = version.match(/^(\d{4})(\d{2})(?:\.\d{2})?$/);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12)
    return { status: 400, code: "NONEXISTENT_VERSION", message: `Requested version ${version} is not a valid version` };
  const [year, month] = [Number(m[1]), Number(m[2]) - 1];
  if (Date.UTC(year, month, 1) > now)
    return { status: 400, code: "NONEXISTENT_VERSION", message: `Requested version ${version} is not active` };
  if (Date.UTC(year + 1, month, 16) <= now)
    return { status: 426, code: "NONEXISTENT_VERSION", message: `Requested version ${version} is not active` };
  return null;
}

/** The newest LinkedIn version surely out on `now` (last month's): what an SDK calling today would pin. */
export function newestLinkedInVersion(now: number): string {
  const d = new Date(now);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  return `${last.getUTCFullYear()}${String(last.getUTCMonth() + 1).padStart(2, "0")}`;
}

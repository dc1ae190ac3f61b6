import { PLATFORM_PROFILES, type Platform, VERSIONED_APIS, type VersionedApi } from "../platform-profile";

/**
 * Which version of a dated platform API the clients call, and how close it is to its end (ADR 051). Pure: the
 * clock is an argument, so the rules are the same on any day and the tests walk them across dates.
 *
 * The default stays on the tested version while it has more than WARN_DAYS left, then moves to the newest
 * released version, so a fresh deploy is always inside the platform's window. A setting is never moved: it is
 * warned about WARN_DAYS before its end and is an error after it.
 */
export const WARN_DAYS = 60;
/** The connection-health job emails owners and admins once when the version in use has this many days left. */
export const NOTIFY_DAYS = 30;

const DAY_MS = 86_400_000;

export type VersionSetting = VersionedApi["setting"];

export interface VersionWindow {
  version: string;
  released: number;
  /** The last instant the platform serves it; null: no end announced. */
  end: number | null;
}

export interface VersionReport {
  setting: VersionSetting;
  label: string;
  platforms: Platform[];
  version: string;
  source: "default" | "setting";
  tested: string;
  /** ISO date of the version's last day (null: no end announced). */
  servedUntil: string | null;
  daysLeft: number | null;
  state: "ok" | "warning" | "error";
  message: string;
  fix?: string;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The last instant of a version served until `iso` (its ISO day, which platforms date in UTC). */
export const versionEnd = (iso: string) => Date.parse(`${iso}T23:59:59.999Z`);

export function versionedApi(setting: VersionSetting): VersionedApi {
  return VERSIONED_APIS.find((api) => api.setting === setting)!;
}

/** The window of one version, or null when the platform never released it (by its schedule, as of `now`). */
export function versionWindow(api: VersionedApi, version: string, now: number): VersionWindow | null {
  const s = api.schedule;
  if (s.kind === "listed") {
    const v = s.versions.find((x) => x.version === version);
    if (!v || Date.parse(v.released) > now) return null;
    return { version, released: Date.parse(v.released), end: v.servedUntil ? versionEnd(v.servedUntil) : null };
  }
  const m = version.match(/^(\d{4})(\d{2})$/);
  if (!m) return null;
  const [year, month] = [Number(m[1]), Number(m[2]) - 1];
  if (month > 11) return null;
  const released = Date.UTC(year, month, 1);
  // A month's version ships during that month: only a past month's is surely out.
  if (Date.UTC(year, month + 1, 1) > now) return null;
  return { version, released, end: Date.UTC(year, month + s.servedMonths, s.endDay, 23, 59, 59, 999) };
}

/** Every version released by `now`, oldest first. */
function releasedVersions(api: VersionedApi, now: number): VersionWindow[] {
  const s = api.schedule;
  if (s.kind === "listed")
    return s.versions.flatMap((v) => versionWindow(api, v.version, now) ?? []).sort((a, b) => a.released - b.released);
  const d = new Date(now);
  const out: VersionWindow[] = [];
  for (let back = s.servedMonths; back >= 1; back--) {
    const month = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
    const name = `${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
    const w = versionWindow(api, name, now);
    if (w && (w.end === null || w.end >= now)) out.push(w);
  }
  return out;
}

const daysLeft = (w: VersionWindow, now: number) => (w.end === null ? null : Math.floor((w.end - now) / DAY_MS));
const safe = (w: VersionWindow | null, now: number): w is VersionWindow =>
  !!w && (w.end === null || w.end - now > WARN_DAYS * DAY_MS);

/** The version calls use when no setting names one. */
export function defaultVersion(api: VersionedApi, now: number): string {
  const tested = versionWindow(api, api.tested, now);
  if (safe(tested, now)) return api.tested;
  const newest = releasedVersions(api, now).at(-1);
  return newest?.version ?? api.tested;
}

/** The version in use for `api` with the deployment's setting (if any), and how it stands on `now`. */
export function versionReport(
  api: VersionedApi,
  setting: string | undefined,
  now: number,
  /** How the messages give the version's last instant: its ISO day unless a reader's zone is known. */
  dateOf: (end: number) => string = isoDay,
): VersionReport {
  const fallback = defaultVersion(api, now);
  const version = setting?.trim() || fallback;
  const source: VersionReport["source"] = setting?.trim() ? "setting" : "default";
  const w = versionWindow(api, version, now);
  const base = {
    setting: api.setting,
    label: api.label,
    platforms: api.platforms,
    version,
    source,
    tested: api.tested,
  };
  const owner = api.platforms.map((p) => PLATFORM_PROFILES[p].brand).join(" and ");
  const fixSetting = `Set ${api.setting} to a newer version, or remove it to use Postline's default (${fallback}).`;
  if (!w)
    return {
      ...base,
      servedUntil: null,
      daysLeft: null,
      state: "error",
      message: `${api.setting} is ${version}, which is not a released ${api.label}: every ${owner} call fails.`,
      fix: fixSetting,
    };
  const left = daysLeft(w, now);
  const report = { ...base, servedUntil: w.end === null ? null : isoDay(w.end), daysLeft: left } as const;
  const until = w.end === null ? null : dateOf(w.end);
  if (w.end !== null && w.end < now)
    return {
      ...report,
      state: "error",
      message: `${api.label} ${version} stopped being served on ${until}: ${owner} calls fail or are answered by another version.`,
      fix: fixSetting,
    };
  if (left !== null && left <= WARN_DAYS)
    return {
      ...report,
      state: "warning",
      message: `${api.label} ${version} stops being served on ${until} (in ${left} days).`,
      fix: fixSetting,
    };
  if (source === "default" && version !== api.tested)
    return {
      ...report,
      state: "warning",
      message: `${api.label} ${api.tested}, the version this release of Postline was tested with, is at or near its end; calls use ${version}${until ? ` (served until ${until})` : ""}.`,
      fix: `Update Postline to a release tested with a current ${api.label}, or set ${api.setting} to a version you have tested.`,
    };
  return {
    ...report,
    state: "ok",
    message: until
      ? `${api.label} ${version} is served until ${until}.`
      : `${api.label} ${version}: no end announced yet.`,
  };
}

/** Every dated contract as it stands for this deployment's settings on `now`. */
export function versionReports(
  settings: Partial<Record<VersionSetting, string>>,
  now: number,
  dateOf?: (end: number) => string,
): VersionReport[] {
  return VERSIONED_APIS.map((api) => versionReport(api, settings[api.setting], now, dateOf));
}

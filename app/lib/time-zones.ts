/**
 * The timezone picker's list. Browsers list zones by CLDR's ids, which keep names IANA has since replaced
 * (Asia/Calcutta, Europe/Kiev) and leave out UTC; the picker shows the current IANA names instead. Both
 * spellings name the same zone to Intl, so a stored old name keeps working and shows under its new one.
 */
const RENAMED: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

export const currentZoneName = (zone: string) => RENAMED[zone] ?? zone;

/** The runtime's zones under their current names, UTC first, always including the user's own. */
export function timeZoneOptions(runtimeZones: readonly string[], current: string): string[] {
  const names = new Set([...runtimeZones, current].map(currentZoneName));
  names.delete("UTC");
  return ["UTC", ...[...names].sort((a, b) => a.localeCompare(b))];
}

/** How a zone reads in the list: "America/New York". */
export const zoneLabel = (zone: string) => zone.replaceAll("_", " ");

/** Zones whose name contains every word typed, ignoring case, "_" and "/" (so "new york" finds New_York). */
export function searchZones(zones: readonly string[], query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[\s_/]+/)
    .filter(Boolean);
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replace(/[_/]/g, " ");
    return words.every((w) => name.includes(w));
  });
}

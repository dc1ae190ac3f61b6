/** What the PDF's report pages show besides the tables: the brand, the period, KPIs, chart series, top posts. */

/** An image the PDF embeds: PNG or JPEG, the two formats a PDF draws natively. */
export interface ReportImage {
  bytes: Uint8Array;
  type: "png" | "jpeg";
}
/** The workspace as its reports present it (ADR 085). */
export interface ReportBrand {
  name: string;
  /** `#rrggbb`. */
  color: string;
  logo: ReportImage | null;
}
export interface Kpi {
  label: string;
  /** null: not reported (an engagement rate whose networks measure no reach or impressions). */
  value: number | null;
  /** Percent against the previous period; null when there was nothing to compare with. */
  change: number | null;
  suffix?: string;
}
export interface ReportStory {
  brand: ReportBrand;
  /** "5 Jan 2026 – 11 Jan 2026 (Europe/Berlin)" */
  period: string;
  kpis: Kpi[];
  trend: Array<{ date: string; value: number }>;
  networks: Array<{ name: string; value: number }>;
  weekdays: Array<{ day: string; value: number; bestHour: number | null }>;
  topPosts: Array<{ text: string; networks: string; engagement: number; reach: number; thumbnail: ReportImage | null }>;
}

/** PNG and JPEG by their first bytes; anything else (WebP, GIF) is not drawn. */
export function imageOf(bytes: Uint8Array): ReportImage | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return { bytes, type: "png" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { bytes, type: "jpeg" };
  return null;
}

/** "+12.5%", "−3%", "new" (nothing before), "0%". */
export function changeLabel(change: number | null): string {
  if (change === null) return "new";
  const rounded = Math.round(change * 10) / 10;
  return `${rounded > 0 ? "+" : rounded < 0 ? "-" : ""}${Math.abs(rounded).toLocaleString("en-US")}%`;
}

/** 0 → "12 AM", 13 → "1 PM". */
export function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;
}

/** Activity as a share of the busiest hour (0..1), for the heatmap shading. */
export function heatLevels(hours: Array<{ hour: number; activity: number }>): number[] {
  const max = Math.max(0, ...hours.map((h) => h.activity));
  const byHour = new Map(hours.map((h) => [h.hour, h.activity]));
  return Array.from({ length: 24 }, (_, h) => (max > 0 ? (byHour.get(h) ?? 0) / max : 0));
}

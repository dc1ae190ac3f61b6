/** Percentiles and the table `npm run bench` prints. Pure, so the table is testable. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface BenchRow {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
  note?: string;
}

export function formatTable(rows: BenchRow[]): string {
  const header = ["benchmark", "value", "budget", "result", "note"];
  const body = rows.map((r) => [r.name, r.value, r.budget, r.pass ? "pass" : "FAIL", r.note ?? ""]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(line)].join("\n");
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
export const msFmt = (ms: number) => `${ms.toFixed(1)} ms`;

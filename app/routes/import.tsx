import { useState } from "react";
import { Link } from "react-router";
import {
  type ChunkResult,
  type ImportedRow,
  type ImportOutcome,
  importOutcome,
  importSummary,
  notImported,
} from "~/components/imports/import-outcome";
import { runChunks } from "~/components/imports/run-chunks";
import { PageHeader } from "~/components/PageHeader";
import { primaryButton } from "~/components/ui/styles";
import { countOf } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/notify";
import { IMPORT_MAX_ROWS, type ImportRow, loadCsvRows, loadXlsxRows } from "../../workers/imports/public";
import type { Route } from "./+types/import";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Import posts",
    description: "Schedule many posts at once from a CSV or Excel (XLSX) file.",
    keywords: "bulk import, csv, xlsx, excel, schedule posts",
  });

/** The CSV template, written on the server: the CSV writer stays out of the page's first load (ADR 104). */
export async function loader() {
  return { templateCsv: (await loadCsvRows()).templateCsv(new Date()) };
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const isXlsx = (file: File) => /\.xlsx$/i.test(file.name) || file.type === XLSX_TYPE;

/** Bulk import: choose a CSV or XLSX, see every row's problems (dry run), then import; progress per chunk. */
export default function ImportPage({ loaderData }: Route.ComponentProps) {
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [checked, setChecked] = useState<ImportedRow[] | null>(null);
  const [progress, setProgress] = useState<{ what: string; done: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [imported, setImported] = useState<ImportOutcome | null>(null);

  const choose = async (file: File | undefined) => {
    setRows(null);
    setChecked(null);
    setFileError(null);
    setImported(null);
    if (!file) return;
    if (!isXlsx(file) && !/\.csv$/i.test(file.name) && file.type !== "text/csv")
      return setFileError("Please choose a .csv or .xlsx file");
    let parsed: ImportRow[];
    try {
      // Each reader is loaded only when its kind of file is chosen.
      parsed = isXlsx(file)
        ? await (await loadXlsxRows()).parseXlsx(file)
        : (await loadCsvRows()).parseCsv(await file.text());
    } catch (err) {
      return setFileError(err instanceof Error ? err.message : "The file could not be read");
    }
    setRows(parsed);
    setProgress({ what: "Checking", done: 0 });
    const res = await runChunks<{ rows: ImportedRow[] }>("/api/imports/check", parsed, (done) =>
      setProgress({ what: "Checking", done }),
    );
    setProgress(null);
    if (!res.ok) return setFileError(res.message);
    setChecked(res.results.flatMap((r) => r.rows));
  };

  const importAll = async () => {
    if (!rows) return;
    setProgress({ what: "Importing", done: 0 });
    const res = await runChunks<ChunkResult>("/api/imports", rows, (done) => setProgress({ what: "Importing", done }));
    setProgress(null);
    // A first chunk refused created nothing: the rows stay, ready to try again.
    if (!res.ok && res.results.length === 0) return void notify.error(res.message);
    // Rows refused at import time (a file deleted since the dry run, a time now past) are listed, not dropped.
    const outcome = importOutcome(res.results, res.ok ? null : res.message);
    const missed = notImported(outcome);
    if (missed) notify.error(`${importSummary(outcome)}. ${missed}`);
    else notify.success(importSummary(outcome));
    setImported(outcome);
    setRows(null);
    setChecked(null);
  };

  const bad = checked?.filter((r) => r.errors.length) ?? [];
  const duplicates = checked?.filter((r) => r.duplicate).length ?? 0;
  return (
    <>
      <PageHeader title="Import posts" description="Schedule many posts at once from a CSV or Excel (XLSX) file." />
      <div className="max-w-3xl space-y-4">
        <p className="text-sm text-slate-600">
          Up to {IMPORT_MAX_ROWS} rows; in a workbook, its first sheet. Columns: text, channels (twitter, or
          twitter:@username; several separated by ;), date (YYYY-MM-DD, or an Excel date), time (HH:MM, or an Excel
          time), timezone (IANA, else the workspace's), media (library file names separated by |), first_comment.
          Download the template as{" "}
          <a
            className="text-brand-600 underline"
            download="postline-import-template.csv"
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(loaderData.templateCsv)}`}
          >
            CSV
          </a>{" "}
          or{" "}
          <a className="text-brand-600 underline" download href="/api/imports/template.xlsx">
            XLSX
          </a>
          .{" "}
          <Link to="/planner" className="text-brand-600 underline">
            Back to the planner
          </Link>
        </p>
        <label className="block text-sm font-medium">
          Spreadsheet (CSV or XLSX)
          <input
            type="file"
            accept={`.csv,text/csv,.xlsx,${XLSX_TYPE}`}
            className="mt-1 block"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              // Cleared, so choosing the same file again (after fixing it) reads it again.
              e.target.value = "";
            }}
          />
        </label>
        {fileError ? (
          <p role="alert" className="text-sm text-red-700">
            {fileError}
          </p>
        ) : null}
        {imported ? (
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800">
            {importSummary(imported)}.{" "}
            <Link to="/planner?view=list" className="font-medium underline">
              See them in the planner
            </Link>
          </p>
        ) : null}
        {imported && notImported(imported) ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            <p className="font-medium">{notImported(imported)}</p>
            {imported.refused.length ? <RowsTable name="Rows not imported" rows={imported.refused} /> : null}
          </div>
        ) : null}
        {progress ? (
          <div>
            <p className="text-sm">{progress.what}…</p>
            <progress aria-label={`${progress.what} rows`} max={1} value={progress.done} className="w-full" />
          </div>
        ) : null}
        {checked ? (
          bad.length ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              <p className="font-medium">
                {bad.length} of {checked.length} rows need fixing. Fix them in the file and choose it again.
              </p>
              <RowsTable name="Rows to fix" rows={bad} />
            </div>
          ) : duplicates === checked.length ? (
            <p role="status" className="text-sm text-slate-700">
              Nothing to import: {duplicates === 1 ? "its one row was" : `all ${duplicates} rows were`} imported before.
            </p>
          ) : (
            <div className="space-y-2">
              <p role="status" className="text-sm text-emerald-700">
                {checked.length === 1 ? "The row is ready" : `All ${checked.length} rows are ready`}
                {duplicates ? ` (${duplicates} imported before and will be skipped)` : ""}.
              </p>
              <button type="button" className={primaryButton} disabled={progress !== null} onClick={importAll}>
                Import {countOf(checked.length - duplicates, "post")}
              </button>
            </div>
          )
        ) : null}
      </div>
    </>
  );
}

/** Rows with the reasons each could not be imported, by their number in the sheet. */
function RowsTable({ name, rows }: { name: string; rows: Array<{ row: number; errors: string[] }> }) {
  return (
    <table className="mt-2 w-full text-left" aria-label={name}>
      <thead>
        <tr>
          <th className="w-16">Row</th>
          <th>Reason</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.row}>
            <td>{r.row}</td>
            <td>{r.errors.join("; ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
